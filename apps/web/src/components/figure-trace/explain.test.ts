import type { StatementItemView } from '@abo/contract';
import { rulesFor } from '@abo/plan';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import type { explainTrace as ExplainTrace } from './explain.ts';

// The popup module registers the trace texts when it loads: after i18next is set up.
let explainTrace: typeof ExplainTrace;
beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await import('./trace-popup.tsx');
  ({ explainTrace } = await import('./explain.ts'));
});
const tIn = (lng: string) => (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'trace', lng, ...options });
const t = tIn('en-US');

describe('explainTrace', () => {
  it('projection: group PV so far ÷ days elapsed × days in the month, an estimate', () => {
    const trace = { kind: 'projection', month: '2026-11', gpv: 7_000, daysElapsed: 21, daysInMonth: 30 } as const;
    const m = explainTrace({ ...trace, projectedGpv: 10_000, bracketPercent: 21, promotionFen: 200_000 }, t, 'en-US');
    expect(m.title).toBe('End-of-month estimate · Nov 2026');
    expect(m.inputs.map((r) => r.value)).toEqual(['7,000 PV', '21 / 30', '333 PV']);
    expect(m.result).toBe('≈ 10,000 PV = 7,000 ÷ 21 × 30 → 21%, promotion service fee ≈ ¥2,000.00');
    expect(m.rule).toContain('An estimate');
  });

  it('APV: group PV less the 21 % legs’ group PV, the Q threshold from the month’s rule table', () => {
    const m = explainTrace({ kind: 'apv', month: '2026-11', gpv: 25_000, apv: 4_800, ppv: 300, qLegs: 2 }, t, 'en-US');
    expect(m.result).toBe('APV 4,800 = group PV 25,000 − 21% legs 20,200');
    const q = rulesFor('26/27').brackets.at(-1)!;
    expect(m.rule).toContain(`reaches ${q.minPv.toLocaleString('en-US')} (${q.percent}%)`);
    expect(m.inputs.map((r) => r.label)).toEqual([
      'Personal PV',
      'Group PV',
      `21% legs (group PV ≥ ${q.minPv.toLocaleString('en-US')})`,
      '21% legs’ group PV',
    ]);
  });

  it('leadership: what came up plus the own group’s share less what went on up; the rate from the rule table', () => {
    const m = explainTrace(
      {
        kind: 'item',
        month: '2026-10',
        item: {
          code: 'LEADERSHIP',
          subCode: null,
          name: { zh: '领导服务费', en: 'Leadership service fee' },
          baseBvFen: 0,
          rateBp: 0,
          amountFen: 120_000,
          note: null,
          legCount: 0,
          leadership: { inFen: 150_000, ownFen: 0, upFen: 30_000 },
          share: null,
          derivation: { kind: 'leadership', baseTimesRate: false },
        },
      },
      t,
      'en-US',
    );
    expect(m.result).toBe('Kept ¥1,200.00 = ¥1,500.00 + ¥0.00 − ¥300.00');
    expect(m.rule).toMatch(new RegExp(`^${rulesFor('26/27').leadership.rateBp / 100}% of each 21% group`));
  });

  it('below the first step the bracket is 0 % up to the first threshold', () => {
    const m = explainTrace({ kind: 'bracket', month: '2026-11', ppv: 50, gpv: 120 }, tIn('zh-CN'), 'zh-CN');
    expect(m.result).toBe('小组总 PV 120 = 个人 PV 50 + 一线 70 → 0%（0 – 199 PV）');
    expect(m.note).toBe('再有 80 PV 可达 3%。');
  });

  it('a statement item is base × rate only where the BFF found it holds: the promotion differential and an unmet Ruby are not (issue #31)', () => {
    const item = (x: Partial<StatementItemView>): StatementItemView => ({
      code: 'RUBY',
      subCode: null,
      name: { zh: '红宝石服务费', en: 'Ruby service fee' },
      baseBvFen: 0,
      rateBp: 0,
      amountFen: 0,
      note: null,
      legCount: 0,
      leadership: null,
      share: null,
      derivation: null,
      ...x,
    });
    const explain = (x: Partial<StatementItemView>) => explainTrace({ kind: 'item', month: '2026-10', item: item(x) }, t, 'en-US');
    const promotion = explain({
      code: 'PROMOTION',
      name: { zh: '市场推广服务费', en: 'Market promotion service fee' },
      baseBvFen: 14_996_000,
      rateBp: 2100,
      amountFen: 1_649_790,
      derivation: { kind: 'differential', baseTimesRate: false },
    });
    expect(promotion.result).toBe(
      'Group BV ¥149,960.00 at your bracket 21%, less each leg’s own bracket → ¥16,497.90 (leg by leg on the promotion service fee page)',
    );
    expect(promotion.inputs.map((r) => r.label)).toEqual(['Group BV', 'Your bracket']);
    const unmet = explain({
      baseBvFen: 10_000_000,
      rateBp: 200,
      note: { zh: '个人小组PV未达20,000', en: 'personal-group PV below 20,000' },
      derivation: { kind: 'unmet', baseTimesRate: false },
    });
    expect(unmet.result).toBe('¥0.00: the condition is not met this month, nothing paid');
    expect(unmet.note).toBe('personal-group PV below 20,000');
    expect(
      explain({ baseBvFen: 25_300_000, rateBp: 200, amountFen: 506_000, derivation: { kind: 'product', baseTimesRate: true } }).result,
    ).toBe('¥5,060.00 = ¥253,000.00 × 2%');
    // An answer from before the BFF said how: the amount as stated, no product claimed.
    expect(explain({ baseBvFen: 25_300_000, rateBp: 200, amountFen: 506_000 }).result).toBe('¥5,060.00 (as the statement states it)');
    // A fund that is not base × rate is not written as one.
    const share = explain({
      code: 'EMERALD_ANNUAL',
      baseBvFen: 100_000_000,
      rateBp: 25,
      amountFen: 60_000,
      share: { fundFen: 200_000, units: 3, totalUnits: 10 },
      derivation: { kind: 'share', baseTimesRate: false },
    });
    expect(share.result).toBe('¥600.00 = fund ¥2,000.00 × 3 ÷ 10 units');
  });
});
