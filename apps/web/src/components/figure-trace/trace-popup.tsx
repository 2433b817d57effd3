import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { DialogPopup, type DialogOpening } from '../dialog/dialog-popup.tsx';
import { TermHelp } from '../term-help.tsx';
import { explainTrace } from './explain.ts';
import type { TraceInput } from './types.ts';
import './trace-popup.css';

// This module loads on the first tap, long after i18next is set up. The texts hold words only:
// every threshold and rate is put in from the plan engine (explain.ts).
i18n.addResourceBundle(
  'zh-CN',
  'trace',
  {
    close: '关闭',
    more: '详细说明',
    inputs: '数据',
    rule: '规则',
    result: '结果',
    met: '（满足）',
    unmet: '（不满足）',
    bracket: {
      title: '业绩奖励比例 · {{month}}',
      ppv: '个人 PV',
      legs: '一线小组 PV 合计',
      gpv: '小组总 PV',
      rule: '当月小组总 PV（本人与全部下线，含 21% 线）决定业绩奖励比例：{{table}}。',
      band: '{{from}} – {{to}} PV',
      bandTop: '{{from}} PV 及以上',
      result: '小组总 PV {{gpv}} = 个人 PV {{ppv}} + 一线 {{legs}} → {{percent}}（{{band}}）',
      next: '再有 {{pv}} PV 可达 {{percent}}。',
      top: '已是最高比例。',
    },
    q: {
      title: 'Q 状态 · {{month}}',
      titleWho: '{{who}} 的 Q 状态 · {{month}}',
      threshold: 'Q 门槛（{{top}} 业绩奖励比例）',
      rule: '当月小组总 PV（本人与全部下线，含 21% 线）达到最高业绩奖励比例 {{top}} 的门槛 {{q}} PV，即为 Q：21% 小组，也是其推荐人的一条 21% 线。',
      resultYes: '小组总 PV {{gpv}} ≥ {{q}} → 已达 Q（{{top}}）',
      resultNo: '小组总 PV {{gpv}} < {{q}} → 未达 Q',
      more: '再有 {{pv}} PV 可达 Q。',
    },
    sp: {
      title: 'SP 月（Q 月）· {{month}}',
      apv: 'APV',
      qLegs: '21% 线（小组 PV ≥ {{q}}）',
      rule: 'APV ≥ {{alone}}，或 APV ≥ {{one}} 且有 1 条 21% 线，或有 {{legs}} 条 21% 线的月份是 SP 月。',
      checkAlone: 'APV {{apv}} ≥ {{alone}}',
      checkOne: 'APV {{apv}} ≥ {{one}} 且 21% 线 {{q}} ≥ 1',
      checkLegs: '21% 线 {{q}} ≥ {{legs}}',
      resultYes: 'APV {{apv}}，21% 线 {{q}} 条 → 是 SP 月',
      resultNo: 'APV {{apv}}，21% 线 {{q}} 条 → 不是 SP 月',
      more: '以现有的 21% 线，APV 还差 {{pv}} PV。',
    },
    apv: {
      title: 'APV · {{month}}',
      qPv: '21% 线的小组 PV',
      rule: 'APV（个人小组 PV）是小组总 PV 减去 21% 线的小组 PV：当月小组 PV 达到 {{q}}（{{top}}）的一线分支不计入。',
      result: 'APV {{apv}} = 小组总 PV {{gpv}} − 21% 线 {{qPv}}',
    },
    tax: {
      title: '代扣个税 · {{month}}',
      pretax: '税前服务费',
      deductionFlat: '减除费用（{{flat}}）',
      deductionPercent: '减除费用（{{percent}}）',
      taxable: '应纳税所得额',
      rate: '税率',
      quick: '速算扣除数',
      rule: '按劳务报酬预扣：收入不超过 {{limit}} 的减除 {{flat}}，超过的减除 {{percent}}；应纳税所得额{{bands}}。',
      bandUpTo: '不超过 {{to}} 的 {{rate}}',
      bandAbove: '超过 {{from}} 的 {{rate}}',
      bandQuick: '{{rate}} 减 {{quick}}',
      result: '个税 {{tax}} = （{{pretax}} − {{deduction}}）× {{rate}}{{quick}}',
    },
    annual: {
      title: '年度应纳税额 · {{year}}',
      gross: '当年支付的税前服务费',
      income: '计入综合所得（{{percent}}）',
      basic: '基本减除费用',
      withheld: '已预扣',
      rule: '当年支付的服务费按 {{percent}} 计入综合所得，减去 {{basic}} 基本减除费用；应纳税所得额{{band}}。',
      band: '超过 {{from}} 至 {{to}}：税率 {{rate}}，速算扣除数 {{quick}}',
      bandTop: '超过 {{from}}：税率 {{rate}}，速算扣除数 {{quick}}',
      result: '年度税额 {{tax}} = {{taxable}} × {{rate}}{{quick}}；减已预扣 {{withheld}}，{{balanceLabel}} {{balance}}',
      toPay: '应补',
      toRefund: '应退',
      settled: '无需补退',
    },
    projection: {
      title: '月底估算 · {{month}}',
      gpv: '本月至今小组总 PV',
      days: '已过天数 / 本月天数',
      pace: '每日进度',
      rule: '按本月至今的进度推算：小组总 PV ÷ 已过天数 × 本月天数；本人与各一线的 PV 按同一倍数放大，业绩奖励比例和市场推广服务费按放大后的 PV 计算。这是估算，不是结算结果。',
      result: '≈ {{projected}} PV = {{gpv}} ÷ {{elapsed}} × {{days}} → {{percent}}，市场推广服务费 ≈ {{fee}}',
    },
    item: {
      title: '{{name}} · {{month}}',
      base: '基数（BV）',
      rate: '比例',
      fund: '奖金池',
      units: '您的单位 / 全部单位',
      in: '21% 线上传给您的',
      own: '您本人小组产生的',
      up: '上传给上一位的',
      resultRate: '{{amount}} = {{base}} × {{rate}}',
      resultShare: '奖金池 {{fund}} = {{base}} × {{rate}}；{{amount}} = {{fund}} × {{units}} ÷ {{total}} 单位',
      resultLeadership: '保留 {{amount}} = {{in}} + {{own}} − {{up}}',
      resultAsIs: '{{amount}}（按录入金额）',
      groupBv: '小组总 BV',
      ownBracket: '本人档次',
      resultShareOnly: '{{amount}} = 奖金池 {{fund}} × {{units}} ÷ {{total}} 单位',
      resultDifferential: '小组总 BV {{base}}，本人档次 {{rate}}，减去各一线自身档次的部分 → {{amount}}（逐线明细见市场推广服务费页）',
      resultUnmet: '{{amount}}：本月条件未达成，不发放',
      resultStated: '{{amount}}（按结单所列金额）',
      rule: {
        PROMOTION:
          '本人比例 × 小组总 BV，减去每条一线按其自身比例 × 该线小组 BV 所得部分（您为 {{top}} 时，{{top}} 的线在此为 0，改计领导服务费）。',
        LEADERSHIP:
          '每个 21% 小组个人小组 BV 的 {{rate}}，自下而上计算：个人小组达到 {{top}} 全部保留；达到 {{minOwn}} 或有 {{minLegs}} 条 21% 线时保留一部分；否则上传给上一位合资格者。',
        RUBY: '个人小组 PV 达 {{min}} 的月份，个人小组 BV 的 {{rate}}。',
        PEARL: '当月有 {{min}} 条以上 21% 线时，第二代起各 21% 小组个人小组 BV 的 {{rate}}，至下一位明珠为止。',
        EMERALD_ANNUAL: '奖金池 = 合资格{{pin}}及以上者推荐线内各 21% 小组全年 BV × {{rate}}，按单位（Q 线月数）分配，8 月结单支付。',
        DIAMOND_ANNUAL: '奖金池 = 合资格{{pin}}及以上者推荐线内各 21% 小组全年 BV × {{rate}}，按单位（Q 线月数）分配，8 月结单支付。',
        ADJUSTMENT: '公司录入的调整（如退货扣回或补发）。',
      },
    },
  },
  true,
);
i18n.addResourceBundle(
  'en-US',
  'trace',
  {
    close: 'Close',
    more: 'Read more',
    inputs: 'Inputs',
    rule: 'Rule',
    result: 'Result',
    met: ' (met)',
    unmet: ' (not met)',
    bracket: {
      title: 'Performance bracket · {{month}}',
      ppv: 'Personal PV',
      legs: 'Frontline legs’ group PV',
      gpv: 'Group PV',
      rule: 'The month’s group PV (yours and your whole downline’s, 21% legs included) sets the bracket: {{table}}.',
      band: '{{from}} – {{to}} PV',
      bandTop: '{{from}} PV and up',
      result: 'Group PV {{gpv}} = personal PV {{ppv}} + legs {{legs}} → {{percent}} ({{band}})',
      next: '{{pv}} more PV reach {{percent}}.',
      top: 'The top bracket.',
    },
    q: {
      title: 'Q status · {{month}}',
      titleWho: 'Q status of {{who}} · {{month}}',
      threshold: 'Q threshold ({{top}} bracket)',
      rule: 'A group is Q in a month (a 21% group, and a 21% leg of its sponsor) when the month’s group PV, own and the whole downline’s with 21% legs included, reaches {{q}} PV: the threshold of the top bracket, {{top}}.',
      resultYes: 'Group PV {{gpv}} ≥ {{q}} → Q ({{top}})',
      resultNo: 'Group PV {{gpv}} < {{q}} → not Q',
      more: '{{pv}} more PV would make it Q.',
    },
    sp: {
      title: 'SP month (Q month) · {{month}}',
      apv: 'APV',
      qLegs: '21% legs (group PV ≥ {{q}})',
      rule: 'A month is an SP month with APV ≥ {{alone}}, or APV ≥ {{one}} and one 21% leg, or {{legs}} 21% legs.',
      checkAlone: 'APV {{apv}} ≥ {{alone}}',
      checkOne: 'APV {{apv}} ≥ {{one}} and 21% legs {{q}} ≥ 1',
      checkLegs: '21% legs {{q}} ≥ {{legs}}',
      resultYes: 'APV {{apv}}, 21% legs {{q}} → an SP month',
      resultNo: 'APV {{apv}}, 21% legs {{q}} → not an SP month',
      more: 'With the 21% legs it has, {{pv}} more APV would make it one.',
    },
    apv: {
      title: 'APV · {{month}}',
      qPv: '21% legs’ group PV',
      rule: 'APV (personal-group PV) is the group PV without the groups of the 21% legs: frontline legs whose group PV reaches {{q}} ({{top}}) in the month.',
      result: 'APV {{apv}} = group PV {{gpv}} − 21% legs {{qPv}}',
    },
    tax: {
      title: 'Tax withheld · {{month}}',
      pretax: 'Pre-tax service fees',
      deductionFlat: 'Deduction ({{flat}})',
      deductionPercent: 'Deduction ({{percent}})',
      taxable: 'Taxable income',
      rate: 'Rate',
      quick: 'Quick deduction',
      rule: 'Withheld as remuneration for services: income up to {{limit}} less {{flat}}, above it less {{percent}}; on the taxable income {{bands}}.',
      bandUpTo: 'up to {{to}}: {{rate}}',
      bandAbove: 'above {{from}}: {{rate}}',
      bandQuick: '{{rate}} less {{quick}}',
      result: 'Tax {{tax}} = ({{pretax}} − {{deduction}}) × {{rate}}{{quick}}',
    },
    annual: {
      title: 'Annual tax · {{year}}',
      gross: 'Pre-tax service fees paid in the year',
      income: 'Counted as income ({{percent}})',
      basic: 'Basic deduction',
      withheld: 'Withheld',
      rule: 'Service fees paid in the year count as comprehensive income at {{percent}}, less the {{basic}} basic deduction; the taxable income’s band: {{band}}.',
      band: 'over {{from}} up to {{to}}, rate {{rate}}, quick deduction {{quick}}',
      bandTop: 'over {{from}}, rate {{rate}}, quick deduction {{quick}}',
      result: 'Annual tax {{tax}} = {{taxable}} × {{rate}}{{quick}}; less {{withheld}} withheld: {{balanceLabel}} {{balance}}',
      toPay: 'to pay',
      toRefund: 'to refund',
      settled: 'settled',
    },
    projection: {
      title: 'End-of-month estimate · {{month}}',
      gpv: 'Group PV so far',
      days: 'Days elapsed / days in month',
      pace: 'Pace per day',
      rule: 'Projected at this month’s pace so far: group PV ÷ days elapsed × days in the month; your own PV and each frontline leg’s are scaled by the same factor, and the bracket and the market promotion service fee are those of the scaled volumes. An estimate, not a result of the close.',
      result: '≈ {{projected}} PV = {{gpv}} ÷ {{elapsed}} × {{days}} → {{percent}}, promotion service fee ≈ {{fee}}',
    },
    item: {
      title: '{{name}} · {{month}}',
      base: 'Base (BV)',
      rate: 'Rate',
      fund: 'Fund',
      units: 'Your units / all units',
      in: 'Passed up to you by 21% legs',
      own: 'From your own group',
      up: 'Passed on up',
      resultRate: '{{amount}} = {{base}} × {{rate}}',
      resultShare: 'Fund {{fund}} = {{base}} × {{rate}}; {{amount}} = {{fund}} × {{units}} ÷ {{total}} units',
      resultLeadership: 'Kept {{amount}} = {{in}} + {{own}} − {{up}}',
      resultAsIs: '{{amount}} (as entered)',
      groupBv: 'Group BV',
      ownBracket: 'Your bracket',
      resultShareOnly: '{{amount}} = fund {{fund}} × {{units}} ÷ {{total}} units',
      resultDifferential:
        'Group BV {{base}} at your bracket {{rate}}, less each leg’s own bracket → {{amount}} (leg by leg on the promotion service fee page)',
      resultUnmet: '{{amount}}: the condition is not met this month, nothing paid',
      resultStated: '{{amount}} (as the statement states it)',
      rule: {
        PROMOTION:
          'Your bracket × your group BV, less each frontline leg’s bracket × that leg’s group BV (a {{top}} leg under you at {{top}} pays nothing here: leadership instead).',
        LEADERSHIP:
          '{{rate}} of each 21% group’s personal-group BV, worked out bottom-up: kept in full when your personal group reaches {{top}}, in part when it reaches {{minOwn}} or you have {{minLegs}} 21% legs, otherwise passed up to the next qualified upline.',
        RUBY: '{{rate}} of your personal-group BV in a month with personal-group PV ≥ {{min}}.',
        PEARL:
          '{{rate}} of the personal-group BV of the 21% groups from the second generation down to the next Pearl, in a month with {{min}} or more 21% legs.',
        EMERALD_ANNUAL:
          'A fund of {{rate}} of the PY’s BV of the 21% groups under those qualified {{pin}} or above, shared by units (Q-leg months), paid in the August statement.',
        DIAMOND_ANNUAL:
          'A fund of {{rate}} of the PY’s BV of the 21% groups under those qualified {{pin}} or above, shared by units (Q-leg months), paid in the August statement.',
        ADJUSTMENT: 'An adjustment entered by the company (a clawback for returns or a back payment).',
      },
    },
  },
  true,
);

