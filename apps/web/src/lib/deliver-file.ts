// Files the BFF makes (statements, certificates, income spreadsheets) delivered the way each
// channel can take them (docs/contract.md §1; README "Statements and exports"). The BFF answers a one-time
// link valid 5 minutes, bound to this browser by an HttpOnly cookie; then:
// - ebiz, iinquiry (desktop browsers): the file is fetched (same origin: the cookie goes with it)
//   and saved through a temporary <a download>; "downloaded" is said once it was handed over.
// - wec (WeChat, mobile browsers) and ca (the company's app): a webview drops downloads and
//   leaves the page to show a PDF (WeChat on Android cannot show one at all), so a PDF document
//   comes as one image of its pages, shown over the page to be saved with a long press; a
//   spreadsheet cannot be kept there, and the page says where to get it. The page never leaves.
// - ca, when the app offers a save handler: the app saves or shares the file itself.
import type { Channel, DocumentLinkData, DocumentRequest } from '@abo/contract';
import { bffBaseUrl } from '../config/env.ts';
import { post } from './api-client.ts';
import { callHandler } from './native-bridge.ts';
import { getSession } from './storage.ts';

/** What happened to the file, for the message the page shows. */
export type DeliveryOutcome =
  /** Handed to the browser's downloads (desktop). */
  | { kind: 'downloaded'; fileName: string }
  /** The pages as one image to show and long-press (wec, ca without a save handler): `src` is a data: address. */
  | { kind: 'image'; fileName: string; src: string }
  /** A spreadsheet where it cannot be kept (wec, ca without a save handler): nothing was made. */
  | { kind: 'elsewhere' }
  /** The app's save handler answered success (ca). */
  | { kind: 'saved'; fileName: string };

/** The file could not be fetched or saved; `message` is the BFF's (or the app's), when it gave one. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * The native save handler: an assumption, since the spec names only getEnv and initUniqueSID.
 * We assume getEnv's answer lists the handlers the app offers (`data.handlers: string[]`), and
 * that an app offering `saveFile` downloads `{ url, fileName, contentType }` itself (sending the
 * webview's cookies: the link is bound to them) and answers `{ code: 0 }` once the file is saved
 * or shared. An app that lists no such handler gets the link opened in its webview instead.
 */
export const SAVE_FILE_HANDLER = 'saveFile';
/** How long the bridge may take to say which handlers it has. */
const HANDLERS_TIMEOUT_MS = 1500;
/** Saving downloads the file and may ask the user where to put it. */
const SAVE_TIMEOUT_MS = 120_000;

/** Saves a blob under a file name through a temporary link (desktop browsers). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether the app's bridge offers the save handler (false without a bridge or an answer in time). */
async function appCanSave(): Promise<boolean> {
  try {
    const answer = await callHandler<{ data?: { handlers?: unknown } } | null>('getEnv', {}, HANDLERS_TIMEOUT_MS);
    const handlers = answer?.data?.handlers;
    return Array.isArray(handlers) && handlers.includes(SAVE_FILE_HANDLER);
  } catch {
    return false;
  }
}

/** A native answer of success: `code` 0 (JsBridge apps send it as a string). */
function succeeded(answer: unknown): boolean {
  const code = (answer as { code?: unknown } | null)?.code;
  return code === 0 || code === '0';
}

/** The BFF's message from a refused file answer (the envelope), else a generic one. */
async function refusalMessage(response: Response): Promise<string> {
  try {
    const envelope = (await response.json()) as { message?: unknown };
    if (typeof envelope.message === 'string' && envelope.message) return envelope.message;
  } catch {
    // Not the envelope: fall through.
  }
  return `The file could not be fetched (HTTP ${response.status})`;
}

/** The file at a link, fetched with this browser's cookie (the link is bound to it). */
async function fetchFile(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new DeliveryError('The file could not be fetched; check the connection and try again');
  }
  if (!response.ok) throw new DeliveryError(await refusalMessage(response));
  return response.blob();
}

/** A file as a data: address: a webview's long-press "save image" keeps it, where a blob: one may fail. */
async function dataUrlOf(file: Blob, contentType: string): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: a spread of a whole image's bytes would pass the engine's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${contentType};base64,${btoa(binary)}`;
}

/**
 * Asks the BFF for `request`'s file and delivers it as the channel can take it. Rejects with the
 * api client's ApiError when the BFF refuses the request (its toast already said why), and with
 * a DeliveryError when the file cannot be fetched or the app could not save it.
 */
export async function deliverDocument(request: DocumentRequest): Promise<DeliveryOutcome> {
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  // Asked before the link is made: the link's 5 minutes are not spent waiting for the bridge.
  const nativeSave = channel === 'ca' && (await appCanSave());
  const webview = !nativeSave && (channel === 'wec' || channel === 'ca');
  if (webview && request.kind === 'incomeSheet') return { kind: 'elsewhere' };
  const document: DocumentRequest = webview && request.kind !== 'incomeSheet' ? { ...request, as: 'image' } : request;
  const link: DocumentLinkData = await post('/bff/v1/income/documentLink', { document });
  const url = new URL(`${bffBaseUrl(channel)}${link.url}`, window.location.href).href;
  const { fileName, contentType } = link;

  if (nativeSave) {
    let answer: unknown;
    try {
      answer = await callHandler(SAVE_FILE_HANDLER, { url, fileName, contentType }, SAVE_TIMEOUT_MS);
    } catch {
      throw new DeliveryError('The app did not save the file');
    }
    if (!succeeded(answer)) {
      const message = (answer as { message?: unknown } | null)?.message;
      throw new DeliveryError(typeof message === 'string' && message ? message : 'The app did not save the file');
    }
    return { kind: 'saved', fileName };
  }

  const file = await fetchFile(url);
  if (webview) return { kind: 'image', fileName, src: await dataUrlOf(file, contentType) };
  saveBlob(file, fileName);
  return { kind: 'downloaded', fileName };
}
