// WECHAT_TEMPLATE_IDS: the subscribe-message template each notification kind is sent with, and
// which of the template's data keys take the title, the body and the time. A template's keys are
// whatever its fields were named when it was picked in the official account's console (`thing1`,
// `time3`, …); every template this app sends with has two free-text fields and a time.
// It sits beside config.ts (which parses the variable with it) so config imports nothing from
// notifications/: the notifications read config, never the other way.
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@abo/contract';

/** The data keys a template's title, body and time go in. */
export interface WechatTemplateKeys {
  title: string;
  body: string;
  time: string;
}

export interface WechatTemplate {
  id: string;
  keys: WechatTemplateKeys;
}

/** Template per notification kind, and the one for kinds not listed. */
export interface WechatTemplateIds {
  byKind: Partial<Record<string, WechatTemplate>>;
  fallback: WechatTemplate | null;
}

/** The keys of a template given as a plain id. */
export const DEFAULT_TEMPLATE_KEYS: Readonly<WechatTemplateKeys> = Object.freeze({ title: 'thing1', body: 'thing2', time: 'time3' });

const VARIABLE = 'WECHAT_TEMPLATE_IDS';

const templateId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'not a template id (letters, digits, _ and -)');
// The title and the body are free text: only a `thing` field takes that (cut to its 20 characters);
// the time is a `time` field (24-hour time with the date).
const thingKey = z.string().regex(/^thing\d{1,2}$/, 'expected a `thing` key (thing1, thing2, …): only those take free text');
const timeKey = z.string().regex(/^time\d{1,2}$/, 'expected a `time` key (time3, …)');

const templateObject = z
  .strictObject(
    {
      id: z.string({ error: (i) => (i.input === undefined ? 'missing id' : 'not a template id') }).pipe(templateId),
      keys: z.strictObject({ title: thingKey.optional(), body: thingKey.optional(), time: timeKey.optional() }).optional(),
    },
    { error: (i) => (i.code === 'invalid_type' ? 'expected a template id, or {"id": "…", "keys": {"title", "body", "time"}}' : undefined) },
  )
  .transform((t, ctx): WechatTemplate => {
    const keys = { ...DEFAULT_TEMPLATE_KEYS, ...t.keys };
    if (keys.title === keys.body) ctx.addIssue({ code: 'custom', path: ['keys'], message: `title and body both go in ${keys.title}` });
    return { id: t.id, keys };
  });

/** A plain id (the default keys) or `{id, keys}`: each form with its own errors. */
const template = z.unknown().transform((value, ctx): WechatTemplate => {
  const r = typeof value === 'string' ? templateId.safeParse(value) : templateObject.safeParse(value);
  if (!r.success) {
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return typeof r.data === 'string' ? { id: r.data, keys: { ...DEFAULT_TEMPLATE_KEYS } } : r.data;
});

const kinds: readonly string[] = NOTIFICATION_KINDS;
const templateMap = z.strictObject(Object.fromEntries([...NOTIFICATION_KINDS, 'default'].map((k) => [k, template.optional()])), {
  error: (i) =>
    i.code === 'unrecognized_keys'
      ? `unknown kind ${i.keys.join(', ')} (kinds: ${NOTIFICATION_KINDS.join(', ')}, default)`
      : i.code === 'invalid_type'
        ? 'expected a JSON object'
        : undefined,
});

/**
 * WECHAT_TEMPLATE_IDS: one template id for every kind, or a JSON object kind → template (`default`
 * for the kinds not listed), a template being an id (keys thing1, thing2, time3) or
 * `{"id": "…", "keys": {"title": "thing1", "body": "thing2", "time": "time3"}}` (keys left out:
 * those). Throws an error of one line per problem, each naming the variable.
 */
export function parseWechatTemplateIds(value: string): WechatTemplateIds {
  const fail = (lines: string[]) => new Error(lines.join('\n'));
  let parsed: unknown = value;
  if (value.startsWith('{') || value.startsWith('[')) {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw fail([`${VARIABLE}: not valid JSON`]);
    }
  } else {
    const one = templateId.safeParse(value);
    if (!one.success) throw fail([`${VARIABLE}: not a template id (letters, digits, _ and -) nor a JSON object`]);
    return { byKind: {}, fallback: { id: one.data, keys: { ...DEFAULT_TEMPLATE_KEYS } } };
  }
  const r = templateMap.safeParse(parsed);
  if (!r.success) throw fail(r.error.issues.map((i) => `${[VARIABLE, ...i.path.map(String)].join('.')}: ${i.message}`));
  const byKind: Partial<Record<string, WechatTemplate>> = {};
  for (const [kind, t] of Object.entries(r.data)) if (t && kinds.includes(kind)) byKind[kind] = t;
  return { byKind, fallback: r.data['default'] ?? null };
}
