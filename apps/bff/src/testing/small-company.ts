// The small company the route tests import as `npm run import` does (testing/imported-app.ts):
// 张建国 (X) at the top, 林晓 (Lin) and 王芳 (Wang) on X's frontline, 赵磊 (Zhao) under Lin, and
// 周敏 (Zhou) on their own. Each test names who is in its company and gives its own orders.
import { csv } from '../import/import.test-support.ts';

export const X = '86500001';
export const LIN = '86500002';
export const WANG = '86500003';
export const ZHAO = '86500004';
export const ZHOU = '86500005';

const DISTRIBUTORS: readonly (readonly [string, string, string, string])[] = [
  [X, '', '张建国', '2020-01-01'],
  [LIN, X, '林晓', '2021-01-01'],
  [WANG, X, '王芳', '2021-02-01'],
  [ZHAO, LIN, '赵磊', '2022-01-01'],
  [ZHOU, '', '周敏', '2022-01-01'],
];

/** An order: its id, who ordered, the day (YYYY-MM-DD) and the PV. */
export type Order = readonly [id: string, ada: string, orderedAt: string, pv: string];

/** The import's files: the distributors among `who`, in the order above, and `orders`. */
export function smallCompany(who: readonly string[], orders: readonly Order[]): Record<string, string> {
  return {
    'distributors.csv': csv('ada,sponsor_ada,name,joined_on', ...DISTRIBUTORS.filter(([ada]) => who.includes(ada))),
    'orders.csv': csv('order_id,ada,ordered_at,pv', ...orders),
  };
}
