import type { FreshnessData } from '@abo/contract';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { freshnessQuery } from '../lib/get-freshness.ts';
import { renderPage } from '../testing/render-page.tsx';
import { FreshnessNote } from './freshness-note.tsx';

/** 14:05 China time (06:05 UTC) today, whatever the clock says. */
function todayAt(hhmm: string): string {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T${hhmm}:00+08:00`)).toISOString();
}

const data = (): FreshnessData => ({
  openMonth: '2026-11',
  openComputedAt: todayAt('14:05'),
  closedThrough: '2026-10',
  // 2 Nov 21:30 UTC is 3 Nov in China.
  closedAt: { '2026-09': '2026-10-02T02:00:00.000Z', '2026-10': '2026-11-02T21:30:00.000Z' },
  nextCloseAfter: '2026-12-01',
});

function show(month: string, lang: 'zh-CN' | 'en-US', f: FreshnessData = data()) {
  void i18n.changeLanguage(lang);
  return renderPage(<FreshnessNote month={month} />, { at: null, data: [[freshnessQuery().queryKey, f]] });
}

beforeAll(() => {
  initI18n('zh-CN');
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

describe('FreshnessNote', () => {
  it('says when the open month was computed and when it closes (zh-CN)', () => {
    const { container } = show('2026-11', 'zh-CN');
    expect(container).toHaveTextContent('截至 14:05 更新 · 本月于 12月1日 结算');
    expect(screen.getByText('截至 14:05 更新')).toHaveAttribute('datetime', data().openComputedAt);
    expect(container.querySelector('p')).toHaveClass('muted', 'small');
  });

  it('says when the open month was computed and when it closes (en-US)', () => {
    const { container } = show('2026-11', 'en-US');
    expect(container).toHaveTextContent('Updated 14:05 · this month closes on 1 Dec');
  });

  it('says when a closed month was closed, on China’s calendar', () => {
    expect(show('2026-10', 'zh-CN').container).toHaveTextContent(/^已于 11月3日 结算$/);
    expect(show('2026-10', 'en-US').container.textContent).toBe('Closed on 3 Nov');
    expect(show('2026-09', 'en-US').container.textContent).toBe('Closed on 2 Oct');
  });

  it('names the day of a computation that was not today', () => {
    const f = { ...data(), openComputedAt: '2026-11-20T06:05:00.000Z' };
    expect(show('2026-11', 'en-US', f).container.textContent).toBe('Updated 20 Nov 14:05 · this month closes on 1 Dec');
  });

  it('says only what is known: no computing time yet, a closed month whose date is not kept', () => {
    const f = { ...data(), openComputedAt: null };
    expect(show('2026-11', 'en-US', f).container.textContent).toBe('This month closes on 1 Dec');
    expect(show('2024-01', 'en-US').container).toBeEmptyDOMElement();
  });
});
