import { useMutation } from '@tanstack/react-query';
import type { AuditExportBody } from '@abo/contract';
import { asPageData, post } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/deliver-file.ts';

export type AuditExportInput = Omit<AuditExportBody, 'channel'>;

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), else null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Not percent-encoded as it should be: the plain name below.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim() ?? null;
}

/**
 * POST /bff/v1/operator/auditExport: the audit log between two days as a CSV or JSON file, saved
 * through the browser's downloads (operators work on desktop browsers). A refusal is the
 * envelope: it rejects with the api client's ApiError, whose message the form shows.
 */
export async function exportAudit(input: AuditExportInput): Promise<{ fileName: string }> {
  const answer = await asPageData(() => post<Response | null>('/bff/v1/operator/auditExport', input, { file: true, loading: false }));
  // Not a file: the BFF answered the envelope with success, which an export never does.
  if (!(answer instanceof Response)) throw new Error('The export answered no file');
  const fileName = dispositionFileName(answer.headers.get('content-disposition')) ?? `audit-${input.from}-${input.to}.${input.format}`;
  saveBlob(await answer.blob(), fileName);
  return { fileName };
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit });
