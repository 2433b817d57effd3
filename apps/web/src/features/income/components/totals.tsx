import type { IncomeTotals } from '@abo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../components/figure.tsx';
import { formatFen, formatFenLess } from '../../../lib/format.ts';

/** Pre-tax → tax withheld → net, as three headline figures (data-* carry the fen for checks). */
export function TotalsGrid({ totals, caption }: { totals: IncomeTotals; caption?: string }) {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  return (
    <div className="grid grid--3 income-totals" aria-label={caption}>
      <div data-pretax-fen={totals.pretaxFen}>
        <Figure value={formatFen(totals.pretaxFen, lang)} label={t('pretax')} />
      </div>
      <div data-tax-fen={totals.taxFen}>
        <Figure value={formatFenLess(totals.taxFen, lang)} label={t('tax')} />
      </div>
      <div data-net-fen={totals.netFen}>
        <Figure value={formatFen(totals.netFen, lang)} label={t('net')} />
      </div>
    </div>
  );
}

/** A card of worked-out steps under its title: `children` the list's terms and figures, `after` what follows it. */
export function StepsCard({ id, title, children, after }: { id: string; title: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      <dl className="income-steps">{children}</dl>
      {after}
    </section>
  );
}
