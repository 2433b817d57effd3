import { TargetForm } from './target-form.tsx';

export default function AdjustTargetPage() {
  return <TargetForm mode="adjust" />;
}
