// The answer of /bff/v1/income/statementChange: two stored statements handed to the plan engine
// (explainStatementChange splits the difference into its causes), each cause given the page whose
// trace shows its figure. Pure: no database, no request.
import { href, maskPrivacy, type ChangePart, type StatementChangeData } from '@abo/contract';
import { explainStatementChange, text, type ChangeKind, type ChangeMonth, type StatementChange, type Text } from '@abo/plan';
import type { NameViewer } from '../lib/name-policy.ts';
import { legName } from './income-presenter.ts';
import type { changeInputs, LegPerson } from './income-queries.ts';

type Loaded = Awaited<ReturnType<typeof changeInputs>>;

/** The page that traces a cause of `month`'s change: the promotion lines, the items, or the tax. */
function hrefOf(kind: ChangeKind, month: string): string | null {
  switch (kind) {
    case 'bracket':
    case 'ownVolume':
    case 'leg':
    case 'promotion':
      return href('/income/promotionservicefee', { month });
    case 'tax':
      return href('/income/pretaxdetails', { month });
    default:
      return href('/income/commissiondetail', { month });
  }
}

/** A leg as the sentences call it: its name as this viewer may see it, else its masked ADA. */
export function legLabel(viewer: NameViewer, id: string, person: LegPerson | undefined): Text {
  const name = legName(viewer, id, null, person);
  return name ? text(name.nameZh, name.nameEn) : text(maskPrivacy(id), maskPrivacy(id));
}

/** The engine's parts as the contract shows them, each with the page of `month` that traces it. */
export function presentParts(parts: StatementChange['parts'], month: string): ChangePart[] {
  return parts.map((p): ChangePart => ({
    kind: p.kind,
    itemCode: p.itemCode,
    legAdaMasked: p.legId === null ? null : maskPrivacy(p.legId),
    text: p.text,
    pretaxFen: p.pretaxFen,
    netFen: p.netFen,
    href: hrefOf(p.kind, month),
  }));
}

function changeMonth(month: string, loaded: Loaded, people: ReadonlyMap<string, LegPerson>, viewer: NameViewer): ChangeMonth {
  const { statement, inputs } = loaded;
  return {
    month,
    items: statement.items.map((i) => ({
      code: i.code,
      subCode: i.subCode,
      name: i.name,
      amountFen: i.amountFen,
      ...(i.passedUp ? { inFen: i.passedUp.inFen, upFen: i.passedUp.upFen } : {}),
    })),
    pretaxFen: statement.pretaxFen,
    taxFen: statement.taxFen,
    volume: inputs && {
      ppv: inputs.ppv,
      ppvBvFen: inputs.ppvBvFen,
      legs: inputs.legs.map((l) => ({ ...l, label: legLabel(viewer, l.id, people.get(l.id)) })),
    },
  };
}

/** Nothing to explain: no statement at all (month null), or no earlier one to compare with. */
export function noStatementChange(month: string | null, months: string[], to: Loaded | null): StatementChangeData {
  return {
    month,
    compare: null,
    months,
    from: null,
    to: to && { pretaxFen: to.statement.pretaxFen, taxFen: to.statement.taxFen, netFen: to.statement.netFen },
    fromVolume: null,
    toVolume: null,
    pretaxChangeFen: 0,
    netChangeFen: 0,
    summary: null,
    parts: [],
  };
}

/** `month`'s statement against `compare`'s, the legs named as this viewer may see them. */
export function statementChangeData(
  month: string,
  compare: string,
  months: string[],
  to: Loaded,
  from: Loaded,
  people: ReadonlyMap<string, LegPerson>,
  viewer: NameViewer,
): StatementChangeData {
  const c = explainStatementChange(changeMonth(compare, from, people, viewer), changeMonth(month, to, people, viewer));
  const totals = (l: Loaded) => ({ pretaxFen: l.statement.pretaxFen, taxFen: l.statement.taxFen, netFen: l.statement.netFen });
  return {
    month,
    compare,
    months,
    from: totals(from),
    to: totals(to),
    fromVolume: c.fromVolume,
    toVolume: c.toVolume,
    pretaxChangeFen: c.pretaxChangeFen,
    netChangeFen: c.netChangeFen,
    summary: c.summary,
    parts: presentParts(c.parts, month),
  };
}
