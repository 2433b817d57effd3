import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textsOnFirstUse } from '../../i18n/index.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useDialogTrigger } from '../dialog/use-dialog.ts';
import type { TermKey } from './term-key.ts';
import './term.css';

// Only what the button needs loads with the page; the definitions and the popup load on the first
// tap.
const addTexts = textsOnFirstUse(
  'term',
  {
    hint: '点按查看释义',
    short: { pv: 'PV', bv: 'BV', apv: 'APV', spMonth: 'SP 月', q: 'Q', flq: 'FLQ', ldd: 'LDD', bracket: '业绩奖励比例' },
  },
  {
    hint: 'Tap for its meaning',
    short: { pv: 'PV', bv: 'BV', apv: 'APV', spMonth: 'SP month', q: 'Q', flq: 'FLQ', ldd: 'LDD', bracket: 'bracket' },
  },
);

const termPopup = preloadable(() => import('./term-popup.tsx'));

/**
 * A term with its definition one tap away: a button (keyboard and screen readers reach it like any
 * other; it says it opens a dialog) that opens a bottom popup with the plain-language definition,
 * and a link to the longer explanation where there is one. The label defaults to the term's short
 * name; pass children to use the sentence's own words.
 */
export function Term({ k, children }: { k: TermKey; children?: ReactNode }) {
  addTexts();
  const { t } = useTranslation('term');
  const { open, used, button, id, show, close } = useDialogTrigger();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="term"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // The hint as a tooltip and the accessible description, so the term's text stays the sentence's.
        title={t('hint')}
        data-term={k}
        onClick={show}
        onPointerEnter={() => void termPopup.preload()}
        onFocus={() => void termPopup.preload()}
      >
        {children ?? t(`short.${k}`)}
      </button>
      {used ? <termPopup.Component id={id} k={k} open={open} onClose={close} returnFocus={button} /> : null}
    </>
  );
}
