import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import { closedAxisMax, SimpleChart } from './simple-chart.tsx';

// What the chart was drawn with: Chart.js itself needs a real canvas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const drawn: { config: any }[] = [];
vi.mock('../lib/chart.ts', () => ({
  Chart: class {
    constructor(_canvas: unknown, config: unknown) {
      drawn.push({ config });
    }
    destroy() {}
  },
}));

// The Diamond's APV: the open month far above the closed ones because none of the legs has
// reached 21 % yet (their volume still counts in the personal group).
const labels = ['Sep', 'Oct', 'Nov'];
const states = ['closed', 'closed', 'open'] as const;
const apv = [{ label: 'APV', values: [4_515, 4_300, 55_785] }];

beforeAll(() => {
  initI18n('en-US');
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});
beforeEach(() => {
  drawn.length = 0;
  void i18n.changeLanguage('en-US');
});

describe('SimpleChart: the open month', () => {
  it('scales the axis to the closed months, not to a month still filling', async () => {
    expect(closedAxisMax(apv, states)).toBe(5_000);
    render(<SimpleChart title="APV by month" labels={labels} series={apv} states={states} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    const { config } = drawn[0]!;
    expect(config.options.scales.y.max).toBe(5_000);
    // Drawn apart: an outline with a faint fill where the closed months are solid.
    const ds = config.data.datasets[0];
    expect(ds.borderWidth).toEqual([0, 0, 2]);
    expect(ds.backgroundColor[2]).not.toBe(ds.backgroundColor[0]);
    expect(config.data.labels).toEqual(['Sep', 'Oct', 'Nov*']);
  });

  it('is labelled "so far", for the eye and for a screen reader, with its figure when above the scale', () => {
    render(<SimpleChart title="APV by month" labels={labels} series={apv} states={states} />);
    const note = '* Nov: so far, the month is not closed yet; above the closed months’ scale (55,785)';
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName(`APV by month. ${note}`);
    expect(screen.getByRole('rowheader', { name: 'Nov*' })).toBeInTheDocument();
  });

  it('says so far in Chinese', () => {
    void i18n.changeLanguage('zh-CN');
    render(
      <SimpleChart
        title="APV"
        labels={['9月', '10月', '11月']}
        series={[{ label: 'APV', values: [4_000, 4_300, 1_000] }]}
        states={states}
      />,
    );
    expect(screen.getByText('* 11月为截至目前的数据，本月尚未结算')).toBeInTheDocument();
  });

  it('leaves the axis alone when the open month stays within the closed months; a month without a figure is a gap', async () => {
    const series = [{ label: 'PV', values: [4_000, 4_300, 1_000, null], kind: 'line' as const }];
    const four = [...states, 'future'] as const;
    expect(closedAxisMax(series, four)).toBeUndefined();
    render(<SimpleChart title="PV" labels={[...labels, 'Dec']} series={series} states={four} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    const { config } = drawn[0]!;
    expect(config.options.scales.y.max).toBeUndefined();
    const ds = config.data.datasets[0];
    expect(ds.data).toEqual([4_000, 4_300, 1_000, null]);
    // The segment into the open month is dashed, the others solid.
    expect(ds.segment.borderDash({ p1DataIndex: 2 })).toEqual([6, 4]);
    expect(ds.segment.borderDash({ p1DataIndex: 1 })).toBeUndefined();
    expect(screen.getByRole('rowheader', { name: 'Dec' }).closest('tr')).toHaveTextContent('Dec—');
  });

  it('without month states draws as before', async () => {
    render(<SimpleChart title="Net" labels={labels} series={apv} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.config.options.scales.y.max).toBeUndefined();
    expect(screen.queryByText(/so far/)).toBeNull();
  });
});

describe('SimpleChart: axis ticks', () => {
  it('labels ticks in whole steps with the tick format, tooltips with the full format', async () => {
    const money = (v: number) => `¥${v.toFixed(2)}`;
    const whole = (v: number) => `¥${Math.round(v)}`;
    render(<SimpleChart title="Net" labels={labels} series={apv} format={money} tickFormat={whole} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    const { y } = drawn[0]!.config.options.scales;
    expect(y.ticks.precision).toBe(0);
    expect(y.ticks.callback(12_000)).toBe('¥12000');
    const tooltip = drawn[0]!.config.options.plugins.tooltip.callbacks.label;
    expect(tooltip({ dataset: { label: 'Net' }, parsed: { y: 12.5 }, dataIndex: 0 })).toBe('Net: ¥12.50');
  });

  it('groups thousands by default, never as the browser locale would', async () => {
    render(<SimpleChart title="PV" labels={labels} series={apv} />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.config.options.scales.y.ticks.callback(12_000)).toBe('12,000');
    expect(screen.getByRole('rowheader', { name: 'Nov' }).closest('tr')).toHaveTextContent('Nov55,785');
  });
});
