import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { setSession } from '../../../lib/storage.ts';
import { appRoot, renderPage } from '../../../testing/render-page.tsx';
import { noviceGuideQuery } from '../api/novice-guide.ts';
import '../i18n.ts';
import { guidePosition, NoviceGuide } from './novice-guide.tsx';

const framed = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/ebiz-frame.ts', () => ({ isInIframe: () => framed.value }));

beforeAll(() => {
  initI18n('en-US');
});
afterEach(() => {
  sessionStorage.clear();
  framed.value = false;
});

describe('the first-visit guide', () => {
  it('opens at the top of the ebiz portal’s frame, at the bottom everywhere else', () => {
    expect(guidePosition('ebiz', true)).toBe('top');
    expect(guidePosition('ebiz', false)).toBe('bottom');
    expect(guidePosition('wec', true)).toBe('bottom');
    expect(guidePosition(null, false)).toBe('bottom');
  });

  it.each([
    { channel: 'ebiz', inFrame: true, position: 'top' },
    { channel: 'wec', inFrame: false, position: 'bottom' },
  ])('in $channel (framed: $inFrame) its sheet opens at the $position', async ({ channel, inFrame, position }) => {
    setSession('channel', channel as 'ebiz' | 'wec');
    framed.value = inFrame;
    renderPage(<NoviceGuide businessType="home" />, {
      container: appRoot(),
      fresh: true,
      data: [[noviceGuideQuery('home').queryKey, { businessType: 'home', show: true }]],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to ABO Inquiry' });
    expect(dialog.closest('.adm-popup-body')).toHaveClass(`adm-popup-body-position-${position}`);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });
});
