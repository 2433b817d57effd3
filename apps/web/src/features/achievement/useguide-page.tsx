import { href } from '@abo/contract/pages';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './useguide-i18n.ts';

/** /achievement/localranktracking/useguide: how rank tracking works, with this PY's pin rules. */
export default function UseGuidePage() {
  const { t, tx } = useAch();
  const q = useRank();
  const steps = t('guide.steps', { returnObjects: true }) as string[];
  return (
    <Page title={t('nav.useguide')} onRefresh={() => q.refetch()}>
      <section className="card">
        <h2 className="card__title">{t('nav.localranktracking')}</h2>
        <p>{t('guide.intro')}</p>
        <ol className="ach-steps">
          {steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p className="ach-note">
          <Link to={href('/achievement/localranktracking')}>{t('nav.localranktracking')}</Link> · <TermHelp code="Q_MONTH" />
        </p>
      </section>
      <QueryState query={q}>
        {(d) => (
          <section className="card">
            <h2 className="card__title">
              {t('guide.rules')} · {d.py}
            </h2>
            <dl>
              {d.pins.map((p) => (
                <div key={p.pinCode} style={{ marginBottom: 8 }}>
                  <dt>
                    <strong>{tx(p.name)}</strong>
                  </dt>
                  <dd className="muted small" style={{ margin: 0 }}>
                    {tx(p.rule)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </QueryState>
    </Page>
  );
}
