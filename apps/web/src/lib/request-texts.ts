import { Code } from '@abo/contract/codes';
import { initI18n } from '../i18n/index.ts';

/** The request layer's texts: a key's text, and what a failed call says. */
export interface RequestTexts {
  (key: string): string;
  /** What the user reads about a failed call with this envelope code and server message. */
  failure: (code: number, serverMessage: string) => string;
}

/**
 * Copy per code (the error catalogue, packages/contract/src/codes.ts): what a failure says when the
 * server's message is not in the UI's language.
 */
const COPY_BY_CODE: Partial<Record<number, string>> = {
  [Code.BAD_REQUEST]: 'request.badRequest',
  [Code.FORBIDDEN]: 'request.forbidden',
  [Code.NOT_FOUND]: 'request.notFound',
  [Code.RATE_LIMITED]: 'request.rateLimited',
  [Code.SERVER_ERROR]: 'request.serverError',
};

const HAN = /\p{Script=Han}/u;

/**
 * Loaded with the first call that needs a text (i18next stays out of the shell). As docs/contract.md §8 has
 * it, 9900004 says "network anomaly, please retry" and any other code the server's message, but
 * only when that message is written in the UI's language (a Chinese UI never shows an English
 * server text, nor the other way round); else the copy of its code, else the generic text.
 */
export function requestTexts(): RequestTexts {
  const i18n = initI18n();
  const t = (key: string) => i18n.t(key);
  const failure = (code: number, serverMessage: string) => {
    if (code === Code.RETRY) return t('request.retry');
    const message = serverMessage.trim();
    if (message && HAN.test(message) === (i18n.language !== 'en-US')) return message;
    return t(COPY_BY_CODE[code] ?? 'request.serverError');
  };
  return Object.assign(t, { failure });
}
