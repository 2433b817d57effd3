// An upload of the operators' import page: the multipart parts streamed to the run's folder
// (DATA_DIR/imports/<id>/, 0700; files 0600), each file's size and SHA-256 taken on the way. Only
// the three files of an import, named as the CLI names them, each at most once and at most the
// configured size, and the field `replace`: anything else refuses the whole upload (UploadRefused)
// and removes what was written.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_FILE_NAMES, type ImportFileName } from '@abo/contract';
import type { Multipart } from '@fastify/multipart';
import type { RunFile } from './runs.ts';

/** A refusal the operator can act on (the envelope's message). */
export class UploadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefused';
  }
}

export interface Uploaded {
  files: RunFile[];
  replace: boolean;
}

/** Types a browser or a script may send a CSV file with. */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream', '']);

/** What a few formats start with that are not CSV (a workbook saved as .csv by mistake, a zip, a PDF). */
const NOT_CSV: readonly (readonly [Buffer, string])[] = [
  [Buffer.from('PK\x03\x04', 'latin1'), 'an Excel workbook or a zip file'],
  [Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'an old Excel workbook'],
  [Buffer.from('%PDF', 'latin1'), 'a PDF'],
];

const isFileName = (name: string): name is ImportFileName => (IMPORT_FILE_NAMES as readonly string[]).includes(name);

/** The multipart limits of an upload: the three files, the replace field, nothing else. */
export function uploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: IMPORT_FILE_NAMES.length, fields: 2, parts: IMPORT_FILE_NAMES.length + 2, fieldSize: 100 };
}

/** Streams the parts into `folder` (created 0700); UploadRefused, the folder removed, when any part is wrong. */
export async function receiveUpload(parts: AsyncIterable<Multipart>, folder: string, maxBytes: number): Promise<Uploaded> {
  fs.mkdirSync(folder, { mode: 0o700 });
  try {
    return await receive(parts, folder, maxBytes);
  } catch (err) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw refusal(err, maxBytes);
  }
}

async function receive(parts: AsyncIterable<Multipart>, folder: string, maxBytes: number): Promise<Uploaded> {
  const files: RunFile[] = [];
  let replace: boolean | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== 'replace')
        throw new UploadRefused(`unexpected field ${JSON.stringify(part.fieldname.slice(0, 40))}: only the files and replace`);
      if (replace !== undefined) throw new UploadRefused('replace is sent twice');
      if (part.value !== 'true' && part.value !== 'false') throw new UploadRefused("replace is 'true' or 'false'");
      replace = part.value === 'true';
      continue;
    }
    const name = part.fieldname;
    if (!isFileName(name)) {
      part.file.resume();
      throw new UploadRefused(`${JSON.stringify(name.slice(0, 40))} is not a file of an import (they are ${IMPORT_FILE_NAMES.join(', ')})`);
    }
    if (files.some((f) => f.name === name)) {
      part.file.resume();
      throw new UploadRefused(`${name} is sent twice: send each file once`);
    }
    if (!/\.csv$/i.test(part.filename ?? '') || !CSV_TYPES.has(part.mimetype.toLowerCase())) {
      part.file.resume();
      throw new UploadRefused(`${name}: ${JSON.stringify((part.filename ?? '').slice(0, 60))} is not a CSV file (save it as "CSV UTF-8")`);
    }
    files.push(await store(part.file, name, path.join(folder, name), maxBytes));
  }
  if (files.length === 0) throw new UploadRefused(`no file: send one or more of ${IMPORT_FILE_NAMES.join(', ')}`);
  if (replace && !files.some((f) => f.name === 'distributors.csv')) {
    throw new UploadRefused('replace makes the files the whole dataset: distributors.csv is needed');
  }
  files.sort((a, b) => IMPORT_FILE_NAMES.indexOf(a.name) - IMPORT_FILE_NAMES.indexOf(b.name));
  return { files, replace: replace ?? false };
}

async function store(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  name: ImportFileName,
  file: string,
  maxBytes: number,
): Promise<RunFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  let head: Buffer | null = Buffer.alloc(0);
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head !== null) {
        head = Buffer.concat([head, chunk]).subarray(0, 8);
        const kind = NOT_CSV.find(([magic]) => head!.length >= magic.length && head!.subarray(0, magic.length).equals(magic));
        if (kind) return done(new UploadRefused(`${name} is ${kind[1]}, not CSV text: save it as "CSV UTF-8"`));
        if (head.length >= 8) head = null;
      }
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, tap, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  if (stream.truncated) throw new UploadRefused(tooLarge(maxBytes));
  return { name, bytes, sha256: hash.digest('hex') };
}

const tooLarge = (maxBytes: number) =>
  `a file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB (OPERATOR_UPLOAD_MAX_MB): split the orders into several uploads`;

/** The multipart parser's errors in words; anything else as it is. */
function refusal(err: unknown, maxBytes: number): unknown {
  if (err instanceof UploadRefused) return err;
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new UploadRefused(tooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return new UploadRefused(`more than ${IMPORT_FILE_NAMES.length} files: send ${IMPORT_FILE_NAMES.join(', ')}, each once`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new UploadRefused('too many parts: send the files and replace only');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UploadRefused('send the files as multipart/form-data');
    case 'FST_PROTO_VIOLATION':
      return new UploadRefused('unexpected field name');
    case 'FST_MP_PREMATURE_CLOSE':
      return new UploadRefused('the upload was cut off before its end: send it again');
    default:
      // A file system fault (disk full…) is the server's; anything else the parser threw is a malformed body.
      return typeof code === 'string' && /^E[A-Z]+$/.test(code)
        ? err
        : new UploadRefused('the upload is not well-formed multipart/form-data');
  }
}
