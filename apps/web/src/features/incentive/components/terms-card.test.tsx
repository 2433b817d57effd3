// The plain-language terms say what the plan engine decides (packages/plan/README.md), with the numbers of the
// rule table of the plan's PY: a PQ month is the SP-month test, Q is decided by group PV.
import { NEAR_Q_SHARE, legQMonthsOf, marketRules, qThreshold, topBracket } from '@abo/plan';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { formatPercent, formatPv } from '../../../lib/format.ts';
import { termValues } from '../market/term-values.ts';

// The texts register when their module loads: after i18next is set up.
let TermsCard: (p: { kinds: readonly string[]; py: string }) => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await import('../i18n.ts');
  await import('../market/i18n.ts');
  ({ TermsCard } = await import('./terms-card.tsx'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const KINDS = ['pqMonths', 'flqMonths', 'spMonths', 'apv', 'lddMarkets', 'complianceMonths', 'pinAtLeast'];

/** The expected numbers, from the rule table of a PY (never literals). */
function numbers(py: string) {
  const rules = marketRules(py);
  return {
    q: formatPv(qThreshold(rules.brackets), 'en-US'),
    top: formatPercent(topBracket(rules.brackets), 'en-US'),
    alone: formatPv(rules.sp.apvAlone, 'en-US'),
    one: formatPv(rules.sp.apvWithOneQLeg, 'en-US'),
    legs: String(rules.sp.qLegsAlone),
    legQMonths: String(legQMonthsOf(rules)),
    minPpv: formatPv(rules.compliance.minPpv, 'en-US'),
    near: formatPercent(NEAR_Q_SHARE * 100, 'en-US'),
  };
}

async function show(lang: 'en-US' | 'zh-CN', py: string) {
  await act(() => i18n.changeLanguage(lang));
  render(
    <MemoryRouter>
      <TermsCard kinds={KINDS} py={py} />
    </MemoryRouter>,
  );
  const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
  const term = (start: string) => {
    const found = items.find((x) => x.startsWith(start));
    if (!found) throw new Error(`no term starting "${start}" in ${JSON.stringify(items)}`);
    return found;
  };
  return { items, term };
}

describe('TermsCard', () => {
  it('defines PQ as the SP-month test and Q by group PV, with the numbers of PY 26/27 (en-US)', async () => {
    const n = numbers('26/27');
    const { items, term } = await show('en-US', '26/27');
    const sp = `APV ≥ ${n.alone}, or APV ≥ ${n.one} with one ${n.top} leg, or ${n.legs} or more ${n.top} legs`;
    expect(term('PQ month:')).toContain(`qualify at ${n.top} in your own right`);
    expect(term('PQ month:')).toContain(sp);
    expect(term('SP month:')).toContain(sp);
    expect(term('Q (')).toContain(`group PV (its own and its whole downline’s) reaches ${n.q}`);
    expect(term('Q (')).not.toMatch(/personal-group PV/i);
    expect(term('LDD market:')).toContain(`${n.top} leg (Q) in at least ${n.legQMonths} months of the performance year`);
    expect(term('Compliance month:')).toContain(`personal PV ≥ ${n.minPpv}`);
    expect(term('Pin:')).toContain('for recognition');
    expect(term('Pin:')).toContain('qualified for in its performance year (26/27)');
    expect(term('APV (award PV):')).toContain(`group PV reaches ${n.q}`);
    for (const text of items) {
      expect(text).not.toMatch(/personal-group PV reaches/i);
      expect(text).not.toMatch(/kept for life/i);
      expect(text).not.toMatch(/\{\{|\}\}/);
    }
    // The help link has its own label, not the first words of a definition.
    expect(screen.getByRole('link', { name: 'Q month' })).toHaveAttribute('href', '/descpage?code=Q_MONTH');
  });

  it('says the same in Chinese (zh-CN)', async () => {
    const n = numbers('26/27');
    const { items, term } = await show('zh-CN', '26/27');
    const sp = `APV ≥ ${n.alone}，或 APV ≥ ${n.one} 且有 1 条 ${n.top} 分支，或有 ${n.legs} 条及以上 ${n.top} 分支`;
    expect(term('PQ 月：')).toContain(`您本人达到 ${n.top} 资格的月份，也就是 SP 月`);
    expect(term('PQ 月：')).toContain(sp);
    expect(term('SP 月：')).toContain(sp);
    expect(term('Q（')).toContain(`小组 PV（该分支本人及其全部下线）达到 ${n.q}`);
    expect(term('Q（')).not.toContain('个人小组');
    expect(term('LDD 市场：')).toContain(`至少有 ${n.legQMonths} 个月是 ${n.top} 分支`);
    expect(term('合规月：')).toContain(`个人 PV ≥ ${n.minPpv}`);
    expect(term('奖衔：')).toContain('用于表彰');
    expect(term('奖衔：')).toContain('（26/27）内合格的奖衔');
    for (const text of items) {
      expect(text).not.toMatch(/个人小组 PV ?达到/);
      expect(text).not.toContain('终身');
      expect(text).not.toMatch(/\{\{|\}\}/);
    }
    expect(screen.getByRole('link', { name: 'Q 月' })).toBeInTheDocument();
  });

  it('quotes the rule table of the plan’s own PY: the compliance minimum differs between 22/23 and 26/27', async () => {
    const old = numbers('22/23');
    const now = numbers('26/27');
    // The tables differ here (100 PV, then 150 PV); the Q and SP numbers are shared by every table.
    expect(old.minPpv).not.toBe(now.minPpv);
    const { term } = await show('en-US', '22/23');
    expect(term('Compliance month:')).toContain(`personal PV ≥ ${old.minPpv}.`);
    expect(term('Compliance month:')).not.toContain(now.minPpv);
    expect(term('Q (')).toContain(`reaches ${old.q} in a month`);
  });

  it('uses the nearest rule table for a PY without its own', async () => {
    const n = numbers('26/27');
    const { term } = await show('en-US', '30/31');
    expect(term('Compliance month:')).toContain(`personal PV ≥ ${n.minPpv}.`);
  });
});

describe('market intro texts', () => {
  it('coach by group PV, with the near-Q share, threshold and Q months of the PY', async () => {
    const n = numbers('26/27');
    await act(() => i18n.changeLanguage('en-US'));
    const intro = (key: string) => i18n.t(`intro.${key}`, { ns: 'incentiveMarket', ...termValues('26/27', 'en-US') });
    expect(intro('keyMonthly')).toContain(`close to Q (group PV at least ${n.near} of the ${n.q} Q threshold)`);
    expect(intro('monthly')).toContain(`to reach Q (group PV ≥ ${n.q}, the ${n.top} bracket)`);
    expect(intro('keyAnnual')).toContain(`can still reach ${n.legQMonths} Q months this PY`);
    for (const key of ['monthly', 'keyMonthly', 'keyAnnual']) expect(intro(key)).not.toMatch(/personal-group PV/i);

    await act(() => i18n.changeLanguage('zh-CN'));
    const zh = (key: string) => i18n.t(`intro.${key}`, { ns: 'incentiveMarket', ...termValues('26/27', 'zh-CN') });
    expect(zh('keyMonthly')).toContain(`小组 PV 已达 Q 门槛 ${n.q} 的 ${n.near} 以上`);
    expect(zh('keyAnnual')).toContain(`达到 ${n.legQMonths} 个 Q 月`);
    for (const key of ['monthly', 'keyMonthly', 'keyAnnual']) expect(zh(key)).not.toContain('个人小组 PV');
  });
});
