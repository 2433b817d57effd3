import { Button, Toast } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that turns an element into a file (PDF or PNG); the export libraries load on click. */
export function ExportButton({
  target,
  label,
  run,
}: {
  target: RefObject<HTMLElement | null>;
  label: string;
  run: (el: HTMLElement) => Promise<void>;
}) {
  const { t } = useTranslation('income');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (!target.current || busy) return;
    setBusy(true);
    try {
      await run(target.current);
      Toast.show({ content: t('exportDone') });
    } catch {
      Toast.show({ icon: 'fail', content: t('exportFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      onClick={() => void onClick()}
      loading={busy}
      loadingText={t('exporting')}
      data-export="skip"
    >
      <DownlandOutline aria-hidden="true" /> {label}
    </Button>
  );
}
