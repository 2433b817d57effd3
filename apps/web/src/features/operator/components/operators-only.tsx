import { href } from '@abo/contract/pages';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { bffBaseUrl } from '../../../config/env.ts';

/** The staff sign-in, coming back to this page in the same language. */
export function operatorSignInUrl(language: string): string {
  const query = new URLSearchParams({ redirect_uri: `${import.meta.env.BASE_URL}operator`, lang: language === 'en-US' ? 'en' : 'zh' });
  return `${bffBaseUrl('iinquiry')}/idp/okta/login?${query.toString()}`;
}

/**
 * What anyone but an operator sees here: a distributor (never asked: the calls are staff's),
 * customer-service staff (the BFF answers FORBIDDEN), with the way to the operators' sign-in.
 */
export function OperatorsOnly({ staff }: { staff: boolean }) {
  const { t, i18n } = useTranslation('operator');
  const navigate = useNavigate();
  return (
    <section className="card op-only" data-testid="operators-only">
      <ErrorBlock
        status="default"
        title={<h2 className="error-title">{t('only.title')}</h2>}
        description={
          <>
            <span className="op-only__line">{t('only.body')}</span>
            {staff ? <span className="op-only__line">{t('only.staffBody')}</span> : null}
          </>
        }
      >
        <div className="op-buttons op-buttons--center">
          <a className="primary-button op-link-button" href={operatorSignInUrl(i18n.language)}>
            {t('only.signIn')}
          </a>
          <button type="button" className="op-secondary" onClick={() => void navigate(href('/'))}>
            {t('only.home')}
          </button>
        </div>
      </ErrorBlock>
    </section>
  );
}

/** The staff session ended (the query expired): sign in again, back to this page. */
export function SignedOut({ message }: { message: string }) {
  const { t, i18n } = useTranslation('operator');
  return (
    <section className="card op-only" role="alert">
      <ErrorBlock status="default" title={<h2 className="error-title">{t('expired.title')}</h2>} description={message}>
        <a className="primary-button op-link-button" href={operatorSignInUrl(i18n.language)}>
          {t('expired.again')}
        </a>
      </ErrorBlock>
    </section>
  );
}
