import type { PagePath } from '@abo/contract/pages';
import { Button, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { useSaveBiennialTag, type BiennialTrack } from './api/biennial-tag.ts';
import { usePlan } from './api/plan.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { criterionValue } from './components/text.ts';
import './i18n.ts';
import './incentive.css';

/** biennialaward/settag: choose the track the biennial award pages follow (saved). */
export default function BiennialSettagPage() {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const plan = usePlan({ route: '/incentiveplan/biennialaward' satisfies PagePath });
  const save = useSaveBiennialTag();
  const [picked, setChoice] = useState<string | null>(null);
  const choice = picked ?? plan.data?.chosenTrack ?? null;
  // What the last save said, beside the button (a status a screen reader announces, and that
  // stays until the choice changes, where a toast may be gone before it is read).
  const [outcome, setOutcome] = useState<'saved' | 'saveFailed' | null>(null);
  return (
    <Page title={t('settagTitle')} onRefresh={() => plan.refetch()}>
      <QueryState query={plan}>
        {(p) => (
          <section className="card" aria-labelledby="inc-settag">
            <h2 id="inc-settag" className="card__title">
              {tx(p.name)}
            </h2>
            <p className="small muted">{t('settagHint')}</p>
            <div className="inc-track__base">
              {p.criteria.map((c, i) => (
                <div key={i} className="small num">
                  <StatusTag status={c.status} /> {tx(c.label)} — {t('achieved')}{' '}
                  <strong className="figure--inline">{criterionValue(c.kind, c.achieved, lang)}</strong>
                </div>
              ))}
            </div>
            <Radio.Group
              value={choice ?? ''}
              onChange={(v) => {
                setChoice(String(v));
                setOutcome(null);
              }}
            >
              <Space direction="vertical" block>
                {p.levels.map((l) => (
                  <Radio key={l.code} value={l.code} block>
                    <span className="inc-track">
                      <span className="inc-track__name">
                        <strong>{tx(l.name)}</strong> <StatusTag status={l.status} />
                        {p.chosenTrack === l.code ? <span className="muted small">{t('current')}</span> : null}
                      </span>
                      <span className="small muted inc-track__criteria">
                        {l.criteria.map((c, i) => (
                          <span key={i} className="inc-track__criterion num">
                            {tx(c.label)} — {t('achieved')}{' '}
                            <span className="figure--inline">{criterionValue(c.kind, c.achieved, lang)}</span>
                          </span>
                        ))}
                      </span>
                    </span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            <Button
              block
              color="primary"
              className="inc-save"
              loading={save.isPending}
              disabled={!choice || choice === p.chosenTrack}
              onClick={() =>
                save.mutate(choice as BiennialTrack, {
                  onSuccess: () => setOutcome('saved'),
                  onError: () => setOutcome('saveFailed'),
                })
              }
            >
              {t('save')}
            </Button>
            <p className={`small inc-save__status${outcome === 'saveFailed' ? ' inc-save__status--failed' : ''}`} role="status">
              {outcome ? t(outcome) : null}
            </p>
          </section>
        )}
      </QueryState>
    </Page>
  );
}
