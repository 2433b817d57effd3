import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, WATCH_MAX, WATCH_NOTE_MAX, type WatchRow } from '@abo/contract';
import { pyMonths, pyOf, qThresholdOf, toMonthKey } from '@abo/plan';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { nameViewerOf } from '../../lib/name-policy.ts';
import { writer } from '../../lib/writer.ts';
import { sessionOf } from '../../lib/session.ts';
import { memberGap, memberRow } from './market-presenter.ts';
import { comparator, downlineRange, marketSnapshot } from './market-snapshot.ts';
import { saveNote, star, starCount, starsOf, unstar, watchableMember } from './watchlist-queries.ts';

export interface WatchlistRoutesOptions {
  config: Pick<Config, 'today'>;
  /** The clock of the rows' timestamps (tests move it). */
  now?: () => Date;
}

/**
 * The market watchlist (packages/contract/src/watchlist.ts): the legs a distributor stars, each
 * with its gap to Q this month as member tracking shows it (the same snapshot and row), and a
 * private note. Only the distributor changes it (lib/writer.ts: not staff, not a leader reading
 * through queryAda); staff read it through queryAda, which the guard audits.
 */
export async function watchlistRoutes(app: FastifyInstance, opts: WatchlistRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = opts.now ?? (() => new Date());

  r.route({
    ...endpoint('/bff/v1/incentive/market/watchlist'),
    handler: async (request) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const today = opts.config.today();
      const month = toMonthKey(today);
      const py = pyOf(today);
      const threshold = qThresholdOf(py);
      const base = { py, month, qThreshold: threshold, max: WATCH_MAX, noteMax: WATCH_NOTE_MAX };
      const [s, stars] = await Promise.all([marketSnapshot(db, py, month), starsOf(db, session.ada)]);
      const i = s.indexOfAda.get(session.ada);
      if (i === undefined || stars.length === 0) return ok({ ...base, rows: [] });
      const [from, to] = downlineRange(s, i);
      // A member who has left the market since they were starred is not shown (nor counted).
      const kept = stars.flatMap((w) => {
        const k = s.indexOfAda.get(w.member_ada);
        return k !== undefined && k >= from && k < to ? [{ k, note: w.note }] : [];
      });
      const byCloseness = comparator(s, 'closeToQ');
      kept.sort((a, b) => byCloseness(a.k, b.k));
      const pm = pyMonths(py);
      const c = { baseDepth: s.depth[i]!, threshold, pyStartDate: `${pm[0]!}-01`, pyEndDate: `${pm[11]!}-31` };
      // The member tracking row itself, so the two pages cannot disagree on the gap.
      const rows = kept.map(({ k, note }): WatchRow => ({ ...memberGap(memberRow(s, k, names, c), threshold), note }));
      return ok({ ...base, rows });
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/watch'),
    handler: async (request) => {
      const ada = writer(request);
      const { ref, watched } = request.body;
      const member = await watchableMember(db, ada, ref);
      if (watched) {
        if (!(await star(db, ada, member, clock().toISOString(), WATCH_MAX))) {
          throw badRequest(`You can watch at most ${WATCH_MAX} members: unstar one first`);
        }
      } else {
        await unstar(db, ada, member);
      }
      return ok({ ref, watched, count: await starCount(db, ada) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/watchNote'),
    handler: async (request) => {
      const ada = writer(request);
      const { ref, note } = request.body;
      const member = await watchableMember(db, ada, ref);
      if (!(await saveNote(db, ada, member, note, clock().toISOString()))) throw badRequest('Star this member before writing a note');
      return ok({ ref, note });
    },
  });
}
