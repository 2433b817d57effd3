import { Toast } from 'antd-mobile';
import '../../../lib/antd-setup.ts';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from './download-button.tsx';

/**
 * A button that turns an element into an image; the export library loads on click. `done` is
 * the message once `run` succeeded ("downloaded" by default), null for none (when `run` shows
 * the image itself rather than downloading it).
 */
export function ExportButton({
  target,
  label,
  run,
  done,
}: {
  target: RefObject<HTMLElement | null>;
  label: string;
  run: (el: HTMLElement) => Promise<void>;
  done?: string | null;
}) {
  const { t } = useTranslation('income');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (!target.current || busy) return;
    setBusy(true);
    try {
      await run(target.current);
      if (done !== null) Toast.show({ content: done ?? t('exportDone') });
    } catch {
      Toast.show({ icon: 'fail', content: t('exportFailed') });
    } finally {
      setBusy(false);
    }
  };
  return <DownloadButton label={label} busy={busy} busyText={t('exporting')} onClick={() => void onClick()} />;
}
