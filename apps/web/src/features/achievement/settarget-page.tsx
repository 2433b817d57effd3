import { TargetForm } from './target-form.tsx';

export default function SetTargetPage() {
  return <TargetForm mode="set" />;
}
