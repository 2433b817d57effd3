import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useClosePrompt, usePrompts } from '../api/prompts.ts';

// Most visits have no open prompt: the dialog and the HTML sanitizer load only when one is.
const PromptModal = lazy(() => import('./prompt-modal.tsx'));

/** The first open prompt of a business area, shown once until the user closes it. */
export function PromptsDialog({ businessType }: { businessType: string }) {
  const { i18n } = useTranslation('home');
  const prompts = usePrompts(businessType);
  const close = useClosePrompt(businessType);
  const prompt = prompts.data?.prompts[0];
  if (!prompt) return null;
  const en = i18n.language === 'en-US';
  return (
    <Suspense fallback={null}>
      <PromptModal
        title={en ? prompt.titleEn : prompt.title}
        html={en ? prompt.contentEn : prompt.content}
        onClose={() => close.mutate(prompt)}
      />
    </Suspense>
  );
}
