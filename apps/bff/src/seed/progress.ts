// Terminal progress for the seed: a bar per phase on a TTY, plain lines otherwise (logs, CI).
import type { Progress, ProgressFn } from '../close/close-all.ts';
import type { SeedReport } from './index.ts';

const LABELS: Record<string, string> = {
  tree: 'sponsorship tree',
  people: 'names, ids, bank cards',
  orders: 'monthly orders',
  close: 'month-by-month close',
  attendance: 'event attendance',
  distributors: 'write distributors',
  monthly_results: 'write monthly results',
  statements: 'write statements',
  plan_results: 'plan results',
};

export function progressPrinter(out: { write(text: string): unknown; readonly isTTY?: boolean } = process.stdout): ProgressFn {
  const tty = out.isTTY === true;
  let started = performance.now();
  let current = '';
  const width = 28;
  return (p: Progress) => {
    const now = performance.now();
    if (p.phase !== current) {
      current = p.phase;
      started = now;
    }
    const name = (LABELS[p.phase] ?? p.phase).padEnd(30);
    const secs = ((now - started) / 1000).toFixed(1).padStart(5);
    const done = p.done === p.total;
    if (tty) {
      const filled = Math.round((p.done / p.total) * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      const label = p.label ? ` ${p.label}` : '';
      out.write(`\r  ${name} ${bar} ${String(Math.round((100 * p.done) / p.total)).padStart(3)}% ${secs} s${label}\x1b[K`);
      if (done) out.write('\n');
    } else if (done || p.phase === 'close') {
      const label = p.label ? `  ${p.label}` : '';
      if (p.phase === 'close' && !done) out.write(`  ${name} ${p.done}/${p.total}${label}\n`);
      else out.write(`  ${name} done in ${secs} s${label}\n`);
    }
  };
}

/** The closing figures: rows per table, seconds per phase, total, rows per second. */
export function formatReport(r: SeedReport): string {
  const lines: string[] = [];
  const fmt = (v: number) => v.toLocaleString('en-US');
  lines.push(`Seeded ${fmt(r.distributors)} distributors (seed ${r.options.seed}, today ${r.options.today})`);
  lines.push('  rows per table:');
  for (const [t, v] of Object.entries(r.rows)) lines.push(`    ${t.padEnd(20)} ${fmt(v).padStart(12)}`);
  lines.push(`    ${'total'.padEnd(20)} ${fmt(r.totalRows).padStart(12)}`);
  lines.push('  seconds per phase:');
  for (const p of r.phases) lines.push(`    ${p.name.padEnd(26)} ${p.seconds.toFixed(2).padStart(7)}`);
  if (r.planMode === 'worker') lines.push('    (plans evaluated on a worker thread while the tables above were written)');
  lines.push(`  total ${r.seconds.toFixed(1)} s, ${fmt(Math.round(r.totalRows / r.seconds))} rows/s`);
  return lines.join('\n');
}
