import { lazy, Suspense } from 'react';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { useClosePrompt, usePrompts } from '../api/prompts.ts';

// Most visits have no open prompt: the dialog and the HTML sanitizer load only when one is.
const PromptModal = lazy(() => import('./prompt-modal.tsx'));

/** The first open prompt of a business area, shown once until the user closes it. */
export function PromptsDialog({ businessType }: { businessType: string }) {
  const { tx } = useLocalText();
  const prompts = usePrompts(businessType);
  const close = useClosePrompt(businessType);
  const prompt = prompts.data?.prompts[0];
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <PromptModal title={tx(prompt.title)} html={tx(prompt.content)} onClose={() => close.mutate(prompt)} />
    </Suspense>
  );
}
