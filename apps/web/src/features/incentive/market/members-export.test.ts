import type { MemberRow } from '@abo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { maskedMember } from '../../../testing/member-rows.ts';

const post = vi.fn();
vi.mock('../../../lib/api-client.ts', () => ({ post: (...args: unknown[]) => post(...args) }));

const { canDownload, exportBlob, exportTable, fetchAllMembers } = await import('./members-export.ts');

const row = (i: number, over: Partial<MemberRow> = {}): MemberRow => ({
  ...maskedMember(i),
  joinedThisPy: false,
  ppv: 100,
  gpv: 5000 + i,
  pgpv: 5000 + i,
  bracket: 15,
  isQ: false,
  pvToQ: 5000 - i,
  qMonthsPy: 2,
  ...over,
});

const columns = [
  { header: 'Member', value: (r: MemberRow) => r.maskedName.en },
  { header: 'PV to Q', value: (r: MemberRow) => (r.isQ ? '' : r.pvToQ) },
];

describe('member tracking export', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it('downloads only where a download can land (not inside WeChat or the app)', () => {
    expect(canDownload('ebiz')).toBe(true);
    expect(canDownload('iinquiry')).toBe(true);
    expect(canDownload('wec')).toBe(false);
    expect(canDownload('ca')).toBe(false);
  });

  it('fetches every page of the filtered list, 100 at a time, with the same filters', async () => {
    const all = Array.from({ length: 250 }, (_, i) => row(i));
    post.mockImplementation(async (_path: string, body: { page: number; pageSize: number }) => ({
      month: '2026-11',
      total: all.length,
      page: body.page,
      pageSize: body.pageSize,
      rows: all.slice((body.page - 1) * body.pageSize, body.page * body.pageSize),
    }));
    const progress: string[] = [];
    const got = await fetchAllMembers({ sort: 'pvToQ', q: 'notQ' }, (d, t) => progress.push(`${d}/${t}`));
    expect(got.rows).toHaveLength(250);
    expect(got.month).toBe('2026-11');
    expect(post.mock.calls.map((c) => [c[1].page, c[1].pageSize, c[1].sort, c[1].q])).toEqual([
      [1, 100, 'pvToQ', 'notQ'],
      [2, 100, 'pvToQ', 'notQ'],
      [3, 100, 'pvToQ', 'notQ'],
    ]);
    expect(progress).toEqual(['100/250', '200/250', '250/250']);
  });

  it('writes CSV readable as UTF-8, with a name that looks like a formula kept as text', async () => {
    const table = exportTable([row(1), row(2, { maskedName: { zh: '=1+1', en: '=1+1' }, isQ: true })], columns);
    expect(table).toEqual({
      headers: ['Member', 'PV to Q'],
      rows: [
        ['Li 1', 4999],
        ['=1+1', ''],
      ],
    });
    const blob = await exportBlob(table, 'csv', 'Members');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split(/\r?\n/)).toEqual(['Member,PV to Q', 'Li 1,4999', `"'=1+1",`]);
  });

  it('writes an XLSX workbook (a zip)', async () => {
    const blob = await exportBlob(exportTable([row(1)], columns), 'xlsx', 'Market member tracking');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  });
});
