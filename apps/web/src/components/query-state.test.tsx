import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { ApiError } from '../lib/api-client.ts';
import { renderPage } from '../testing/render-page.tsx';
import { QueryState } from './query-state.tsx';

beforeAll(() => {
  initI18n('en-US');
});

function Failing({ error, refusedText }: { error: Error; refusedText?: string }) {
  const query = useQuery({
    queryKey: ['failing', error.message],
    queryFn: () => Promise.reject(error),
    retry: false,
  });
  return (
    <QueryState query={query} {...(refusedText ? { refusedText } : {})}>
      {() => 'content'}
    </QueryState>
  );
}

const show = (error: Error, refusedText?: string) =>
  renderPage(<Failing error={error} {...(refusedText ? { refusedText } : {})} />, { at: null });

describe('QueryState: one message per failure, in the UI language', () => {
  it("shows the request layer's text (already in the UI language)", async () => {
    show(new ApiError(9900004, 'Network anomaly, please retry'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network anomaly, please retry');
  });

  it("never an error's own text (a library's or the runtime's, in no particular language)", async () => {
    show(new TypeError("Cannot read properties of undefined (reading 'map')"));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The data could not be loaded just now. Please try again.');
    expect(alert).not.toHaveTextContent('Cannot read');
  });

  it("says what a refused request means on the page (the page knows what was asked), not the code's generic copy", async () => {
    show(new ApiError(9900400, 'The request was not valid. Please check it and try again.'), '2001-01 cannot be queried');
    expect(await screen.findByRole('alert')).toHaveTextContent('2001-01 cannot be queried');
  });
});
