/**
 * The error-code catalogue of docs/contract.md §8. Front end and BFF share it so a code
 * means the same thing on both sides of the wire.
 */
export const Code = {
  OK: 0,
  /** Network anomaly, please retry (also: database unavailable, retryable). */
  RETRY: 9900004,
  /** Not signed in or token expired: the front end redirects to /Authentication. */
  UNAUTHORIZED: 9900401,
  /** Silent codes: the front end shows no toast for these. */
  SILENT_NO_DATA: 9900003,
  SILENT_NOT_ELIGIBLE: 9901001,
  SILENT_PROMPT_NONE: 9903001,
  SILENT_PROMPT_CLOSED: 9903002,
  SILENT_GUIDE_DONE: 9903003,
  SILENT_NOT_OPEN: 9903004,
  /** iinquiry channel: the staff query token expired. */
  IINQUIRY_EXPIRED: 401,
  /** Request body, query or header failed validation. */
  BAD_REQUEST: 9900400,
  /** The caller may not read or change what the request names. */
  FORBIDDEN: 9900403,
  /** The thing named does not exist. */
  NOT_FOUND: 9900404,
  /** A one-time session token was already exchanged. */
  SESSION_TOKEN_USED: 9900409,
  /** Too many attempts. */
  RATE_LIMITED: 9900429,
  /** Unexpected server fault; details stay in the server log. */
  SERVER_ERROR: 9900500,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes for which the front end shows no toast (docs/contract.md §8). */
export const SILENT_CODES: ReadonlySet<number> = new Set([
  Code.SILENT_NO_DATA,
  Code.SILENT_NOT_ELIGIBLE,
  Code.SILENT_PROMPT_NONE,
  Code.SILENT_PROMPT_CLOSED,
  Code.SILENT_GUIDE_DONE,
  Code.SILENT_NOT_OPEN,
]);
