import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../i18n/index.ts';
import { QMonths } from './bits.tsx';

beforeAll(async () => {
  initI18n('zh-CN');
  await import('../i18n.ts');
});

describe('QMonths', () => {
  it('names each month Q, not Q, still open or not started, never by colour alone', () => {
    render(<QMonths months={['2026-09', '2026-10', '2026-11', '2026-12']} flags={[true, false, false, null]} />);
    const cells = screen.getAllByRole('img');
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/: Q$/),
      expect.stringMatching(/未达|Not Q/),
      expect.stringMatching(/本月进行中|still open/),
      expect.stringMatching(/未开始|Not started/),
    ]);
  });
});
