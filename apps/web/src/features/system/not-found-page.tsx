import { href } from '@abo/contract/pages';
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../components/error-block.tsx';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="page page--center" aria-labelledby="not-found-title">
      <ErrorBlock
        status="empty"
        title={
          <h1 id="not-found-title" className="error-title">
            {t('notFound.title')}
          </h1>
        }
        description={t('notFound.body')}
      >
        <Button color="primary" onClick={() => navigate(href('/'))}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </main>
  );
}
