import { useCallback } from 'react';
import { useAddressParams } from '../../../lib/use-address-params.ts';

const NONE: readonly string[] = [];

/**
 * A query parameter as page state (?month=2026-10, ?year=25/26): read it and replace it. Setting it
 * drops the parameters in `clears`, which only mean something beside the value they were picked for.
 */
export function useParam(name: string, clears: readonly string[] = NONE): [string | undefined, (value: string | undefined) => void] {
  const [params, setParams] = useAddressParams();
  const value = params.get(name) ?? undefined;
  const set = useCallback(
    (v: string | undefined) =>
      setParams(
        (p) => {
          const before = p.get(name) ?? undefined;
          if (v) p.set(name, v);
          else p.delete(name);
          if (v !== before) for (const c of clears) p.delete(c);
          return p;
        },
        { replace: true },
      ),
    [name, clears, setParams],
  );
  return [value, set];
}
