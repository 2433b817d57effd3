import { Code } from '@abo/contract';

/**
 * A failure the caller should see: its code and message go into the envelope
 * as they are. Anything else thrown is a server fault and is hidden.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** Seconds a client should wait before trying again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Not signed in or session expired') => new AppError(Code.UNAUTHORIZED, message);
export const forbidden = (message: string) => new AppError(Code.FORBIDDEN, message);
export const notFound = (message: string) => new AppError(Code.NOT_FOUND, message);
export const badRequest = (message: string) => new AppError(Code.BAD_REQUEST, message, 400);
