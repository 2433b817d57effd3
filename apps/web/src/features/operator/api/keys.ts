import type { ImportFileName, ImportRun, ImportRunStatus } from '@abo/contract';
import { Code } from '@abo/contract/codes';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The files an import takes, by name: the contract's IMPORT_FILE_NAMES (packages/contract/src/operator.ts),
 * written out here because that module brings zod into the browser bundle (operator-page.test.tsx
 * checks they agree).
 */
export const FILE_NAMES = ['distributors.csv', 'orders.csv', 'attendance.csv'] as const satisfies readonly ImportFileName[];

/** Where the operator page's queries live in the cache. */
export const operatorKeys = {
  runs: ['operator', 'imports'] as const,
  run: (id: string) => ['operator', 'imports', id] as const,
};

/** A run being checked, imported or closed: the page asks for it again every second. */
export const isBusy = (status: ImportRunStatus | undefined): boolean =>
  status === 'checking' || status === 'importing' || status === 'closing';

/** The answer of upload, get, confirm and discard. */
export interface RunAnswer {
  run: ImportRun;
}

/** A refusal (not an operator, signed out) is not asked again; a failure once, as the app's queries are. */
export const retryUnlessRefused = (failures: number, error: Error): boolean =>
  failures < 1 && !(error instanceof ApiError && (error.kind === 'auth' || error.code === Code.FORBIDDEN));
