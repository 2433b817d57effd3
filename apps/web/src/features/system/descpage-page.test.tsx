// /descpage: a code opens its explanation; no code (or an unknown one) lists every explanation.
import type { GetConfigData } from '@abo/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const DescPage = pageInEnglish(() => import('./descpage-page.tsx'));

const config: GetConfigData = {
  descriptionPageList: [
    { code: 'PV_BV', title: { zh: 'PV 与 BV', en: 'PV and BV' }, content: { zh: '<p>积分</p>', en: '<p>Points</p>' } },
    { code: 'BRACKET', title: { zh: '业绩奖励比例', en: 'Performance bracket' }, content: { zh: '<p>比例</p>', en: '<p>Table</p>' } },
  ],
};

function show(url: string) {
  return renderPage(<DescPage />, { at: url, data: [[['common', 'getConfig'], config]], fresh: true });
}

describe('/descpage', () => {
  it('without a code lists every explanation, each a link to its page', () => {
    show('/descpage');
    expect(screen.getByRole('heading', { name: 'Terms and rules explained' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/descpage'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['PV and BV', '/descpage?code=PV_BV'],
      ['Performance bracket', '/descpage?code=BRACKET'],
    ]);
  });

  it('with an unknown code says so and offers the list', () => {
    show('/descpage?code=NOPE');
    expect(screen.getByRole('status')).toHaveTextContent('There is no explanation “NOPE”');
    expect(screen.getByRole('link', { name: 'PV and BV' })).toBeInTheDocument();
  });

  it('with a code shows that explanation', () => {
    show('/descpage?code=bracket');
    expect(screen.getByText('Table')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms and rules explained' })).toBeNull();
  });
});
