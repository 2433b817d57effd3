// List ↔ tree: each view's link keeps the address's filters and orders, so the tree shows the
// members the list was narrowed to, and back.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import { ViewSwitch } from './view-switch.tsx';

beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await import('../i18n.ts');
  await import('../market-member-tracking-i18n.ts');
});

const show = (search: string, view: 'list' | 'tree') =>
  render(
    <MemoryRouter initialEntries={[`/incentiveplan/marketmembertracking${search}`]}>
      <ViewSwitch view={view} />
    </MemoryRouter>,
  );

describe('list / tree switch', () => {
  it('takes the filters to the tree', () => {
    show('?q=notQ&levelMin=2&search=Li&sort=pvToQ', 'list');
    expect(screen.getByRole('link', { name: 'Team tree' })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?q=notQ&levelMin=2&search=Li&sort=pvToQ&view=tree',
    );
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');
  });

  it('brings them back to the list, with the tree’s order for the next visit', () => {
    show('?view=tree&new=1&bracket=15&treeSort=pvToQ', 'tree');
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?new=1&bracket=15&treeSort=pvToQ',
    );
  });
});
