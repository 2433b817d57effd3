import { Button, Toast } from 'antd-mobile';
import '../../lib/antd-setup.ts';
import { useState } from 'react';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSetShop, useShop, useShops } from './api/shop.ts';
import { ChoiceList, useAch } from './components/shared.tsx';
import './i18n.ts';
import './setshop-i18n.ts';

/** /achievement/setshop: choose the service shop (from /common/shops), saved in the user's settings. */
export default function SetShopPage() {
  const { t, lang, tx } = useAch();
  const current = useShop();
  const shops = useShops();
  const save = useSetShop();
  const [choice, setChoice] = useState<string | null>(null);
  const refresh = () => Promise.all([current.refetch(), shops.refetch()]);
  return (
    <Page title={t('nav.setshop')} onRefresh={refresh} wide>
      <QueryState query={current}>
        {(c) => (
          <section className="card">
            <h2 className="card__title">{t('shop.current')}</h2>
            {c.shop ? (
              <>
                <p>
                  <strong>{tx(c.shop.name)}</strong> · {tx(c.shop.city)}
                </p>
                <p className="muted small">{c.shop.address}</p>
                <p className="muted small">
                  {t('shop.phone')}: <a href={`tel:${c.shop.phone}`}>{c.shop.phone}</a>
                </p>
                {c.updatedAt ? (
                  <p className="muted small">{t('shop.savedAt', { time: new Date(c.updatedAt).toLocaleString(lang) })}</p>
                ) : null}
              </>
            ) : (
              <p className="muted">{t('shop.none')}</p>
            )}
            <p className="muted small">{t('shop.source')}</p>
          </section>
        )}
      </QueryState>
      <QueryState query={shops} isEmpty={(s) => s.shops.length === 0}>
        {(s) => {
          const selected = choice ?? current.data?.shop?.code ?? null;
          return (
            <section className="card">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!selected) return;
                  save.mutate(selected, { onSuccess: () => Toast.show({ content: t('shop.saved') }) });
                }}
              >
                <fieldset className="ach-fieldset">
                  <legend className="card__title">{t('shop.choose')}</legend>
                  <ChoiceList
                    className="ach-choice grid grid--2"
                    name="shop"
                    choices={s.shops.map((shop) => ({
                      value: shop.code,
                      title: tx(shop.name),
                      detail: `${tx(shop.city)} · ${shop.address} · ${shop.phone}`,
                    }))}
                    selected={selected}
                    onPick={setChoice}
                  />
                </fieldset>
                <div className="ach-actions">
                  <Button type="submit" color="primary" loading={save.isPending} disabled={!selected}>
                    {t('save')}
                  </Button>
                </div>
              </form>
            </section>
          );
        }}
      </QueryState>
    </Page>
  );
}
