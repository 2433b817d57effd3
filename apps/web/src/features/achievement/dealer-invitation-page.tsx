import type { AchInvitation } from '@abo/contract';
import { Button, Dialog, Toast } from 'antd-mobile';
import '../../lib/antd-setup.ts';
import { useState } from 'react';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { invitationUrl, useCreateInvitation, useInvitations, useRevokeInvitation } from './api/invitations.ts';
import { InvitationQr } from './components/invitation-qr.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './dealer-invitation-i18n.ts';

function InvitationLink({ inv }: { inv: AchInvitation }) {
  const { t } = useAch();
  const url = invitationUrl(inv.path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      Toast.show({ content: t('invite.copied') });
    } catch {
      window.prompt(t('invite.link'), url);
    }
  };
  return (
    <div>
      <p className="muted small">{t('invite.link')}</p>
      <p className="ach-link-box">
        <a href={url} data-testid="invitation-link" target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      </p>
      <div className="ach-actions">
        <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>
          {t('invite.copy')}
        </Button>
      </div>
      <InvitationQr url={url} alt={t('invite.qrAlt', { name: inv.inviteeName })} />
    </div>
  );
}

/** /achievement/dealerinvitation: create an invitation link with its QR code; list and revoke. */
export default function DealerInvitationPage() {
  const { t, lang } = useAch();
  const list = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<AchInvitation | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const submit = async () => {
    if (!name.trim()) {
      setError(t('invite.nameRequired'));
      return;
    }
    setError(null);
    const r = await create.mutateAsync({ inviteeName: name.trim(), note: note.trim() });
    setCreated(r.invitation);
    setName('');
    setNote('');
    Toast.show({ content: t('invite.created') });
  };

  const onRevoke = async (inv: AchInvitation) => {
    const yes = await Dialog.confirm({
      content: t('invite.revokeConfirm', { name: inv.inviteeName }),
      confirmText: t('invite.revoke'),
      cancelText: t('cancel'),
    });
    if (!yes) return;
    await revoke.mutateAsync(inv.id);
    if (created?.id === inv.id) setCreated(null);
  };

  return (
    <Page title={t('nav.dealerinvitation')} onRefresh={() => list.refetch()} wide>
      <div className="grid grid--2">
        <section className="card">
          <h2 className="card__title">{t('invite.create')}</h2>
          <form
            className="ach-form"
            onSubmit={(e) => {
              e.preventDefault();
              void submit().catch(() => undefined);
            }}
          >
            <label>
              {t('invite.name')}
              <input
                name="inviteeName"
                value={name}
                maxLength={40}
                placeholder={t('invite.namePlaceholder')}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'invite-error' : undefined}
              />
            </label>
            {error ? (
              <p id="invite-error" className="status status--missed" role="alert">
                {error}
              </p>
            ) : null}
            <label>
              {t('invite.note')}
              <textarea
                name="note"
                rows={2}
                maxLength={200}
                value={note}
                placeholder={t('invite.notePlaceholder')}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <Button type="submit" color="primary" loading={create.isPending}>
              {t('invite.submit')}
            </Button>
          </form>
          {created ? (
            <div className="ach-note" data-testid="created-invitation">
              <h3 className="card__title">
                {t('invite.created')} · {created.inviteeName}
              </h3>
              <InvitationLink inv={created} />
            </div>
          ) : null}
        </section>
        <section className="card">
          <h2 className="card__title">{t('invite.list')}</h2>
          <QueryState query={list} isEmpty={(d) => d.invitations.length === 0} emptyText={t('invite.none')}>
            {(d) => (
              <ul className="ach-invites">
                {d.invitations.map((inv) => (
                  <li key={inv.id}>
                    <div className="ach-toolbar">
                      <div>
                        <strong>{inv.inviteeName}</strong>{' '}
                        {inv.revokedAt ? (
                          <span className="status status--missed">✕ {t('invite.revoked')}</span>
                        ) : (
                          <span className="status status--met">✓ {t('invite.active')}</span>
                        )}
                        {inv.note ? <div className="muted small">{inv.note}</div> : null}
                        <div className="muted small">{t('invite.createdAt', { time: new Date(inv.createdAt).toLocaleString(lang) })}</div>
                      </div>
                      {!inv.revokedAt ? (
                        <span className="ach-actions" style={{ marginTop: 0 }}>
                          <Button
                            size="small"
                            fill="none"
                            onClick={() => setOpen(open === inv.id ? null : inv.id)}
                            aria-expanded={open === inv.id}
                          >
                            {open === inv.id ? t('invite.hideQr') : t('invite.showQr')}
                          </Button>
                          <Button size="small" color="danger" fill="outline" onClick={() => void onRevoke(inv).catch(() => undefined)}>
                            {t('invite.revoke')}
                          </Button>
                        </span>
                      ) : null}
                    </div>
                    {open === inv.id && !inv.revokedAt ? <InvitationLink inv={inv} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
    </Page>
  );
}
