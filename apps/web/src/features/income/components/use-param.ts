import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const NONE: readonly string[] = [];

/**
 * A query parameter as page state (?month=2026-10, ?year=25/26): read it and replace it. Setting it
 * drops the parameters in `clears`, which only mean something beside the value they were picked for.
 */
export function useParam(name: string, clears: readonly string[] = NONE): [string | undefined, (value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? undefined;
  const set = useCallback(
    (v: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v) next.set(name, v);
          else next.delete(name);
          if (v !== (p.get(name) ?? undefined)) for (const c of clears) next.delete(c);
          return next;
        },
        { replace: true },
      ),
    [name, clears, setParams],
  );
  return [value, set];
}
