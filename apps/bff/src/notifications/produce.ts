// The notifications a month close produces (README "Notifications"): after every close that
// wrote something, the facts are loaded in bulk, the plan engine says which events they make
// (packages/plan/src/notifications.ts, plan-notifications.ts), and each is stored once per
// distributor and event key (the unique index on notifications (ada, event_key): a close that runs
// again adds nothing), with an outbox row for every push channel the distributor's preferences
// allow. What a run tells:
//   - the last month it closed (a catch-up closing several months tells the latest only), and
//     the pins reached in the last three months it closed;
//   - the open month so far: near a threshold, legs that reached Q or slip;
//   - the plans of today's PY: met, out of reach, each criterion met, and an attendance event's
//     registration closing within 3 days for a plan still in reach (told at the first close then).
import {
  addMonths,
  attendanceFrom,
  decodePlanSummary,
  eventDeadlinesNear,
  JOIN_NEWS_GENERATIONS,
  legEvents,
  memberJoinedEvent,
  monthClosedEvent,
  nearThresholdEvents,
  paysOut,
  memberPlanEvents,
  planByCode,
  plansFor,
  pinReachedEvent,
  pyOf,
  rulesFor,
  type MemberPlan,
  type MonthKey,
  type NotificationEvent,
} from '@abo/plan';
import type { DB } from '../db/index.ts';
import { inChunks } from '../db/in-chunks.ts';
import { attendedCodes } from '../db/monthly-results.ts';
import { parseItems } from '../income/income-data.ts';
import { nameFor, shownNameText } from '../lib/name-policy.ts';
import { refOf } from '../lib/member-ref.ts';
import { allPreferences } from './preferences.ts';
import { openEventStore, type ProduceSummary } from './store-events.ts';

export interface ProduceOptions {
  /** The business day, `YYYY-MM-DD` (China). */
  readonly today: string;
  /** Months the close just closed, oldest first. */
  readonly closed: readonly MonthKey[];
  /** The clock of created_at and due_at (tests move it). */
  readonly now?: Date;
  /** Tell only these distributors (the others' facts did not move since the last run that day). */
  readonly only?: ReadonlySet<string>;
  /** Members told at a time when everyone is (default MEMBERS_PER_SLICE). */
  readonly slice?: number;
  /** The members who joined in today's month, when the close knows them (else found by join date). */
  readonly joined?: readonly string[];
  /** Month rows the close still holds, as it wrote them: read from there, not from the table. */
  readonly held?: HeldMonthRows;
}

/** The month rows of `month` by ADA (null: none that month), or null when that month is not held. */
export type HeldMonthRows = (month: MonthKey) => ((ada: string) => MonthRow | null) | null;

interface Person {
  ada: string;
  sponsorAda: string | null;
  nameZh: string;
  nameEn: string;
  memberNo: number;
  pinCode: number;
  pinMonth: string | null;
  /** Pin held before the imported history (Member when none): reaching it again is no news. */
  pinHeld: number;
}

/** A month's row of one distributor, as notifications read it. */
export interface MonthRow {
  ada: string;
  gpv: number;
  apv: number;
  bracket: number;
  qLegs: number;
  isSp: boolean;
  /** A 21 % group (a Q leg to its sponsor), as the close judged it. */
  isQ: boolean;
}

const PIN_NEWS_MONTHS = 3;

/** A month's rows of the distributors `of`, or of every distributor in an ADA range. */
async function monthRows(db: DB, month: MonthKey, of: readonly string[] | AdaRange): Promise<Map<string, MonthRow>> {
  const base = () =>
    db.selectFrom('monthly_results').select(['ada', 'gpv', 'apv', 'bracket', 'q_legs', 'is_sp', 'is_q']).where('month', '=', month);
  const rows = isRange(of)
    ? // By the (month, ada) index: one range, not a thousand keys in lists.
      await base().where('ada', '>=', of.lo).where('ada', '<=', of.hi).orderBy('ada').execute()
    : await inChunks(of, (adas) => base().where('ada', 'in', adas).orderBy('ada').execute());
  const out = new Map<string, MonthRow>();
  for (const r of rows) {
    out.set(r.ada, {
      ada: r.ada,
      gpv: Number(r.gpv),
      apv: Number(r.apv),
      bracket: Number(r.bracket),
      qLegs: Number(r.q_legs),
      isSp: Number(r.is_sp) === 1,
      isQ: Number(r.is_q) === 1,
    });
  }
  return out;
}

/** Every distributor from `lo` through `hi` in the database's order of ADAs: a slice of everyone. */
interface AdaRange {
  readonly lo: string;
  readonly hi: string;
}
const isRange = (x: readonly string[] | AdaRange): x is AdaRange => !Array.isArray(x);

