import { ErrorBlock } from '../../../../components/error-block.tsx';
import type { ReactNode } from 'react';

/** An empty state inside a loaded page (the QueryState one covers the whole answer). */
export function EmptyCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="card">
      <ErrorBlock status="empty" title={title} description={text}>
        {children}
      </ErrorBlock>
    </div>
  );
}
