/**
 * The team tree (issue #22) for a downline of about 10 000: seeds a throwaway SQLite dataset,
 * picks the distributor whose downline is closest to --downline, builds the BFF in this process
 * and measures its tree calls (app.inject, no network): the frontline's first page (BFF time, raw
 * and gzip size) and all its pages, the largest branch, every branch of the tree opened one after
 * another page by page, and the search (with the pages a jump past a first page loads). With --render it also serves the built web app (WEB_DIST, default apps/web/dist) and
 * times in Debian Chromium how long the tree's first level takes to appear after the view
 * switch is clicked (lazy chunk, the call and the render), and a leg's opening.
 *   npx tsx bench/team-tree.ts [--distributors 30000] [--downline 10000] [--runs 50] [--render] [--keep]
 *   npx tsx bench/team-tree.ts --data DIR   (a dataset kept with --keep: no seeding)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { TREE_PAGE_SIZE } from '../packages/contract/src/tree-paging.ts';
import { buildApp } from '../apps/bff/src/app.ts';
import { loadConfig } from '../apps/bff/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/bff/src/db/index.ts';
import { loadProfile } from '../apps/bff/src/idp/profile.ts';
import { createSessionToken } from '../apps/bff/src/idp/session-tokens.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';

const TODAY = '2026-11-21';
const RENDER_GOAL_MS = 300;

const { values: args } = parseArgs({
  options: {
    distributors: { type: 'string', default: '30000' },
    downline: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '50' },
    render: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    data: { type: 'string' },
  },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const dataDir = args.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'abo-tree-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    INQUIRY_TODAY: TODAY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOGIN_RATE_LIMIT: '100000',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  if (!args.data) {
    const t0 = performance.now();
    await seedDatabase(db, { distributors: Number(args.distributors), seed: 42, today: TODAY }, { fresh: true });
    console.log(
      `seeded ${Number(args.distributors).toLocaleString('en-US')} distributors in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const want = Number(args.downline);
  const leader = await db
    .selectFrom('distributors')
    .select(['ada', 'tree_size'])
    .orderBy((eb) => eb.fn('abs', [eb('tree_size', '-', want + 1)]))
    .limit(1)
    .executeTakeFirstOrThrow();
  console.log(`leader ${leader.ada}: downline ${(leader.tree_size - 1).toLocaleString('en-US')} (asked ${want.toLocaleString('en-US')})`);

  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const tokens = await app.tokens.issue((await loadProfile(db, leader.ada))!);
  const headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  const call = async (url: string, body: object) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url, headers, payload: { channel: 'ebiz', loginada: leader.ada, ...body } });
    const time = performance.now() - t0;
    const json = res.json() as { code: number; message: string; data: never };
    if (json.code !== 0) throw new Error(`${url} ${JSON.stringify(body)}: ${json.code} ${json.message}`);
    return { time, raw: res.rawPayload.length, gzip: gzipSync(res.rawPayload).length, data: json.data };
  };
  type Tree = {
    nodes: { ref: string; children: number; maskedName: { zh: string } }[];
    downlineSize: number;
    total: number;
    offset: number;
    hasMore: boolean;
  };
  /** One page of a member's children, as the web tree asks for it (pages of TREE_PAGE_SIZE). */
  const tree = (ref?: string, page = 0) =>
    call('/bff/v1/incentive/market/tree', {
      ...(ref ? { ref } : {}),
      offset: page * TREE_PAGE_SIZE,
      pageSize: TREE_PAGE_SIZE,
    }) as Promise<{ time: number; raw: number; gzip: number; data: Tree }>;
  /** Every page of a member's children, one after another. */
  const allPages = async (ref?: string) => {
    const pages = [await tree(ref)];
    while (pages.at(-1)!.data.hasMore) pages.push(await tree(ref, pages.length));
    return pages;
  };
  const sum = (xs: { time: number; raw: number; gzip: number }[], k: 'time' | 'raw' | 'gzip') => xs.reduce((a, x) => a + x[k], 0);

  const runs = Number(args.runs);
  const first = await tree();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await tree()).time);
  // For scale at the machine's present load: the member list's first page (same snapshot, same plugins).
  const listTimes: number[] = [];
  for (let i = 0; i < runs; i++) listTimes.push((await call('/bff/v1/incentive/market/members', { pageSize: 20 })).time);
  console.log(`\nBFF (app.inject, in process; gzip = zlib level 6 of the JSON answer; pages of ${TREE_PAGE_SIZE} children)`);
  console.log(`  for scale: member list, first page of 20: median ${ms(median(listTimes))}`);
  console.log(
    `  frontline, first page (${first.data.nodes.length} of ${first.data.total} legs): first ${ms(first.time)}, median ${ms(median(times))}, p95 ${ms(p95(times))} over ${runs}; ${kb(first.raw)} raw, ${kb(first.gzip)} gzip`,
  );
  const frontline = await allPages();
  console.log(
    `  frontline, every page (${frontline.length} calls for ${first.data.total} legs): ${ms(sum(frontline, 'time'))} of BFF time; ${kb(sum(frontline, 'raw'))} raw, ${kb(sum(frontline, 'gzip'))} gzip in all`,
  );

  // Every branch, opened one after another (breadth first) with all its pages, as a leader opening the whole tree would.
  const queue = frontline.flatMap((p) => p.data.nodes.filter((n) => n.children > 0).map((n) => n.ref));
  let requests = frontline.length;
  let total = sum(frontline, 'time');
  let gzip = sum(frontline, 'gzip');
  let members = first.data.total;
  let largest = { ref: '', children: 0 };
  const t0 = performance.now();
  while (queue.length > 0) {
    const ref = queue.shift()!;
    const pages = await allPages(ref);
    requests += pages.length;
    total += sum(pages, 'time');
    gzip += sum(pages, 'gzip');
    members += pages[0]!.data.total;
    if (pages[0]!.data.total > largest.children) largest = { ref, children: pages[0]!.data.total };
    for (const p of pages) for (const n of p.data.nodes) if (n.children > 0) queue.push(n.ref);
  }
  const wall = performance.now() - t0;
  const bigTimes: number[] = [];
  let big = await tree(largest.ref);
  for (let i = 0; i < Math.min(runs, 20); i++) bigTimes.push((big = await tree(largest.ref)).time);
  console.log(
    `  largest branch (${largest.children} children), first page: median ${ms(median(bigTimes))}; ${kb(big.raw)} raw, ${kb(big.gzip)} gzip`,
  );
  console.log(
    `  whole tree opened: ${requests} calls, ${members.toLocaleString('en-US')} members, ${ms(total)} of BFF time (${ms(wall)} wall), ${kb(gzip)} gzip in all`,
  );

  const prefix = first.data.nodes[0]!.maskedName.zh.slice(0, 1);
  const searchTimes: number[] = [];
  let search = await call('/bff/v1/incentive/market/tree/search', { search: prefix });
  for (let i = 0; i < Math.min(runs, 20); i++) {
    search = await call('/bff/v1/incentive/market/tree/search', { search: prefix });
    searchTimes.push(search.time);
  }
  type Match = { path: string[]; positions: number[]; maskedAda: string };
  const found = search.data as { total: number; matches: Match[] };
  console.log(
    `  search "${prefix}" (${found.total} matches, longest path ${Math.max(0, ...found.matches.map((m) => m.path.length))}): median ${ms(median(searchTimes))}; ${kb(search.gzip)} gzip`,
  );
  // A jump to the frontline's last leg: the pages up to theirs, as the web tree loads them for a search.
  const lastLeg = frontline.at(-1)!.data.nodes.at(-1)!;
  const jump = (await call('/bff/v1/incentive/market/tree/search', { search: lastLeg.maskedName.zh })).data as { matches: Match[] };
  const match = jump.matches.find((m) => m.path[0] === lastLeg.ref);
  if (match) {
    const page = Math.floor(match.positions[0]! / TREE_PAGE_SIZE);
    const pages = await Promise.all(Array.from({ length: page + 1 }, (_, p) => tree(undefined, p)));
    console.log(
      `  a search landing on leg ${match.positions[0]! + 1} of ${first.data.total}: ${pages.length} pages loaded, ${ms(sum(pages, 'time'))} of BFF time, ${kb(sum(pages, 'gzip'))} gzip`,
    );
  }

  if (args.render) await render(app, db, leader.ada);

  await app.close();
  if (!args.keep && !args.data) fs.rmSync(dataDir, { recursive: true, force: true });
  else console.log(`\ndataset kept in ${dataDir}`);
}

