import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../components/error-block.tsx';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { logout } from '../../lib/storage.ts';
import { safeFrom } from './login-page.tsx';
import './i18n.ts';

/** Session expired (9900401): sign in again, then back to where the user was. */
export default function AuthenticationPage() {
  const { t } = useTranslation('system');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safeFrom(params.get('from'));
  const again = () => {
    // Keeps the used session tokens and the channel (docs/contract.md §4).
    logout();
    void navigate(from, { replace: true });
  };
  return (
    <Page title={t('auth.title')} back={false}>
      <section className="card">
        <ErrorBlock status="default" title={<h2 className="error-title">{t('auth.title')}</h2>} description={t('auth.body')}>
          <Button color="primary" onClick={again}>
            {t('auth.again')}
          </Button>
        </ErrorBlock>
      </section>
    </Page>
  );
}
