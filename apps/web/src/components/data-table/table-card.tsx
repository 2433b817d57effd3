import { createContext, useContext, useId, type ReactNode } from 'react';

const CardHeading = createContext<string | undefined>(undefined);

/** The id of the heading of the card a table sits in: the table's name unless it has a caption. */
export function useCardHeading(): string | undefined {
  return useContext(CardHeading);
}

export interface TableCardProps {
  title: ReactNode;
  /** The heading's id, when something else refers to it; otherwise one is made. */
  id?: string;
  /** Controls beside the title (a month picker). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A card with a heading that names the tables inside it (their `aria-labelledby`), so a screen
 * reader announces a table by the title the eye reads above it.
 */
export function TableCard({ title, id, actions, className, children }: TableCardProps) {
  const made = useId();
  const headingId = id ?? made;
  const heading = (
    <h2 id={headingId} className="card__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId}>
      {actions ? (
        <div className="table-card__head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      <CardHeading.Provider value={headingId}>{children}</CardHeading.Provider>
    </section>
  );
}
