import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishNoviceGuide, useNoviceGuide } from '../api/novice-guide.ts';

/** The first-visit guide: three short steps, then never again for this user. */
export function NoviceGuide({ businessType }: { businessType: string }) {
  const { t } = useTranslation('home');
  const guide = useNoviceGuide(businessType);
  const finish = useFinishNoviceGuide(businessType);
  const [step, setStep] = useState(0);
  const steps = t('guideSteps', { returnObjects: true }) as string[];
  if (!guide.data?.show) return null;
  const last = step === steps.length - 1;
  return (
    <Popup visible position="bottom" bodyClassName="guide" aria-label={t('guideTitle')}>
      <div className="guide__body" role="dialog" aria-modal="true" aria-labelledby="guide-title">
        <h2 id="guide-title" className="card__title">{t('guideTitle')}</h2>
        <p className="muted small">{t('guideStep', { n: step + 1, total: steps.length })}</p>
        <p>{steps[step]}</p>
        <Button block color="primary" loading={finish.isPending} onClick={() => (last ? finish.mutate() : setStep(step + 1))}>
          {last ? t('guideDone') : t('guideNext')}
        </Button>
      </div>
    </Popup>
  );
}
