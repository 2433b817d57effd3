import type { Insertable } from 'kysely';
import type { DescriptionPagesTable, PromptsTable, ShopsTable } from '../db/schema.ts';

/** Service shops a distributor may choose on /achievement/setshop. */
export const SHOPS: Insertable<ShopsTable>[] = [
  {
    code: 'SH001',
    name_zh: '上海南京西路体验馆',
    name_en: 'Shanghai West Nanjing Road Experience Centre',
    city_zh: '上海',
    city_en: 'Shanghai',
    address: '上海市静安区南京西路1618号',
    phone: '021-62881234',
  },
  {
    code: 'BJ001',
    name_zh: '北京朝阳体验馆',
    name_en: 'Beijing Chaoyang Experience Centre',
    city_zh: '北京',
    city_en: 'Beijing',
    address: '北京市朝阳区建国路88号',
    phone: '010-65881234',
  },
  {
    code: 'GZ001',
    name_zh: '广州天河体验馆',
    name_en: 'Guangzhou Tianhe Experience Centre',
    city_zh: '广州',
    city_en: 'Guangzhou',
    address: '广州市天河区天河路208号',
    phone: '020-38881234',
  },
  {
    code: 'SZ001',
    name_zh: '深圳福田服务中心',
    name_en: 'Shenzhen Futian Service Centre',
    city_zh: '深圳',
    city_en: 'Shenzhen',
    address: '深圳市福田区深南大道6008号',
    phone: '0755-83881234',
  },
  {
    code: 'CD001',
    name_zh: '成都春熙路服务中心',
    name_en: 'Chengdu Chunxi Road Service Centre',
    city_zh: '成都',
    city_en: 'Chengdu',
    address: '成都市锦江区春熙路88号',
    phone: '028-86881234',
  },
  {
    code: 'HZ001',
    name_zh: '杭州武林服务中心',
    name_en: 'Hangzhou Wulin Service Centre',
    city_zh: '杭州',
    city_en: 'Hangzhou',
    address: '杭州市下城区武林广场21号',
    phone: '0571-85881234',
  },
  {
    code: 'WH001',
    name_zh: '武汉江汉服务中心',
    name_en: 'Wuhan Jianghan Service Centre',
    city_zh: '武汉',
    city_en: 'Wuhan',
    address: '武汉市江汉区解放大道690号',
    phone: '027-85881234',
  },
  {
    code: 'XA001',
    name_zh: '西安钟楼服务中心',
    name_en: "Xi'an Bell Tower Service Centre",
    city_zh: '西安',
    city_en: "Xi'an",
    address: '西安市碑林区东大街1号',
    phone: '029-87881234',
  },
];

