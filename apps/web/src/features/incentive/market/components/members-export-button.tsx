import type { MemberRow } from '@abo/contract';
import { pinName } from '@abo/plan';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../../../../lib/storage.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import type { MemberQuery } from '../api/get-members.ts';
import {
  MEMBERS_EXPORT_MAX,
  canDownload,
  exportBlob,
  exportTable,
  fetchAllMembers,
  saveBlob,
  type ExportColumn,
  type ExportFormat,
} from '../members-export.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; done: number; total: number }
  | { kind: 'saved'; file: string; count: number; total: number }
  | { kind: 'failed' };

/** The columns of the file, as the table shows them (names as the viewer may see them). */
function useExportColumns(): ExportColumn[] {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const yesNo = (b: boolean) => t(b ? 'export.yes' : 'export.no');
  return [
    { header: t('member'), value: (r: MemberRow) => tx(r.maskedName) },
    { header: t('ada'), value: (r) => r.maskedAda },
    { header: t('level'), value: (r) => r.level },
    { header: t('pin'), value: (r) => tx(pinName(r.pinCode)) },
    { header: `${t('pgpv')} (PV)`, value: (r) => r.pgpv },
    { header: `${t('bracket')} (%)`, value: (r) => r.bracket },
    { header: t('q'), value: (r) => t(r.isQ ? 'isQ' : 'notQ') },
    { header: `${t('pvToQ')} (PV)`, value: (r) => (r.isQ ? '' : r.pvToQ) },
    { header: t('qMonthsPy'), value: (r) => r.qMonthsPy },
    { header: `${t('ppv')} (PV)`, value: (r) => r.ppv },
    { header: `${t('gpv')} (PV)`, value: (r) => r.gpv },
    { header: t('joinDate'), value: (r) => r.joinDate },
    { header: t('joinedThisPy'), value: (r) => yesNo(r.joinedThisPy) },
  ];
}

/**
 * Export of the filtered list (every page, not just the one shown) to CSV or Excel. Only where a
 * download can land: inside WeChat or the company's app it says the export is on the desktop, and
 * "downloaded" is said only once the file was handed to the browser.
 */
export function MembersExport({ query, total }: { query: MemberQuery; total: number }) {
  const { t } = useTranslation('incentiveMarket');
  const columns = useExportColumns();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  if (!canDownload(getSession('channel'))) {
    return <p className="market-export market-export__note muted small">{t('export.desktopOnly')}</p>;
  }

  const run = async (format: ExportFormat) => {
    setStatus({ kind: 'busy', done: 0, total: Math.min(total, MEMBERS_EXPORT_MAX) });
    try {
      const all = await fetchAllMembers(query, (done, of) => setStatus({ kind: 'busy', done, total: of }));
      const blob = await exportBlob(exportTable(all.rows, columns), format, t('title.members'));
      const file = `market-members-${all.month}${query.year ? `-${query.year.replace('/', '')}` : ''}.${format}`;
      saveBlob(blob, file);
      setStatus({ kind: 'saved', file, count: all.rows.length, total: all.total });
    } catch {
      setStatus({ kind: 'failed' });
    }
  };

  const busy = status.kind === 'busy';
  return (
    <div className="market-export">
      <span className="market-export__buttons" role="group" aria-label={t('export.label')}>
        <Button size="small" fill="outline" disabled={busy || total === 0} onClick={() => void run('csv')}>
          {t('export.csv')}
        </Button>
        <Button size="small" fill="outline" disabled={busy || total === 0} onClick={() => void run('xlsx')}>
          {t('export.xlsx')}
        </Button>
      </span>
      <span className="market-export__status small" role="status">
        {status.kind === 'busy'
          ? t('export.busy', { done: status.done, total: status.total })
          : status.kind === 'saved'
            ? status.count < status.total
              ? t('export.savedPart', { file: status.file, count: status.count, total: status.total })
              : t('export.saved', { file: status.file, count: status.count })
            : status.kind === 'failed'
              ? t('export.failed')
              : ''}
      </span>
    </div>
  );
}
