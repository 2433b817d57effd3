import type { ChangePart } from '@abo/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatFenChange } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import './change-parts.css';

/** Parts shown before "show all": the largest causes answer the question; the rest on demand. */
const FIRST_PARTS = 5;

/** A page of this app (path and query), not an address elsewhere: only such an href becomes a link. */
const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

export interface ChangePartsProps {
  readonly parts: readonly ChangePart[];
  /** The figure each part moved: net pay on a statement, the promotion fee so far. */
  readonly amountOf: (part: ChangePart) => number;
  readonly heading: string;
  /** Beside the heading: that the parts add up to the change. */
  readonly note: string;
  readonly showAll: (count: number) => string;
  readonly showFewer: string;
}

function PartRow({ part, fen }: { part: ChangePart; fen: number }) {
  const { lang, tx } = useLocalText();
  const text = (
    <span className="change-parts__text">
      {tx(part.text)}
      {part.legAdaMasked ? <span className="muted"> · {part.legAdaMasked}</span> : null}
    </span>
  );
  // A pause between the cause and its amount for a screen reader ("… 1,100 PV, −¥900.00"), not
  // "PV minus ¥900"; the eye has the gap of the row.
  const amount = (
    <>
      <span className="visually-hidden">, </span>
      <span className="num change-parts__amount">{formatFenChange(fen, lang)}</span>
    </>
  );
  return (
    <li className="change-parts__part" data-kind={part.kind} data-fen={fen}>
      {part.href && isAppPath(part.href) ? (
        <Link to={part.href} className="change-parts__row change-parts__row--link">
          {text}
          {amount}
        </Link>
      ) : (
        <span className="change-parts__row">
          {text}
          {amount}
        </span>
      )}
    </li>
  );
}

/**
 * The causes of a change, largest first, each linked to the page that traces its figure: the
 * statement comparison of the service-fee page and the achievement page's "so far" share it.
 */
export function ChangeParts({ parts, amountOf, heading, note, showAll, showFewer }: ChangePartsProps) {
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const more = parts.length > FIRST_PARTS;
  const shown = all || !more ? parts : parts.slice(0, FIRST_PARTS);
  return (
    <>
      <h3 className="change-parts__heading" id={headingId}>
        {heading} <span className="muted small">{note}</span>
      </h3>
      <ol className="change-parts__list" id={listId} aria-labelledby={headingId}>
        {shown.map((p, i) => (
          <PartRow key={`${p.kind}-${p.itemCode}-${p.legAdaMasked ?? ''}-${i}`} part={p} fen={amountOf(p)} />
        ))}
      </ol>
      {more ? (
        <button
          type="button"
          className="link-button change-parts__toggle"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? showFewer : showAll(parts.length)}
        </button>
      ) : null}
    </>
  );
}