/** Description pages (getConfig → descriptionPageList; shown on /descpage?code=). */
export const DESCRIPTION_PAGES: Insertable<DescriptionPagesTable>[] = [
  {
    code: 'PV_BV',
    title_zh: '什么是 PV 和 BV？',
    title_en: 'What are PV and BV?',
    content_zh:
      '<p><span class="term">PV（积分）</span>是每件产品的业绩积分，用于计算您的业绩奖励比例。<span class="term">BV（营业额）</span>是与积分对应的金额，服务费按 BV 计算。</p><ul><li>个人 PV：您本人及您直接顾客的购货积分。</li><li>小组 PV：您和您整个下线市场的积分之和。</li></ul>',
    content_en:
      '<p><span class="term">PV (point value)</span> is the points each product carries; it decides your performance bracket. <span class="term">BV (business volume)</span> is the money value behind the points; service fees are paid on BV.</p><ul><li>Personal PV: what you and your own customers bought.</li><li>Group PV: your PV plus your whole downline market.</li></ul>',
  },
  {
    code: 'BRACKET',
    title_zh: '业绩奖励比例表',
    title_en: 'Performance bracket table',
    content_zh:
      '<p>每月按个人小组 PV 确定业绩奖励比例：</p><ul><li>200 PV：3%</li><li>600 PV：6%</li><li>1,000 PV：9%</li><li>2,000 PV：12%</li><li>4,000 PV：15%</li><li>7,000 PV：18%</li><li>10,000 PV：21%</li></ul><p>达到 21% 的月份称为 Q 月。</p>',
    content_en:
      '<p>Each month your personal-group PV sets your bracket:</p><ul><li>200 PV: 3%</li><li>600 PV: 6%</li><li>1,000 PV: 9%</li><li>2,000 PV: 12%</li><li>4,000 PV: 15%</li><li>7,000 PV: 18%</li><li>10,000 PV: 21%</li></ul><p>A month at 21% is a Q month.</p>',
  },
  {
    code: 'Q_MONTH',
    title_zh: 'PQ 月与 FLQ 月',
    title_en: 'PQ and FLQ months',
    content_zh:
      '<p><span class="term">PQ 月</span>：您本人的个人小组 PV 达到 21% 业绩奖励比例的月份。</p><p><span class="term">FLQ 月</span>：您的每个一线市场达到 21% 的月份，按市场逐一累计。</p>',
    content_en:
      '<p><span class="term">PQ month</span>: a month your own personal-group PV reaches the 21% bracket.</p><p><span class="term">FLQ months</span>: the months each of your frontline legs reached 21%, counted per leg and added up.</p>',
  },
  {
    code: 'SEMINAR_RULES',
    title_zh: '研讨会资格说明',
    title_en: 'Seminar qualification rules',
    content_zh:
      '<p>业绩年度（9月1日至次年8月31日）内同时满足以下条件即可获邀参加研讨会：</p><ol><li>达到白金或以上荣衔；</li><li>PQ 月与 FLQ 月合计达到要求；</li><li>完成指定的培训出席要求。</li></ol><p>详情请见<a href="/front/incentiveplan/seminars">研讨会计划</a>。</p>',
    content_en:
      '<p>Within the performance year (1 Sep – 31 Aug) meet all of the following to be invited:</p><ol><li>Platinum pin or above;</li><li>the required PQ plus FLQ months;</li><li>the training attendance requirements.</li></ol><p>See the <a href="/front/incentiveplan/seminars">seminar plan</a>.</p>',
  },
  {
    code: 'TAX',
    title_zh: '服务费个人所得税说明',
    title_en: 'Tax on service fees',
    content_zh:
      '<p>服务费按劳务报酬所得预扣预缴个人所得税：每次收入不超过 4,000 元的减除 800 元，超过 4,000 元的减除 20%，再按 20%–40% 的预扣率计算。年度汇算时并入综合所得，按 3%–45% 的税率计算。</p>',
    content_en:
      '<p>Service fees are pre-withheld as remuneration for services: income up to CNY 4,000 less 800, above that less 20%, then taxed at 20%–40%. At the annual reconciliation they join comprehensive income, taxed at 3%–45%.</p>',
  },
];

/** Prompts (pop-up notices) per business area; a distributor can close each once. */
export function promptsFor(py: string, month: string): Insertable<PromptsTable>[] {
  return [
    {
      business_type: 'home',
      year: py,
      month,
      type: 'notice',
      title_zh: '上月业绩已结算',
      title_en: "Last month's results are closed",
      content_zh: '<p>上月业绩与服务费已结算完成，您可在“收入查询”中查看服务费明细。</p>',
      content_en: "<p>Last month's results and service fees are closed; see the details under Income.</p>",
    },
    {
      business_type: 'incentive',
      year: py,
      month,
      type: 'seminar',
      title_zh: `${py} 研讨会计划已开放`,
      title_en: `The ${py} seminar plan is open`,
      content_zh: '<p>新业绩年度的研讨会计划已开放查询，快来看看您的进度。</p>',
      content_en: '<p>The seminar plan of the new performance year is open: check where you stand.</p>',
    },
  ];
}
