import { render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { MonthsChart } from './months-chart.tsx';

// What the chart was drawn with: Chart.js itself needs a real canvas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const drawn: { config: any }[] = [];
vi.mock('../../../lib/chart.ts', () => ({
  Chart: class {
    constructor(_canvas: unknown, config: unknown) {
      drawn.push({ config });
    }
    destroy() {}
  },
}));

beforeAll(() => {
  initI18n('zh-CN');
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

describe('MonthsChart', () => {
  it('labels the axis in whole yuan and the tooltips to the fen', async () => {
    render(<MonthsChart title="净额" months={['2026-09', '2026-10']} series={[{ label: '净额', fen: [1_234_56, 987_654_32] }]} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    const { options } = drawn[0]!.config;
    expect(options.scales.y.ticks.callback(0)).toBe('¥0');
    expect(options.scales.y.ticks.callback(12_000)).toBe('¥12,000');
    expect(options.plugins.tooltip.callbacks.label({ dataset: { label: '净额' }, parsed: { y: 1234.56 }, dataIndex: 0 })).toBe(
      '净额: ¥1,234.56',
    );
  });
});
