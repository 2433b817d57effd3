import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A query parameter as page state (?month=2026-10, ?year=25/26): read it and replace it. */
export function useParam(name: string): [string | undefined, (value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? undefined;
  const set = useCallback(
    (v: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v) next.set(name, v);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, set];
}
