import type { DocumentLang, DocumentRequest } from '@abo/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/storage.ts';
import { DownloadButton } from './download-button.tsx';
import { LongPressImage } from './long-press-image.tsx';

// The toast and the dialog (and the animation library under them) load on the click, with the
// delivery code, while the button shows it is busy: not with the pages that have the button.
const overlays = () =>
  Promise.all([
    import('antd-mobile/es/components/toast'),
    import('antd-mobile/es/components/dialog'),
    import('../../../lib/antd-setup.ts'),
  ]).then(([toast, dialog]) => ({
    Toast: toast.default,
    Dialog: dialog.default,
  }));

/** A document request without its language (the page's is added on click). */
export type PageDocument = DocumentRequest extends infer D ? (D extends DocumentRequest ? Omit<D, 'lang'> : never) : never;

/** WeChat and the company's app show files in their webview: a download there is dropped. */
export function inWebview(): boolean {
  const channel = getSession('channel');
  return channel === 'wec' || channel === 'ca';
}

/** The language a document is written in: the page's. */
export function documentLang(language: string): DocumentLang {
  return language.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/**
 * A button that gets a file the BFF renders (statement, certificate, income spreadsheet) and
 * delivers it as the channel can take it (lib/deliver-file.ts, loaded on click so the page's
 * chunk stays small). What happened is said: downloaded or saved by the app; in WeChat and the
 * app a PDF document's pages shown over the page to long-press, a spreadsheet's where to get it.
 */
export function DocumentButton({ label, document, disabled = false }: { label: string; document: PageDocument; disabled?: boolean }) {
  const { t, i18n } = useTranslation('income');
  const [busy, setBusy] = useState(false);
  const [pages, setPages] = useState<{ src: string; fileName: string } | null>(null);
  const closePages = useCallback(() => setPages(null), []);
  // The button, for the focus to come back to once the pages close (it is disabled while the file is made).
  const opener = useRef<HTMLElement | null>(null);
  const onClick = async () => {
    if (busy) return;
    opener.current = window.document.activeElement instanceof HTMLElement ? window.document.activeElement : null;
    setBusy(true);
    try {
      const [{ deliverDocument }, { Toast, Dialog }] = await Promise.all([import('../../../lib/deliver-file.ts'), overlays()]);
      const request = { ...document, lang: documentLang(i18n.language) } as DocumentRequest;
      const outcome = await deliverDocument(request);
      if (outcome.kind === 'image') {
        setPages({ src: outcome.src, fileName: outcome.fileName });
        return;
      }
      if (outcome.kind === 'elsewhere') {
        void Dialog.alert({ title: t('delivery.elsewhereTitle'), content: t('delivery.elsewhere'), confirmText: t('closeImage') });
        return;
      }
      Toast.show({
        icon: 'success',
        content: t(`delivery.${outcome.kind}`, { file: outcome.fileName }),
        // Long enough to read a file name (the default is 2 s).
        duration: 4000,
      });
    } catch (error) {
      // A refused request was told by the api client's own message (or it went to sign in).
      if (!(error instanceof ApiError)) {
        const { Toast } = await overlays();
        const detail = error instanceof Error && error.name === 'DeliveryError' ? error.message : '';
        Toast.show({ icon: 'fail', content: detail ? `${t('delivery.failed')} ${detail}` : t('delivery.failed') });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <DownloadButton label={label} busy={busy} busyText={t('delivery.preparing')} disabled={disabled} onClick={() => void onClick()} />
      {pages ? (
        <LongPressImage
          src={pages.src}
          alt={t('delivery.pagesAlt', { file: pages.fileName })}
          onClose={closePages}
          returnFocus={opener}
          tall
        />
      ) : null}
    </>
  );
}