/**
 * One figure's trace in a modal dialog (DialogPopup), as the term popup is: its inputs and their
 * values, the rule in words, the checks, the result, and a link to the general explanation.
 */
export default function TracePopup({ trace, ...opening }: DialogOpening & { trace: TraceInput }) {
  const { id } = opening;
  const { t, i18n: instance } = useTranslation('trace');
  const lang = instance.language;
  const m = useMemo(() => explainTrace(trace, (key, options) => t(key, options ?? {}), lang), [trace, t, lang]);
  return (
    <DialogPopup
      {...opening}
      title={m.title}
      // Leaving for the explanation unmounts the page, and the popup with it.
      aside={<TermHelp code={m.descCode} label={t('more')} />}
      describedBy={`${id}-result`}
      closeLabel={t('close')}
      className="trace-popup"
      data-testid="figure-trace"
    >
      {m.inputs.length ? (
        <>
          <h3 className="trace-popup__section">{t('inputs')}</h3>
          <dl className="trace-popup__inputs">
            {m.inputs.map((r) => (
              <Fragment key={r.label}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      ) : null}
      <h3 className="trace-popup__section">{t('rule')}</h3>
      <p className="trace-popup__rule">{m.rule}</p>
      {m.checks ? (
        <ul className="trace-popup__checks">
          {m.checks.map((c) => (
            <li key={c.text} className={c.met ? 'trace-popup__check--met' : 'trace-popup__check--unmet'}>
              <span aria-hidden="true">{c.met ? '✓ ' : '✗ '}</span>
              {c.text}
              <span className="visually-hidden">{c.met ? t('met') : t('unmet')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="trace-popup__section">{t('result')}</h3>
      <p id={`${id}-result`} className="trace-popup__result" data-testid="trace-result">
        {m.result}
      </p>
      {m.note ? <p className="trace-popup__note muted">{m.note}</p> : null}
    </DialogPopup>
  );
}
