import { href } from '@abo/contract/pages';
import { pinName } from '@abo/plan';
import { Button, Toast } from 'antd-mobile';
import '../../lib/antd-setup.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useRank } from './api/get-rank.ts';
import { useSaveTarget } from './api/save-target.ts';
import { PinCard } from './components/pin-card.tsx';
import { ChoiceList, useAch } from './components/shared.tsx';
import './i18n.ts';

/** settarget / adjusttarget: choose a pin above the current one and save it. */
export function TargetForm({ mode }: { mode: 'set' | 'adjust' }) {
  const { t, tx } = useAch();
  const q = useRank();
  const saveSet = useSaveTarget('set');
  const saveAdjust = useSaveTarget('adjust');
  const navigate = useNavigate();
  const [choice, setChoice] = useState<number | null>(null);
  const title = t(mode === 'set' ? 'nav.settarget' : 'nav.adjusttarget');
  return (
    <Page title={title} onRefresh={() => q.refetch()}>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const options = d.pins.filter((p) => p.above);
          const savedTarget = options.some((p) => p.pinCode === d.targetPin) ? d.targetPin : null;
          const selected = choice ?? savedTarget ?? options[0]?.pinCode ?? null;
          // Adjusting without a target yet sets the first one (the server refuses an adjust without one).
          const noTargetYet = mode === 'adjust' && d.targetPin === null;
          const save = noTargetYet || mode === 'set' ? saveSet : saveAdjust;
          const submit = async () => {
            if (selected === null) return;
            const r = await save.mutateAsync(selected);
            Toast.show({ content: t(r.changed ? 'targetSaved' : 'targetUnchanged', { name: tx(r.name) }) });
            void navigate(href('/achievement/localranktracking'));
          };
          return (
            <>
              <PinCard d={d} />
              <section className="card">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void submit().catch(() => undefined);
                  }}
                >
                  <fieldset className="ach-fieldset">
                    <legend className="card__title">{t('choosePin')}</legend>
                    {d.targetPin ? <p className="muted small">{t('currentTarget', { name: tx(pinName(d.targetPin)) })}</p> : null}
                    {noTargetYet ? <p className="muted small">{t('needTargetFirst')}</p> : null}
                    {options.length === 0 ? <p className="muted">{t('noNextPin')}</p> : null}
                    <ChoiceList
                      name="target-pin"
                      choices={options.map((p) => ({ value: p.pinCode, title: tx(p.name), detail: tx(p.rule) }))}
                      selected={selected}
                      onPick={setChoice}
                    />
                  </fieldset>
                  <div className="ach-actions">
                    <Button type="submit" color="primary" loading={save.isPending} disabled={selected === null}>
                      {t('save')}
                    </Button>
                    <Button type="button" fill="outline" onClick={() => navigate(href('/achievement/localranktracking'))}>
                      {t('cancel')}
                    </Button>
                  </div>
                </form>
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
