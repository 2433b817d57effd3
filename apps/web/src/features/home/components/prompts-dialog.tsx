import { Modal } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useClosePrompt, usePrompts } from '../api/prompts.ts';

/** The first open prompt of a business area, shown once until the user closes it. */
export function PromptsDialog({ businessType }: { businessType: string }) {
  const { t, i18n } = useTranslation('home');
  const prompts = usePrompts(businessType);
  const close = useClosePrompt(businessType);
  const prompt = prompts.data?.prompts[0];
  if (!prompt) return null;
  const en = i18n.language === 'en-US';
  return (
    <Modal
      visible
      title={en ? prompt.titleEn : prompt.title}
      content={<SafeHtml html={en ? prompt.contentEn : prompt.content} />}
      closeOnAction
      actions={[{ key: 'close', text: t('promptClose'), primary: true }]}
      onAction={() => close.mutate(prompt)}
    />
  );
}
