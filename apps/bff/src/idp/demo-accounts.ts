// The demo's published sign-ins: the seed creates them (seed/demo.ts gives each its profile's
// data), the README and the start print them, and the IdP refuses them outside the demo
// (accounts.ts). Here, beside the IdP, so that the IdP never imports the demo generator.

export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  readonly username: string;
  readonly ada: string;
  readonly kind: 'distributor' | 'staff';
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
    profile: 'customer-service staff (iinquiry channel)',
  },
];
