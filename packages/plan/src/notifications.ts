// What a distributor is told when their figures move (README "Notifications"): the events a
// month close produces, each with a key that is unique per distributor, so that the same event is
// told once however often the close runs. The BFF loads the facts, calls these functions and
// stores what they return; which events exist and when a figure counts as "near" live here,
// beside the rules they describe; what a message says, in notification-catalogue.ts. The events
// of the plans (met, a criterion met, out of reach, an event's registration closing) are in
// plan-notifications.ts.
import { href } from '@abo/contract/pages';
import { nextBracket, qThreshold } from './bracket.ts';
import { daysLeftInMonth, type MonthKey } from './calendar.ts';
import { told, type NotificationNote } from './notification-catalogue.ts';
import type { RuleTable } from './rules/types.ts';
import type { Text } from './text.ts';

export type NotificationKind =
  'monthClosed' | 'nearThreshold' | 'legQualified' | 'legSlipping' | 'memberJoined' | 'planProgress' | 'pinReached' | 'eventDeadline';

export interface NotificationEvent {
  readonly kind: NotificationKind;
  /** Unique per distributor: the event is told once. */
  readonly key: string;
  /** The month it is about, when it is about one. */
  readonly month: MonthKey | null;
  /** What it tells, as data (notification-catalogue.ts words it): title and body are its words. */
  readonly note: NotificationNote;
  readonly title: Text;
  readonly body: Text;
  /** The app path (under /front) of the page and month that explain it (`href`). */
  readonly link: string;
  /** The figures in the message, for push templates. */
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * A figure is "near" a threshold from this share of it on: within 15 % of the next bracket's or
 * the SP month's PV (for the 21 % bracket at 10 000 PV: from 8 500 PV). A hint, the same in every
 * PY, so not in the rule tables.
 */
export const NEAR_THRESHOLD_SHARE = 0.85;
/**
 * A leg that was Q last month is "far from it" this month when, with this many days or fewer
 * left, its group PV so far is under half the Q threshold.
 */
export const SLIPPING_DAYS_LEFT = 10;
export const SLIPPING_SHARE = 0.5;

/**
 * APV still needed for an SP month with the legs the month has (0 when it is one): the SP-month
 * test's nearest branch (rules.sp: APV alone, or with one 21 % leg; two 21 % legs need none).
 */
export function apvToSpMonth(apv: number, qLegs: number, rules: RuleTable): number {
  const sp = rules.sp;
  if (qLegs >= sp.qLegsAlone) return 0;
  const need = qLegs >= 1 ? Math.min(sp.apvWithOneQLeg, sp.apvAlone) : sp.apvAlone;
  return Math.max(0, need - apv);
}

export interface ClosedMonthFacts {
  readonly month: MonthKey;
  /** Group PV (the bracket's base). */
  readonly gpv: number;
  readonly bracket: number;
  readonly apv: number;
  readonly qLegs: number;
  /** A Q (PQ, SP) month. */
  readonly isSp: boolean;
  /** The month's statement, when it pays anything. */
  readonly statement: { readonly netFen: number; readonly paidOn: string } | null;
  /** A month whose fees fell below zero (returns): the debit carried to the next statement, fen (claw-back.ts). */
  readonly debitCarriedFen?: number;
  /** The PY's seminar, whose month-by-month page explains a month without a statement. */
  readonly seminarCode: string | null;
}

/** "October closed: a Q month ✓ · net fee ¥1,272.40 paid on 11-15". */
export function monthClosedEvent(f: ClosedMonthFacts, rules: RuleTable): NotificationEvent {
  const gap = apvToSpMonth(f.apv, f.qLegs, rules);
  // Below the first bracket the first bracket is the goal (home's first goal), not the Q month.
  const first = nextBracket(rules.brackets, f.gpv);
  const goal = f.isSp
    ? { q: true as const }
    : f.bracket > 0 || first.nextPercent === null
      ? { bracket: f.bracket, pvShort: gap }
      : { nextPercent: first.nextPercent, pvNeeded: first.pvNeeded };
  const debit = f.statement ? 0 : (f.debitCarriedFen ?? 0);
  const fee = f.statement ? { netFen: f.statement.netFen, paidOn: f.statement.paidOn } : debit > 0 ? { debitFen: debit } : null;
  // A claw-back month has a statement too: it shows the debit.
  const link =
    f.statement || debit > 0
      ? href('/income/servicefee', { month: f.month })
      : f.seminarCode
        ? href('/incentiveplan/qualificationquery', { code: f.seminarCode, month: f.month })
        : href('/achievement/apv');
  return {
    kind: 'monthClosed',
    key: `monthClosed:${f.month}`,
    month: f.month,
    ...told({ code: 'monthClosed', params: { month: f.month, goal, fee } }),
    link,
    params: {
      month: f.month,
      q: f.isSp ? 1 : 0,
      pvShort: gap,
      bracket: f.bracket,
      netFen: f.statement?.netFen ?? 0,
      paidOn: f.statement?.paidOn ?? '',
    },
  };
}

export interface OpenMonthFacts {
  readonly month: MonthKey;
  /** The business day, `YYYY-MM-DD`, in the month. */
  readonly today: string;
  readonly gpv: number;
  readonly apv: number;
  readonly qLegs: number;
  readonly isSp: boolean;
}

/** The open month near the next bracket or an SP month (each once a month and target). */
export function nearThresholdEvents(f: OpenMonthFacts, rules: RuleTable): NotificationEvent[] {
  const out: NotificationEvent[] = [];
  const left = daysLeftInMonth(f.today);
  const next = nextBracket(rules.brackets, f.gpv);
  if (next.nextPercent !== null && next.nextMinPv !== null && f.gpv >= next.nextMinPv * NEAR_THRESHOLD_SHARE) {
    out.push({
      kind: 'nearThreshold',
      key: `nearThreshold:${f.month}:bracket:${next.nextPercent}`,
      month: f.month,
      ...told({ code: 'nearBracket', params: { target: next.nextPercent, gpv: f.gpv, pvNeeded: next.pvNeeded, daysLeft: left } }),
      link: href('/achievement/topup'),
      params: { month: f.month, target: next.nextPercent, pvNeeded: next.pvNeeded, daysLeft: left },
    });
  }
  const apvGap = apvToSpMonth(f.apv, f.qLegs, rules);
  const apvNeed = f.apv + apvGap;
  // Without 21 % legs the top bracket and the Q month are one threshold: told once, as the bracket.
  const sameAsBracket = out.length > 0 && next.nextMinPv === qThreshold(rules.brackets) && next.pvNeeded === apvGap;
  if (!f.isSp && apvGap > 0 && !sameAsBracket && f.apv >= apvNeed * NEAR_THRESHOLD_SHARE) {
    out.push({
      kind: 'nearThreshold',
      key: `nearThreshold:${f.month}:sp`,
      month: f.month,
      ...told({ code: 'nearQMonth', params: { month: f.month, apv: f.apv, apvNeeded: apvGap, daysLeft: left } }),
      link: href('/achievement/apv'),
      params: { month: f.month, apvNeeded: apvGap, daysLeft: left },
    });
  }
  return out;
}

export interface LegFacts {
  /** Unique among the distributor's legs (the key carries it). */
  readonly id: string;
  /** The name as the distributor may see it. */
  readonly name: Text;
  /** The market details page's reference. */
  readonly ref: string;
  /** Group PV this month so far. */
  readonly gpv: number;
  /** A 21 % group last month. */
  readonly qLastMonth: boolean;
}

/** A frontline leg reached Q this month; a leg that was Q last month is far from it this month. */
export function legEvents(month: MonthKey, today: string, legs: readonly LegFacts[], rules: RuleTable): NotificationEvent[] {
  const threshold = qThreshold(rules.brackets);
  if (threshold <= 0) return [];
  const left = daysLeftInMonth(today);
  const out: NotificationEvent[] = [];
  for (const leg of legs) {
    const link = href('/incentiveplan/marketdetails', { ref: leg.ref });
    if (leg.gpv >= threshold) {
      out.push({
        kind: 'legQualified',
        key: `legQualified:${month}:${leg.id}`,
        month,
        ...told({ code: 'legQualified', params: { month, name: leg.name, gpv: leg.gpv, threshold } }),
        link,
        params: { month, gpv: leg.gpv, threshold },
      });
    } else if (leg.qLastMonth && left <= SLIPPING_DAYS_LEFT && leg.gpv < threshold * SLIPPING_SHARE) {
      const gap = threshold - leg.gpv;
      out.push({
        kind: 'legSlipping',
        key: `legSlipping:${month}:${leg.id}`,
        month,
        ...told({ code: 'legSlipping', params: { name: leg.name, gpv: leg.gpv, pvNeeded: gap, daysLeft: left } }),
        link,
        params: { month, gpv: leg.gpv, pvNeeded: gap, daysLeft: left },
      });
    }
  }
  return out;
}

/**
 * How far down a member's joining is told: their sponsor (generation 1) and the two uplines above.
 * A leader hears of the team growing where they can still coach, not of every join in a market
 * of thousands (the pushes are off until they switch them on, README "Notifications").
 */
export const JOIN_NEWS_GENERATIONS = 3;

export interface JoinFacts {
  /** The new member's ADA (the key carries it: told once). */
  readonly id: string;
  /** The name as the leader may see it. */
  readonly name: Text;
  /** The market details page's reference. */
  readonly ref: string;
  /** 1: sponsored by the leader; 2, 3: further down. */
  readonly generation: number;
  /** `YYYY-MM-DD`. */
  readonly joinedOn: string;
}

/** A member joined the leader's team (within JOIN_NEWS_GENERATIONS). */
export function memberJoinedEvent(f: JoinFacts): NotificationEvent {
  return {
    kind: 'memberJoined',
    key: `memberJoined:${f.id}`,
    month: f.joinedOn.slice(0, 7),
    ...told({ code: 'memberJoined', params: { name: f.name, joinedOn: f.joinedOn, generation: f.generation } }),
    link: href('/incentiveplan/marketdetails', { ref: f.ref }),
    params: { joinedOn: f.joinedOn, generation: f.generation },
  };
}

/** A pin reached in a month the close just closed. */
export function pinReachedEvent(pin: number, month: MonthKey): NotificationEvent {
  return {
    kind: 'pinReached',
    key: `pinReached:${pin}`,
    month,
    ...told({ code: 'pinReached', params: { pin, month } }),
    link: href('/achievement/localranktracking'),
    params: { pin, month },
  };
}
