import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { DialogPopup, type DialogOpening } from '../dialog/dialog-popup.tsx';
import { TermHelp } from '../term-help.tsx';
import type { TermKey } from './term-key.ts';

// The working definitions of packages/plan/README.md in plain words (thresholds of the default rule table).
i18n.addResourceBundle('zh-CN', 'term', {
  close: '关闭',
  more: '详细说明',
  name: {
    pv: 'PV（积分）',
    bv: 'BV（营业额）',
    apv: 'APV（奖励 PV）',
    spMonth: 'SP 月',
    q: 'Q 月 / Q 线',
    flq: 'FLQ 月',
    ldd: 'LDD 市场',
    bracket: '业绩奖励比例',
  },
  def: {
    pv: '每笔产品订单带来的积分。当月的小组总 PV 决定您的业绩奖励比例；与之对应的金额是 BV。',
    bv: '订单的金额价值（人民币），由公司按每笔订单给出；订单未给出时，按 PV × 该业绩年度设定的比例（约每 PV 11.5 元）。服务费按 BV 的百分比计算，档次按 PV。',
    apv: '即个人小组 PV：您自己和下线的 PV 合计，不含已达 21% 的一线分支的小组。荣衔和激励计划按 APV 计算。',
    spMonth:
      'APV ≥ 10,000，或 APV ≥ 4,000 且有 1 条 21% 一线分支，或有 2 条 21% 一线分支的月份。荣衔按 SP 月计算：第一个 SP 月成为银奖，白金需一个业绩年度内 6 个 SP 月（其中 3 个连续）。',
    q: 'Q 月（PQ 月）是您本人达到 21% 资格的月份（即 SP 月）。一线分支当月小组 PV 达到最高比例 21%（10,000 PV），这条分支当月就是 Q 线（21% 线）。',
    flq: '每条一线分支在本业绩年度成为 21% 线的月份，各分支相加。研讨会和旅游计划要求一定数量的 FLQ 月。',
    ldd: '本业绩年度至少 6 个月成为 21% 线的一线分支。旅游计划按 LDD 市场的数量计算。',
    bracket:
      '当月小组总 PV（含 21% 分支）对应的百分比：200 PV → 3%，600 → 6%，1,000 → 9%，2,000 → 12%，4,000 → 15%，7,000 → 18%，10,000 → 21%。市场推广服务费按它计算。',
  },
});
i18n.addResourceBundle('en-US', 'term', {
  close: 'Close',
  more: 'Read more',
  name: {
    pv: 'PV (point value)',
    bv: 'BV (business volume)',
    apv: 'APV (award PV)',
    spMonth: 'SP month',
    q: 'Q month / Q leg',
    flq: 'FLQ months',
    ldd: 'LDD market',
    bracket: 'Performance bracket',
  },
  def: {
    pv: 'The points each product order carries. The month’s total group PV decides your performance bracket; the money value behind it is BV.',
    bv: 'The money value of an order in CNY, as the company gives it for each order; for an order without one, PV × a ratio set for each performance year (about 11.5 CNY per PV). Service fees are a percentage of BV; brackets are on PV.',
    apv: 'Your personal-group PV: your own PV and your downline’s together, without the groups of your 21% legs. Pins and incentive plans count APV.',
    spMonth:
      'A month with APV ≥ 10,000, or APV ≥ 4,000 and one 21% frontline leg, or two 21% frontline legs. Pins count SP months: the first makes Silver; Platinum takes 6 in a performance year, 3 of them in a row.',
    q: 'A Q month (PQ month) is a month you qualify at 21% in your own right (an SP month). A frontline leg whose group reaches the top bracket, 21% (10,000 PV), in a month is a Q leg (21% leg) that month.',
    flq: 'For each frontline leg, the months it was a 21% leg in the performance year, added up over your legs. Seminars and trips ask for a number of FLQ months.',
    ldd: 'A frontline leg that was a 21% leg in at least 6 months of the performance year. The travel plans count LDD markets.',
    bracket:
      'The percentage your month earns, from the month’s total group PV (21% legs included): 200 PV → 3%, 600 → 6%, 1,000 → 9%, 2,000 → 12%, 4,000 → 15%, 7,000 → 18%, 10,000 → 21%. The market promotion service fee is paid by it.',
  },
});

/** The longer explanation (/descpage) of a term, where there is one. */
const DESC_CODE: Partial<Record<TermKey, string>> = { pv: 'PV_BV', bv: 'PV_BV', bracket: 'BRACKET', q: 'Q_MONTH', flq: 'Q_MONTH' };

/**
 * The definition popup of one term: a modal dialog (DialogPopup) titled with the term, its
 * definition in plain words, and a link to the longer explanation where there is one.
 */
export default function TermPopup({ k, ...opening }: DialogOpening & { k: TermKey }) {
  const { id } = opening;
  const { t } = useTranslation('term');
  const code = DESC_CODE[k];
  return (
    <DialogPopup
      {...opening}
      title={t(`name.${k}`)}
      // Leaving for the explanation unmounts the page, and the popup with it.
      aside={code ? <TermHelp code={code} label={t('more')} /> : null}
      describedBy={`${id}-text`}
      closeLabel={t('close')}
      className="term-popup"
    >
      <p id={`${id}-text`} className="term-popup__text">
        {t(`def.${k}`)}
      </p>
    </DialogPopup>
  );
}
