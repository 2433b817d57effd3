import { z } from 'zod';
import { Code } from './codes.ts';

/** The response envelope of docs/contract.md §3: every BFF answer has this shape. */
export interface Envelope<T> {
  code: number;
  message: string;
  success: boolean;
  data: T | null;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    message: z.string(),
    success: z.boolean(),
    data: data.nullable(),
  });

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: Code.OK, message, success: true, data };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, success: false, data: null };
}
