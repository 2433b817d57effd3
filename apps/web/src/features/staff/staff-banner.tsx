import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queriedAda } from '../../lib/api-client.ts';
import { removeSession } from '../../lib/storage.ts';
import { rememberLookup } from './recent-lookups.ts';
import './i18n.ts';
import './staff.css';

/**
 * Back to the look-up: the app's home (vite.config.ts `base`), which shows it, as a new page load
 * so nothing of this distributor stays in memory. The address keeps its other parameters (the
 * language, the channel).
 */
export function startNewLookup(): void {
  removeSession('queryAda');
  const url = new URL(window.location.href);
  url.searchParams.delete('queryAda');
  window.location.assign(import.meta.env.BASE_URL + url.search);
}

/**
 * Staff (iinquiry) looking at a distributor: who, the whole ADA, and that the view is audited,
 * on every page (in the page's sticky bar), with the way back to the look-up. `info`: the
 * distributor's dstInfo (the app layout asks for it anyway).
 */
export default function StaffBanner({ info }: { info: { ada: string; fullName: string } | undefined }) {
  const { t } = useTranslation('staff');
  const ada = queriedAda() ?? '';
  const name = info?.ada === ada ? info.fullName : null;
  useEffect(() => {
    if (name) rememberLookup({ ada, name });
  }, [ada, name]);
  return (
    <div className="staff-banner" data-testid="staff-banner">
      <p className="staff-banner__text">
        <span className="staff-banner__badge" aria-hidden="true" />
        {/* Three parts that wrap between them only: a phone never breaks "已审计" or "张建国 10000004". */}
        <span className="staff-banner__part">{t('banner.before')}</span>{' '}
        <strong className="staff-banner__part num">
          {name ? (
            <>
              <bdi>{name}</bdi> {ada}
            </>
          ) : (
            ada
          )}
        </strong>{' '}
        <span className="staff-banner__part">{t('banner.after')}</span>
      </p>
      <button type="button" className="staff-banner__action" onClick={startNewLookup}>
        {t('banner.newLookup')}
      </button>
    </div>
  );
}