/** Chromium on the served app: the tree's first level after the view switch, then a leg opened. */
async function render(app: Awaited<ReturnType<typeof buildApp>>, db: ReturnType<typeof openDatabase>, ada: string) {
  const { chromium } = await import('@playwright/test');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  // A fresh browser context each time (empty HTTP cache): signed in on the list, then the switch.
  const visit = async (hover: boolean, settleMs = 0) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const token = await createSessionToken(db, ada, 'distributor');
    await page.goto(`${base}/front/incentiveplan/marketmembertracking?lang=en&sessionToken=${token}`);
    await page.waitForSelector('table.market-table, .market-list', { timeout: 30_000 });
    const link = '.market-views a:not([aria-current])';
    // A reader looks at the list a moment before switching (the page prefetches the tree's code when idle).
    if (settleMs) await page.waitForTimeout(settleMs);
    // A mouse user's pointer reaches the switch a moment before the click (the page prefetches then).
    if (hover) {
      await page.hover(link);
      await page.waitForTimeout(200);
    }
    // Clicked in the page and timed there, until the first match is on screen (next frame). A
    // string: this project's bench code is typed without the DOM.
    const timeUntil = (click: string, selector: string) =>
      page.evaluate<number>(`new Promise((resolve) => {
        const t0 = performance.now();
        const done = () => {
          if (!document.querySelector(${JSON.stringify(selector)})) return false;
          requestAnimationFrame(() => resolve(performance.now() - t0));
          return true;
        };
        const obs = new MutationObserver(() => { if (done()) obs.disconnect(); });
        obs.observe(document.body, { subtree: true, childList: true, attributes: true });
        document.querySelector(${JSON.stringify(click)}).click();
      })`);
    const firstLevel = await timeUntil(link, '[role="treeitem"]');
    // Where the time went: the lazy chunk and the call, as the browser's resource timing saw them.
    const took = (part: string) =>
      page.evaluate<number>(
        `Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.name.includes(${JSON.stringify(part)})).map((e) => e.duration))`,
      );
    const chunk = await took('team-tree-view');
    const call = await took('/market/tree');
    const legs = await page.locator('[role="treeitem"][aria-level="1"]').first().getAttribute('aria-setsize');
    const leg = await page.locator('[role="treeitem"][aria-level="1"][aria-expanded="false"]').first().getAttribute('data-ref');
    const opened = await timeUntil(`[data-ref="${leg}"]`, `[role="treeitem"][aria-level="2"]`);
    const rows = await page.locator('[role="treeitem"]').count();
    await context.close();
    return { firstLevel, chunk, call, legs, opened, rows };
  };
  try {
    console.log('\nFirst render (Chromium, 1280×800, production build)');
    for (const hover of [false, true]) {
      const r = await visit(hover);
      console.log(
        `  first level (${r.legs} legs) after the view switch${hover ? ', pointer over it 200 ms before' : ''}: ${ms(r.firstLevel)} (goal < ${RENDER_GOAL_MS} ms: ${r.firstLevel < RENDER_GOAL_MS ? 'met' : 'missed'}); the lazy chunk took ${ms(r.chunk)}, the call ${ms(r.call)}`,
      );
      if (!hover) console.log(`  a leg opened: ${ms(r.opened)}; ${r.rows} treeitems in the DOM (virtualized)`);
    }
    for (const settle of [1_000, 3_000]) {
      const r = await visit(false, settle);
      console.log(
        `  first level (${r.legs} legs) after the view switch, ${settle / 1000} s after the list showed: ${ms(r.firstLevel)} (goal < ${RENDER_GOAL_MS} ms: ${r.firstLevel < RENDER_GOAL_MS ? 'met' : 'missed'}); the call ${ms(r.call)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