interface Joined {
  ada: string;
  sponsorAda: string | null;
  nameZh: string;
  nameEn: string;
  memberNo: number;
  joinedOn: string;
}

/** The members who joined in `month`, under each upline told of them (JOIN_NEWS_GENERATIONS), with the generation. */
async function joinsByUpline(
  db: DB,
  month: MonthKey,
  joined: readonly string[] | undefined,
): Promise<Map<string, { member: Joined; generation: number }[]>> {
  const columns = ['ada', 'sponsor_ada', 'name_zh', 'name_en', 'member_no', 'join_date'] as const;
  // By key when the close names them (it holds every join date): no scan of every member.
  const rows = joined
    ? await inChunks(joined, (adas) => db.selectFrom('distributors').select(columns).where('ada', 'in', adas).execute())
    : await db
        .selectFrom('distributors')
        .select(columns)
        .where('join_date', '>=', `${month}-01`)
        .where('join_date', '<=', `${month}-31`)
        .execute();
  const out = new Map<string, { member: Joined; generation: number }[]>();
  let climbing = rows.map((r) => ({
    member: {
      ada: r.ada,
      sponsorAda: r.sponsor_ada,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      memberNo: Number(r.member_no),
      joinedOn: r.join_date,
    },
    upline: r.sponsor_ada,
  }));
  for (let generation = 1; generation <= JOIN_NEWS_GENERATIONS && climbing.length > 0; generation++) {
    for (const c of climbing) {
      const list = out.get(c.upline!);
      if (list) list.push({ member: c.member, generation });
      else out.set(c.upline!, [{ member: c.member, generation }]);
    }
    if (generation === JOIN_NEWS_GENERATIONS) break;
    const uplines = [...new Set(climbing.map((c) => c.upline!))];
    const sponsors = await inChunks(uplines, (adas) =>
      db.selectFrom('distributors').select(['ada', 'sponsor_ada']).where('ada', 'in', adas).execute(),
    );
    const sponsorOf = new Map(sponsors.map((r) => [r.ada, r.sponsor_ada]));
    climbing = climbing.map((c) => ({ member: c.member, upline: sponsorOf.get(c.upline!) ?? null })).filter((c) => c.upline !== null);
  }
  return out;
}

