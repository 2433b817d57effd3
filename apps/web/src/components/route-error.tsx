import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** The top error boundary: a friendly page instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="page page--center" role="alert">
      <ErrorBlock status="default" title={<h1 className="error-title">{t('error.title')}</h1>} description={t('error.body')}>
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </Button>
      </ErrorBlock>
    </main>
  );
}
