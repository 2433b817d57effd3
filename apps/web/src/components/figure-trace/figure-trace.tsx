import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { textsOnFirstUse } from '../../i18n/index.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useDialogTrigger } from '../dialog/use-dialog.ts';
import type { TraceInput } from './types.ts';
import './figure-trace.css';

export type { TraceInput } from './types.ts';

// Only the button loads with the page; the popup, its texts and the engine's rule tables load when
// the pointer or the focus reaches it, and open without waiting once there.
const addTexts = textsOnFirstUse('trace', { button: '如何计算？' }, { button: 'How is this calculated?' });

const tracePopup = preloadable(() => import('./trace-popup.tsx'));

/**
 * "How is this calculated?" for one figure: a button that opens a dialog with that figure's own
 * trace (its inputs and their values, the rule in words, the result) worked out by the plan
 * engine, and a link to the general explanation. `subject` names the figure for screen readers
 * when a page has several traces.
 */
export function FigureTrace({
  trace,
  subject,
  compact = false,
  label,
  className,
}: {
  trace: TraceInput;
  subject?: string;
  /** Only the icon (in a table cell); the words stay the button's name. */
  compact?: boolean;
  /**
   * The button's words in place of "How is this calculated?", for the "why" beside an answer;
   * its name is then `label: subject`.
   */
  label?: string;
  className?: string;
}) {
  addTexts();
  const { t } = useTranslation('trace');
  const { open, used, button, id, show, close } = useDialogTrigger();
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`term-help figure-trace${compact ? ' figure-trace--compact' : ''}${className ? ` ${className}` : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={subject ? (label ? `${label}: ${subject}` : `${t('button')} ${subject}`) : undefined}
        title={compact ? (label ?? t('button')) : undefined}
        data-trace={trace.kind}
        onClick={show}
        onPointerEnter={() => void tracePopup.preload()}
        onFocus={() => void tracePopup.preload()}
      >
        <QuestionCircleOutline aria-hidden="true" />
        <span className={compact ? 'visually-hidden' : undefined}>{label ?? t('button')}</span>
      </button>
      {used ? <tracePopup.Component id={id} trace={trace} open={open} onClose={close} returnFocus={button} /> : null}
    </>
  );
}