/** Every event the facts make for the distributors `told` (produceNotifications: a slice of everyone, or those whose facts moved). */
async function eventsOf(
  db: DB,
  opts: ProduceOptions & {
    readonly told: ReadonlySet<string>;
    /** The joins to tell now, by upline (joinsByUpline, cut to this run). */
    readonly joins: ReadonlyMap<string, readonly { member: Joined; generation: number }[]>;
    /** `told` is every distributor in this range (a slice of everyone): read by ranges, not lists. */
    readonly range?: AdaRange;
  },
): Promise<Map<string, NotificationEvent[]>> {
  const todayMonth = opts.today.slice(0, 7);
  const py = pyOf(todayMonth);
  const openRules = rulesFor(py, { fallback: 'nearest' });
  // Those told read their own facts and their frontline's.
  const only = [...opts.told];
  const told = (ada: string) => opts.told.has(ada);
  const range = opts.range;
  // A month's rows of a list of people, or of a range (those told): from the close's memory when
  // it holds that month (at a month's end, the closing and the open month of everyone).
  const rowsOf = async (month: MonthKey, of: readonly string[] | AdaRange) => {
    const held = opts.held?.(month);
    if (!held) return monthRows(db, month, of);
    const out = new Map<string, MonthRow>();
    for (const ada of isRange(of) ? opts.told : of) {
      const r = held(ada);
      if (r) out.set(ada, r);
    }
    return out;
  };
  const personRows = () =>
    db.selectFrom('distributors').select(['ada', 'sponsor_ada', 'name_zh', 'name_en', 'member_no', 'pin_code', 'pin_month', 'pin_held']);
  // Those told and their frontline legs.
  const found = range
    ? [
        ...(await personRows().where('ada', '>=', range.lo).where('ada', '<=', range.hi).execute()),
        ...(await personRows().where('sponsor_ada', '>=', range.lo).where('sponsor_ada', '<=', range.hi).execute()),
      ]
    : await inChunks(only, (adas) =>
        personRows()
          .where((eb) => eb.or([eb('ada', 'in', adas), eb('sponsor_ada', 'in', adas)]))
          .execute(),
      );
  const unique = [...new Map(found.map((d) => [d.ada, d])).values()];
  const people: Person[] = unique.map((d) => ({
    ada: d.ada,
    sponsorAda: d.sponsor_ada,
    nameZh: d.name_zh,
    nameEn: d.name_en,
    memberNo: Number(d.member_no),
    pinCode: Number(d.pin_code),
    pinMonth: d.pin_month,
    pinHeld: d.pin_held === null ? 230 : Number(d.pin_held),
  }));
  const out = new Map<string, NotificationEvent[]>();
  const add = (ada: string, events: readonly NotificationEvent[]) => {
    if (events.length === 0 || !told(ada)) return;
    const list = out.get(ada);
    if (list) list.push(...events);
    else out.set(ada, [...events]);
  };

  // The last month closed by this run.
  const last = opts.closed.at(-1);
  if (last) {
    const rules = rulesFor(pyOf(last), { fallback: 'nearest' });
    const seminar = plansFor(pyOf(last), 'seminar').find((p) => p.route === '/incentiveplan/seminars')?.code ?? null;
    const rows = await rowsOf(last, range ?? only);
    // A statement that pays nothing (a claw-back month, packages/plan claw-back.ts) is not "paid
    // on": it is told with the debit it carries to the next statement.
    const statementsOf = (adas: string[]) =>
      db
        .selectFrom('statements')
        .select(['ada', 'net_fen', 'paid_on', 'items'])
        .where('month', '=', last)
        .where('ada', 'in', adas)
        .execute();
    const monthStatements = await inChunks(only, statementsOf);
    const statements = new Map<string, { netFen: number; paidOn: string }>();
    const debits = new Map<string, number>();
    for (const s of monthStatements) {
      if (paysOut(Number(s.net_fen))) statements.set(s.ada, { netFen: Number(s.net_fen), paidOn: s.paid_on });
      else {
        const carried = parseItems(s.items).find((i) => i.code === 'DEBIT_CARRIED_FORWARD');
        if (carried) debits.set(s.ada, carried.amountFen);
      }
    }
    for (const [ada, r] of rows) {
      add(ada, [
        monthClosedEvent(
          {
            month: last,
            gpv: r.gpv,
            bracket: r.bracket,
            apv: r.apv,
            qLegs: r.qLegs,
            isSp: r.isSp,
            statement: statements.get(ada) ?? null,
            ...(debits.has(ada) ? { debitCarriedFen: debits.get(ada)! } : {}),
            seminarCode: seminar,
          },
          rules,
        ),
      ]);
    }
    // Pins of the last three months closed: the first close of a company closes its whole
    // history, and a pin reached years ago is no news.
    const closed = new Set(opts.closed.slice(-PIN_NEWS_MONTHS));
    for (const p of people)
      if (p.pinMonth && closed.has(p.pinMonth) && p.pinCode > p.pinHeld) add(p.ada, [pinReachedEvent(p.pinCode, p.pinMonth)]);
  }

  // The open month so far: the distributor's own thresholds and the frontline's.
  const peopleRowsOf = async (month: MonthKey) => {
    if (!range || opts.held?.(month))
      return rowsOf(
        month,
        people.map((p) => p.ada),
      );
    // Those told by their range; the legs outside it (sponsored by someone in it) by list.
    const rows = await monthRows(db, month, range);
    const outside = people.filter((p) => !told(p.ada)).map((p) => p.ada);
    for (const [ada, r] of await monthRows(db, month, outside)) rows.set(ada, r);
    return rows;
  };
  const [open, before] = [await peopleRowsOf(todayMonth), await peopleRowsOf(addMonths(todayMonth, -1))];
  for (const [ada, r] of open) {
    if (!told(ada)) continue;
    add(
      ada,
      nearThresholdEvents({ month: todayMonth, today: opts.today, gpv: r.gpv, apv: r.apv, qLegs: r.qLegs, isSp: r.isSp }, openRules),
    );
  }
  const frontline = new Map<string, Person[]>();
  for (const p of people) {
    if (!p.sponsorAda) continue;
    const legs = frontline.get(p.sponsorAda);
    if (legs) legs.push(p);
    else frontline.set(p.sponsorAda, [p]);
  }
  for (const [sponsor, legs] of frontline) {
    if (!told(sponsor)) continue;
    const facts = legs.map((leg) => {
      // The sponsor sees a personally sponsored leg's name in full (lib/name-policy.ts).
      const shown = nameFor({ ada: sponsor }, leg);
      return {
        id: leg.ada,
        name: shownNameText(shown),
        ref: refOf(leg.memberNo),
        gpv: open.get(leg.ada)?.gpv ?? 0,
        qLastMonth: before.get(leg.ada)?.isQ ?? false,
      };
    });
    add(sponsor, legEvents(todayMonth, opts.today, facts, openRules));
  }

  // The team growing: members who joined this month, told to the uplines within reach (those
  // uplines are told here whether or not their own figures moved).
  for (const [ada, joins] of opts.joins) {
    const list = out.get(ada) ?? [];
    out.set(ada, list);
    for (const { member, generation } of joins) {
      // The sponsor sees the name in full, a leader further up as masked (lib/name-policy.ts).
      const shown = nameFor({ ada }, member);
      list.push(
        memberJoinedEvent({
          id: member.ada,
          name: shownNameText(shown),
          ref: refOf(member.memberNo),
          generation,
          joinedOn: member.joinedOn,
        }),
      );
    }
  }

  // Today's PY's plans, as the close stored them, and the events attended in their periods (an
  // event's registration deadline is told only to those who have not attended it). Most days no
  // registration closes soon: then only the plans that make news (plan_results.news, the close's;
  // null: written before it was) are read, and no attendance.
  const deadlines = eventDeadlinesNear(py, opts.today);
  const from = attendanceFrom(py, todayMonth);
  const planRows = () => {
    const rows = db.selectFrom('plan_results').select(['ada', 'summary']).where('py', '=', py);
    return deadlines ? rows : rows.where((eb) => eb.or([eb('news', 'is', null), eb('news', '=', 1)]));
  };
  const plansOf = (adas: string[]) => planRows().where('ada', 'in', adas).orderBy('ada').execute();
  const attendedOf = (adas: string[]) =>
    db
      .selectFrom('monthly_results')
      .select(['ada', 'attended'])
      .where('attended', 'is not', null)
      .where('month', '>=', from)
      .where('month', '<=', todayMonth)
      .where('ada', 'in', adas)
      .execute();
  const summaries = range
    ? await planRows().where('ada', '>=', range.lo).where('ada', '<=', range.hi).orderBy('ada').execute()
    : await inChunks(only, plansOf);
  const attendance = deadlines ? await inChunks(only, attendedOf) : [];
  const attended = new Map<string, Set<string>>();
  for (const r of attendance) {
    const codes = attendedCodes(r.attended);
    if (codes.length === 0) continue;
    const set = attended.get(r.ada) ?? new Set<string>();
    for (const c of codes) set.add(c);
    attended.set(r.ada, set);
  }
  const none = new Set<string>();
  for (const row of summaries) {
    const plans: MemberPlan[] = [];
    for (const [code, entry] of decodePlanSummary(row.summary)) {
      const plan = planByCode(code);
      if (plan)
        plans.push({ plan, status: entry.status, reason: entry.reason ?? null, achieved: entry.achieved, soFar: entry.soFar ?? [] });
    }
    add(row.ada, memberPlanEvents(plans, py, attended.get(row.ada) ?? none, opts.today));
  }
  return out;
}

