import { describe, expect, it } from 'vitest';
import { routeTable } from '../app/routes.ts';
import { setSession } from './storage.ts';
import { mayOpen, WRITE_PAGES } from './write-pages.ts';

const writePages = routeTable.filter((r) => r.write).map((r) => r.path);

describe('ways to the write pages', () => {
  it("are the route table's write pages", () => {
    expect([...WRITE_PAGES].sort()).toEqual([...writePages].sort());
  });

  it('are shown to a distributor, on every channel but the staff one', () => {
    expect(writePages.length).toBeGreaterThanOrEqual(5);
    for (const channel of ['ebiz', 'wec', 'ca'] as const) {
      setSession('channel', channel);
      for (const path of writePages) expect(mayOpen(path), `${channel} ${path}`).toBe(true);
    }
  });

  it('are left out for staff, whatever the spelling of the address; read pages stay', () => {
    setSession('channel', 'iinquiry');
    for (const path of writePages) expect(mayOpen(path), path).toBe(false);
    expect(mayOpen('/Achievement/SetShop/?lang=en')).toBe(false);
    expect(mayOpen('/incentiveplan/biennialaward/settag#track')).toBe(false);
    for (const path of ['/', '/achievement/estimate', '/incentiveplan/seminars/target', '/achievement/localranktracking/requirements'])
      expect(mayOpen(path), path).toBe(true);
  });
});
