// The demo's published sign-ins: the seed creates them (seed/demo.ts gives each its profile's
// data), the README and the start print them, and the IdP refuses them outside the demo
// (accounts.ts). Here, beside the IdP, so that the IdP never imports the demo generator.

export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  readonly username: string;
  readonly ada: string;
  readonly kind: 'distributor' | 'staff';
  /** Staff accounts: customer service or operator (idp/accounts.ts, STAFF_ROLES). */
  readonly role?: 'service' | 'operator';
  readonly displayName: string;
  readonly profile: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: '10000001',
    ada: '10000001',
    kind: 'distributor',
    displayName: '王丽华',
    profile: 'Platinum, one FLQ month behind this PY seminar pace (missed 25/26 by one)',
  },
  {
    username: '10000002',
    ada: '10000002',
    kind: 'distributor',
    displayName: '陈志强',
    profile: 'Diamond, 7 Q legs',
  },
  {
    username: '10000003',
    ada: '10000003',
    kind: 'distributor',
    displayName: '刘思雨',
    profile: 'joined this PY, below Silver',
  },
  {
    username: '10000004',
    ada: '10000004',
    kind: 'distributor',
    displayName: '张建国',
    profile: 'Founders Platinum, statements every month',
  },
  {
    username: 'staff01',
    ada: 'staff01',
    kind: 'staff',
    displayName: '客服 张敏',
    role: 'service',
    profile: 'customer-service staff (iinquiry channel)',
  },
  {
    username: 'ops01',
    ada: 'ops01',
    kind: 'staff',
    displayName: '运营 李娜',
    role: 'operator',
    profile: "operator: loads the day's files (/front/operator)",
  },
];
