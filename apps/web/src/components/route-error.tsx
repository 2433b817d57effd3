import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** The top error boundary: a friendly page instead of a blank screen (plain markup: it loads with the app frame). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="page page--center" role="alert">
      <div className="error-panel">
        <h1 className="error-title">{t('error.title')}</h1>
        <p className="muted">{t('error.body')}</p>
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>
      </div>
    </main>
  );
}
