// The member list's filters and the sort picker.
import type { MemberSort } from '@abo/contract';
import { MEMBER_SORT_ORDER } from '@abo/contract/member-sorts';
import { PIN_CODES, pinName } from '@abo/plan';
import { Button } from 'antd-mobile';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { BRACKETS } from '../members-url.ts';

/** The sorts as the sort picker lists them: the everyday ones first. */
const SORTS: MemberSort[] = ['pgpv', 'pvToQ', 'gpv', 'ppv', 'qMonths', 'pin', 'level', 'joinDate'];

/** One option a value, labelled. */
const optionsOf = <T extends string | number>(values: readonly T[], label: (v: T) => ReactNode) =>
  values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));

/** A filter: its label over its picker of `children` (options), `onPick` given the value picked. */
function Field({
  label,
  value,
  onPick,
  children,
}: {
  label: ReactNode;
  value: string | number;
  onPick: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="market-field">
      <span className="muted small">{label}</span>
      <select value={value} onChange={(e) => onPick(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

export function Filters({
  query,
  maxLevel,
  wide,
  onChange,
  onReset,
}: {
  query: MemberQuery;
  maxLevel: number;
  wide: boolean;
  onChange: (q: Partial<MemberQuery>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const [search, setSearch] = useState(query.search ?? '');
  const levels = Array.from({ length: Math.max(1, maxLevel) }, (_, i) => i + 1);
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: search.trim() || undefined });
  };
  return (
    <section className="card market-filters" aria-labelledby="market-filters-title">
      <h2 className={wide ? 'card__title' : 'visually-hidden'} id="market-filters-title">
        {t('filters')}
      </h2>
      <form className="market-search" onSubmit={submit} role="search">
        <input
          type="search"
          value={search}
          maxLength={40}
          placeholder={t('search')}
          aria-label={t('search')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" color="primary" size="small">
          {t('searchButton')}
        </Button>
      </form>
      <details className="market-filter-more" open={wide}>
        <summary>{t('filters')}</summary>
        <div className="market-filter-grid">
          {(['levelMin', 'levelMax'] as const).map((key) => (
            <Field
              key={key}
              label={t(key === 'levelMin' ? 'levelFrom' : 'levelTo')}
              value={query[key] ?? ''}
              onPick={(v) => onChange({ [key]: num(v) })}
            >
              <option value="">{t('levelAll')}</option>
              {optionsOf(levels, (n) => t('levelN', { n }))}
            </Field>
          ))}
          <Field
            label={t('filterPin')}
            value={query.pins?.[0] ?? ''}
            onPick={(v) => onChange({ pins: v === '' ? undefined : [Number(v)] })}
          >
            <option value="">{t('bracketAll')}</option>
            {optionsOf(PIN_CODES, (p) => tx(pinName(p)))}
          </Field>
          <Field
            label={t('filterBracket')}
            value={query.bracketMin ?? ''}
            onPick={(v) => onChange({ bracketMin: num(v), bracketMax: num(v) })}
          >
            <option value="">{t('bracketAll')}</option>
            {optionsOf(BRACKETS, (b) => `${b}%`)}
          </Field>
          <Field label={t('filterQ')} value={query.q ?? 'all'} onPick={(v) => onChange({ q: v as 'all' | 'q' | 'notQ' })}>
            <option value="all">{t('qAll')}</option>
            <option value="q">{t('isQ')}</option>
            <option value="notQ">{t('notQ')}</option>
          </Field>
          <Field
            label={t('sortBy')}
            value={query.sort ?? 'pgpv'}
            onPick={(v) => onChange({ sort: v as MemberSort, order: MEMBER_SORT_ORDER[v as MemberSort] })}
          >
            {optionsOf(SORTS, (s) => t(`sorts.${s}`))}
          </Field>
          <Field
            label={
              <>
                {t('sortDesc')} / {t('sortAsc')}
              </>
            }
            value={query.order ?? 'desc'}
            onPick={(v) => onChange({ order: v as 'asc' | 'desc' })}
          >
            <option value="desc">{t(query.sort === 'pvToQ' ? 'farthestFirst' : 'sortDesc')}</option>
            <option value="asc">{t(query.sort === 'pvToQ' ? 'closestFirst' : 'sortAsc')}</option>
          </Field>
          <label className="market-check">
            <input type="checkbox" checked={!!query.joinedThisPy} onChange={(e) => onChange({ joinedThisPy: e.target.checked })} />
            <span>{t('joinedThisPy')}</span>
          </label>
        </div>
        <Button size="small" fill="outline" onClick={onReset}>
          {t('reset')}
        </Button>
      </details>
    </section>
  );
}
