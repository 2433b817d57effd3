import { Modal } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html.tsx';

export interface PromptModalProps {
  title: string;
  html: string;
  onClose: () => void;
}

/** One prompt's dialog: its HTML goes through SafeHtml (and DOMPurify, which loads with it). */
export default function PromptModal({ title, html, onClose }: PromptModalProps) {
  const { t } = useTranslation('home');
  return (
    <Modal
      visible
      title={title}
      content={<SafeHtml html={html} />}
      closeOnAction
      actions={[{ key: 'close', text: t('promptClose'), primary: true }]}
      onAction={onClose}
    />
  );
}
