// What is wrong with an import's files: every issue names the file, the line and the column, so
// whoever produced the files can fix them (docs/data-import.md lists the checks).

import { IMPORT_FILE_NAMES, type ImportFileName } from '@abo/contract';

/** The files of an import, as the operators' page names them too (the contract's list). */
export const FILE_NAMES = IMPORT_FILE_NAMES;
export type FileName = ImportFileName;

export interface ImportIssue {
  /** One of FILE_NAMES, or another file of the folder that should not be there. */
  readonly file: string;
  /** 1-based line of the file; 0 = the file as a whole. */
  readonly line: number;
  /** 1-based column (field position on the line); 0 = the line as a whole. */
  readonly column: number;
  /** The column's name from the header, when the issue is about one field. */
  readonly field: string;
  readonly message: string;
}

/** Issues listed in full; the rest are only counted. */
const MAX_LISTED = 50;

/** Where one check reports: keeps the first MAX_LISTED issues it is given, counts all of them. */
export interface IssueSink {
  add(issue: ImportIssue): void;
  /** Issues a query found: the first ones (in line order) and how many there are in all. */
  addCounted(first: readonly ImportIssue[], total: number): void;
}

/**
 * Every check reports in line order through a sink of its own, so the first MAX_LISTED issues of
 * the whole import are among those the sinks keep: memory stays bounded even when every one of a
 * million rows is wrong.
 */
export class IssueList {
  private readonly kept: ImportIssue[] = [];
  private count = 0;

  sink(): IssueSink {
    let mine = 0;
    const keep = (i: ImportIssue) => {
      if (mine < MAX_LISTED) this.kept.push(i);
      mine++;
    };
    return {
      add: (issue) => {
        keep(issue);
        this.count++;
      },
      addCounted: (first, total) => {
        for (const i of first) keep(i);
        this.count += Math.max(total, first.length);
      },
    };
  }

  get total(): number {
    return this.count;
  }

  /** The first MAX_LISTED issues by file (distributors, orders, attendance), line and column. */
  listed(): ImportIssue[] {
    const fileOrder = (f: string) => FILE_NAMES.indexOf(f as FileName);
    return [...this.kept]
      .sort((a, b) => fileOrder(a.file) - fileOrder(b.file) || a.line - b.line || a.column - b.column)
      .slice(0, MAX_LISTED);
  }
}

/** `orders.csv:12:4 pv: "abc" is not a whole number` (compiler style, so editors can jump to it). */
export function formatIssue(i: ImportIssue): string {
  if (i.line === 0) return `${i.file}: ${i.message}`;
  if (i.column === 0) return `${i.file}:${i.line}: ${i.message}`;
  return `${i.file}:${i.line}:${i.column} ${i.field}: ${i.message}`;
}

/** The files were refused: nothing was written. */
export class ImportRejected extends Error {
  readonly issues: readonly ImportIssue[];
  readonly total: number;

  constructor(list: IssueList) {
    const issues = list.listed();
    const total = list.total;
    const more = total > issues.length ? `\n… and ${total - issues.length} more` : '';
    super(`${issues.map(formatIssue).join('\n')}${more}\n${total} ${total === 1 ? 'error' : 'errors'}; nothing was imported.`);
    this.name = 'ImportRejected';
    this.issues = issues;
    this.total = total;
  }
}

/** A value as it appears in an issue: quoted, and cut short when long. */
export function shown(value: string): string {
  // Format characters escaped like control ones, so a bidi override cannot reorder the message.
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(
    /\p{Cf}/gu,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}
