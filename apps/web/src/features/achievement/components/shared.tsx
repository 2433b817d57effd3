import { href } from '@abo/contract/pages';
import type { AchCondition } from '@abo/contract';
import { ProgressBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayOpen } from '../../../lib/write-pages.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatMonth, formatPv } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import '../achievement.css';

/** The language and helpers every achievement page uses. */
export function useAch() {
  const { t } = useTranslation('achievement');
  const text = useLocalText();
  return {
    t,
    ...text,
    pv: (n: number) => formatPv(n, text.lang),
    month: (m: string) => formatMonth(m, text.lang),
  };
}

/** A month picker (native select: keyboard and screen-reader friendly). */
export function MonthSelect({
  months,
  value,
  onChange,
  current,
}: {
  months: string[];
  value: string;
  onChange: (m: string) => void;
  current?: string;
}) {
  const { t, month } = useAch();
  const id = useId();
  return (
    <label className="ach-month-select" htmlFor={id}>
      <span className="muted small">{t('month')}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {months.map((m) => (
          <option key={m} value={m}>
            {month(m)}
            {m === current ? t('mtd') : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A condition to list: the engine's status and reason when the server judged it. */
type ListedCondition = Omit<AchCondition, 'status' | 'reason'> & Partial<Pick<AchCondition, 'status' | 'reason'>>;

export function ConditionList({ conditions }: { conditions: ListedCondition[] }) {
  const { t, tx, pv } = useAch();
  return (
    <ul className="ach-conditions">
      {conditions.map((c) => {
        const pct = c.required > 0 ? Math.min(100, Math.round((c.achieved / c.required) * 100)) : 100;
        return (
          <li key={c.key} className="ach-condition">
            <div className="ach-condition__head">
              <span>{tx(c.label)}</span>
              {c.status ? <StatusTag status={c.status} /> : c.met ? <StatusTag status="met" /> : null}
            </div>
            {c.reason ? <p className="small muted">{tx(c.reason)}</p> : null}
            <ProgressBar percent={pct} aria-hidden="true" />
            <div className="ach-condition__figures small num">
              <span>
                {t('achieved')} <strong>{pv(c.achieved)}</strong> / {t('required')} {pv(c.required)}
              </span>
              {!c.met ? (
                <span>
                  {t('gap')} <strong>{pv(c.required - c.achieved)}</strong>
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export type AchPageKey =
  | 'localranktracking'
  | 'type'
  | 'topup'
  | 'setshop'
  | 'self'
  | 'oversea'
  | 'overallmarketapv'
  | 'outstandingpersonnelview'
  | 'outstandingpersonnelapv'
  | 'marketingstarglorylist'
  | 'marketingstardetail'
  | 'estimate'
  | 'dealerinvitation'
  | 'compositionapv'
  | 'apv';

export const ACH_GROUPS: { key: 'rank' | 'volume' | 'market' | 'tools'; pages: AchPageKey[] }[] = [
  { key: 'rank', pages: ['localranktracking', 'marketingstardetail', 'marketingstarglorylist'] },
  { key: 'volume', pages: ['self', 'apv', 'compositionapv', 'topup'] },
  { key: 'market', pages: ['overallmarketapv', 'oversea', 'outstandingpersonnelview', 'outstandingpersonnelapv'] },
  { key: 'tools', pages: ['estimate', 'dealerinvitation', 'setshop', 'type'] },
];

/** A link to an achievement page; none to a page staff may not open (a write page, lib/write-pages.ts). */
export function AchLink({ page }: { page: AchPageKey }) {
  const { t } = useAch();
  const path = href(`/achievement/${page}`);
  if (!mayOpen(path)) return null;
  return (
    <Link to={path} className="ach-link">
      <span>
        <span className="ach-link__title">{t(`nav.${page}`)}</span>
        <span className="muted small ach-link__hint">{t(`navHint.${page}`)}</span>
      </span>
      <RightOutline aria-hidden="true" />
    </Link>
  );
}

/** Yes/no as text with a symbol, never colour alone. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useAch();
  return <span className={value ? 'ach-yes' : 'ach-no'}>{value ? `✓ ${t('yes')}` : `– ${t('no')}`}</span>;
}

/** Radio choices, each its name in bold over a line of detail: the target pin, the service shop. */
export function ChoiceList<T extends string | number>({
  name,
  choices,
  selected,
  onPick,
  className = 'ach-choice',
}: {
  name: string;
  choices: { value: T; title: ReactNode; detail: ReactNode }[];
  selected: T | null;
  onPick: (value: T) => void;
  className?: string;
}) {
  return (
    <ul className={className}>
      {choices.map((c) => (
        <li key={c.value}>
          <label>
            <input type="radio" name={name} value={c.value} checked={selected === c.value} onChange={() => onPick(c.value)} />
            <span>
              <strong>{c.title}</strong>
              <span className="muted small" style={{ display: 'block' }}>
                {c.detail}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
