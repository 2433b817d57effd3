import { describe, expect, it } from 'vitest';
import { useAchievementApp } from './achievement.test-support.ts';
import { MAX_KEPT_REVOKED_INVITATIONS } from './achievement-routes.ts';

describe('achievement calls: invitations', () => {
  const fx = useAchievementApp();

  it('creates, lists and revokes invitations; another distributor cannot revoke them', async () => {
    const c = await fx.call('invitations/create', { inviteeName: '张三', note: '周末沙龙' });
    expect(c.data.invitation.path).toContain('/idp/login?redirect_uri=');
    const again = await fx.call('invitations/create', { inviteeName: '张三', note: '周末沙龙' });
    expect(again.data.invitation.id).toBe(c.data.invitation.id);
    expect((await fx.call('invitations/create', { inviteeName: '' })).success).toBe(false);
    const other = await fx.call('invitations/revoke', { id: c.data.invitation.id }, '20000001');
    expect(other.success).toBe(false);
    const rv = await fx.call('invitations/revoke', { id: c.data.invitation.id });
    expect(rv.data.invitation.revokedAt).not.toBeNull();
    const list = await fx.call('invitations');
    expect(list.data.invitations).toHaveLength(1);
    const page = await fx.t.app.inject({ method: 'GET', url: c.data.invitation.path });
    expect(page.statusCode).toBe(200);
  });

  it('keeps a bounded number of revoked invitations per user', async () => {
    for (let i = 0; i < MAX_KEPT_REVOKED_INVITATIONS + 5; i++) {
      const c = await fx.call('invitations/create', { inviteeName: `客人${i}`, note: '' });
      expect((await fx.call('invitations/revoke', { id: c.data.invitation.id })).success).toBe(true);
    }
    const rows = await fx.t.db.selectFrom('invitations').select(['invitee_name']).where('ada', '=', '10000001').execute();
    expect(rows).toHaveLength(MAX_KEPT_REVOKED_INVITATIONS);
    // The newest are kept.
    expect(rows.map((r) => r.invitee_name)).toContain(`客人${MAX_KEPT_REVOKED_INVITATIONS + 4}`);
    expect(rows.map((r) => r.invitee_name)).not.toContain('客人0');
  });
});
