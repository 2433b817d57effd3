// The member list's filters and the sort picker.
import type { MemberSort } from '@abo/contract';
import { MEMBER_SORT_ORDER } from '@abo/contract/member-sorts';
import { PIN_CODES, pinName } from '@abo/plan';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { BRACKETS } from '../members-url.ts';

/** The sorts as the sort picker lists them: the everyday ones first. */
const SORTS: MemberSort[] = ['pgpv', 'pvToQ', 'gpv', 'ppv', 'qMonths', 'pin', 'level', 'joinDate'];
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
          <label className="market-field">
            <span className="muted small">{t('levelFrom')}</span>
            <select value={query.levelMin ?? ''} onChange={(e) => onChange({ levelMin: num(e.target.value) })}>
              <option value="">{t('levelAll')}</option>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {t('levelN', { n: l })}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('levelTo')}</span>
            <select value={query.levelMax ?? ''} onChange={(e) => onChange({ levelMax: num(e.target.value) })}>
              <option value="">{t('levelAll')}</option>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {t('levelN', { n: l })}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterPin')}</span>
            <select
              value={query.pins?.[0] ?? ''}
              onChange={(e) =>
                onChange({
                  pins: e.target.value === '' ? undefined : [Number(e.target.value)],
                })
              }
            >
              <option value="">{t('bracketAll')}</option>
              {PIN_CODES.map((p) => (
                <option key={p} value={p}>
                  {tx(pinName(p))}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterBracket')}</span>
            <select
              value={query.bracketMin ?? ''}
              onChange={(e) => {
                const b = num(e.target.value);
                onChange({ bracketMin: b, bracketMax: b });
              }}
            >
              <option value="">{t('bracketAll')}</option>
              {BRACKETS.map((b) => (
                <option key={b} value={b}>
                  {b}%
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterQ')}</span>
            <select value={query.q ?? 'all'} onChange={(e) => onChange({ q: e.target.value as 'all' | 'q' | 'notQ' })}>
              <option value="all">{t('qAll')}</option>
              <option value="q">{t('isQ')}</option>
              <option value="notQ">{t('notQ')}</option>
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('sortBy')}</span>
            <select
              value={query.sort ?? 'pgpv'}
              onChange={(e) => {
                const sort = e.target.value as MemberSort;
                onChange({ sort, order: MEMBER_SORT_ORDER[sort] });
              }}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">
              {t('sortDesc')} / {t('sortAsc')}
            </span>
            <select value={query.order ?? 'desc'} onChange={(e) => onChange({ order: e.target.value as 'asc' | 'desc' })}>
              <option value="desc">{t(query.sort === 'pvToQ' ? 'farthestFirst' : 'sortDesc')}</option>
              <option value="asc">{t(query.sort === 'pvToQ' ? 'closestFirst' : 'sortAsc')}</option>
            </select>
          </label>
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
