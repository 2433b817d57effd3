import { Button, Popup, type ButtonRef } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInIframe } from '../../../lib/ebiz-frame.ts';
import { getSession } from '../../../lib/storage.ts';
import { useFinishNoviceGuide, useNoviceGuide } from '../api/novice-guide.ts';

/**
 * Where the guide opens. In the ebiz portal's frame the frame is as tall as the page
 * (lib/ebiz-frame.ts), so the frame's bottom is often below the portal's fold and a bottom sheet
 * would open out of sight; the top of the frame is what the portal scrolls into view.
 */
export function guidePosition(channel: string | null, framed: boolean): 'top' | 'bottom' {
  return channel === 'ebiz' && framed ? 'top' : 'bottom';
}

/** The first-visit guide: three short steps, then never again for this user. */
export function NoviceGuide({ businessType }: { businessType: string }) {
  const { t } = useTranslation('home');
  const guide = useNoviceGuide(businessType);
  const finish = useFinishNoviceGuide(businessType);
  const [step, setStep] = useState(0);
  const next = useRef<ButtonRef>(null);
  const steps = t('guideSteps', { returnObjects: true }) as string[];
  const visible = !!guide.data?.show;
  // A modal dialog for the keyboard too (antd-mobile's Popup only draws a mask): the page behind is
  // inert while the guide is open (the popup renders outside #root), and each step's button takes
  // the focus, so Tab and Enter work through the steps.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!visible || !root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [visible]);
  useEffect(() => {
    if (visible) next.current?.nativeElement?.focus();
  }, [visible, step]);
  if (!visible) return null;
  const last = step === steps.length - 1;
  return (
    <Popup visible position={guidePosition(getSession('channel'), isInIframe())} bodyClassName="guide" aria-label={t('guideTitle')}>
      <div className="guide__body" role="dialog" aria-modal="true" aria-labelledby="guide-title">
        <h2 id="guide-title" className="card__title">
          {t('guideTitle')}
        </h2>
        <p className="muted small">{t('guideStep', { n: step + 1, total: steps.length })}</p>
        <p>{steps[step]}</p>
        <Button ref={next} block color="primary" loading={finish.isPending} onClick={() => (last ? finish.mutate() : setStep(step + 1))}>
          {last ? t('guideDone') : t('guideNext')}
        </Button>
      </div>
    </Popup>
  );
}
