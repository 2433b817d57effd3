// Routes registered from the contract's endpoint table (packages/contract/src/endpoints.ts): the
// path, the body and answer schemas and the access flags come from the table, so a route cannot
// drift from what the web app calls. A route file adds only the handler and what is the BFF's
// own business (a rate limit):
//
//   r.route({ ...endpoint('/bff/v1/income/statement'), handler: async (request) => … });
import type { FastifyContextConfig } from 'fastify';
import {
  ENDPOINTS,
  envelopeSchema,
  type CollectorEndpoint,
  type CollectorPath,
  type Endpoints,
  type EnvelopeEndpoint,
  type EnvelopePath,
} from '@abo/contract';

/** What a route file may add to an entry's config: never the access flags, which are the table's. */
export type ExtraConfig = Omit<FastifyContextConfig, 'public' | 'downlineQuery'>;

type Entry<P extends EnvelopePath> = Endpoints[P];
type QueryOf<E> = E extends { query: infer Q } ? Q : undefined;
type DataOf<E> = E extends { data: infer D extends Parameters<typeof envelopeSchema>[0] } ? D : never;

/** The route options of an envelope call, ready for `route({ ...endpoint(path), handler })`. */
export interface EndpointRoute<P extends EnvelopePath> {
  method: 'POST';
  url: P;
  schema: {
    body: Entry<P>['body'];
    querystring?: QueryOf<Entry<P>>;
    response: { 200: ReturnType<typeof envelopeSchema<DataOf<Entry<P>>>> };
  };
  config: FastifyContextConfig;
}

/** The route's config: its own additions, and the access flags of the table only. */
function configOf(entry: EnvelopeEndpoint | CollectorEndpoint, extra: ExtraConfig | undefined): FastifyContextConfig {
  // A cast in a route file cannot open a route up: flags it brings are dropped.
  const { public: _public, downlineQuery: _downline, ...own } = (extra ?? {}) as FastifyContextConfig;
  return {
    ...own,
    ...(entry.public ? { public: true } : {}),
    ...('downlineQuery' in entry && entry.downlineQuery ? { downlineQuery: true } : {}),
  };
}

/** Path, schemas and access of the envelope call `path`, as the table declares them. */
export function endpoint<P extends EnvelopePath>(path: P, extra: { config?: ExtraConfig } = {}): EndpointRoute<P> {
  const entry: EnvelopeEndpoint = ENDPOINTS[path];
  return {
    method: 'POST',
    url: path,
    schema: {
      body: entry.body as Entry<P>['body'],
      ...(entry.query ? { querystring: entry.query as QueryOf<Entry<P>> } : {}),
      response: { 200: envelopeSchema(entry.data as DataOf<Entry<P>>) },
    },
    config: configOf(entry, extra.config),
  };
}

/** Path, methods and access of a collector (no JSON body schema, no envelope: it answers 204). */
export function collector<P extends CollectorPath>(path: P, extra: { config?: ExtraConfig } = {}) {
  const entry: CollectorEndpoint = ENDPOINTS[path];
  return { method: [...entry.methods], url: path, config: configOf(entry, extra.config) };
}