/** Members told at a time when everyone is: their events are built and stored before the next ones'. */
const MEMBERS_PER_SLICE = 5_000;

/**
 * Stores the events of a close that wrote something, once each, and queues their pushes.
 * Idempotent: a second run with the same facts stores and queues nothing. When everyone is told
 * (a month closing, the first load), a slice of members at a time: a million members' events
 * held at once would take gigabytes (issue #30).
 */
export async function produceNotifications(db: DB, options: ProduceOptions): Promise<ProduceSummary> {
  // One clock for every slice.
  const opts = { ...options, now: options.now ?? new Date() };
  const preferences = await allPreferences(db);
  const joins = await joinsByUpline(db, opts.today.slice(0, 7), opts.joined);
  const store = await openEventStore(db, opts.now, preferences);
  try {
    if (opts.only) {
      // A member new since the last close has figures that moved: their joining is told now.
      const only = opts.only;
      const newJoins = new Map<string, { member: Joined; generation: number }[]>();
      for (const [upline, list] of joins) {
        const fresh = list.filter((j) => only.has(j.member.ada));
        if (fresh.length > 0) newJoins.set(upline, fresh);
      }
      await store.store(await eventsOf(db, { ...opts, told: only, joins: newJoins }));
      return store.total;
    }
    const adas = (await db.selectFrom('distributors').select('ada').orderBy('ada').execute()).map((r) => r.ada);
    const size = opts.slice ?? MEMBERS_PER_SLICE;
    for (let k = 0; k < adas.length; k += size) {
      const told = new Set(adas.slice(k, k + size));
      const sliceJoins = new Map([...told].filter((ada) => joins.has(ada)).map((ada) => [ada, joins.get(ada)!]));
      const slice = { ...opts, told, joins: sliceJoins, range: { lo: adas[k]!, hi: adas[Math.min(k + size, adas.length) - 1]! } };
      await store.store(await eventsOf(db, slice));
    }
    return store.total;
  } finally {
    await store.close();
  }
}
