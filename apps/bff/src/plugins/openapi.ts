// The BFF's API as OpenAPI 3.1 for the company app's (ca) and the portal's (ebiz) integrators,
// generated from the zod schemas every route already declares (lib/endpoint.ts, the contract's
// endpoint table), so it cannot drift from what the BFF checks. Served at /bff/openapi.json
// (README "Running it").
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

export type OpenApiConfig = Pick<Config, 'NODE_ENV' | 'OPENAPI'>;

export const OPENAPI_PATH = '/bff/openapi.json';

/** On unless in production, where OPENAPI=1 turns it on. */
export function openApiEnabled(config: OpenApiConfig): boolean {
  if (config.OPENAPI !== undefined) return config.OPENAPI === '1';
  return config.NODE_ENV !== 'production';
}

/** What integrators call: the envelope calls and the IdP, not pages, assets, stand-ins or probes. */
export function describedRoute(url: string): boolean {
  return (/^\/bff\/v1\//.test(url) || /^\/idp\//.test(url) || url === '/.well-known/jwks.json') && !url.startsWith('/idp/assets/');
}

const zodToJsonSchema = createJsonSchemaTransform({ skipList: [] });

/** Registered before the routes: @fastify/swagger collects them as they are added. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { config: OpenApiConfig }) => {
    if (!openApiEnabled(opts.config)) return;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'ABO Inquiry BFF',
          version: 'v1',
          description:
            'Envelope calls answer HTTP 200 with {code, message, success, data}; `code` says how the call went (packages/contract).',
        },
        components: {
          securitySchemes: {
            accessToken: { type: 'apiKey', in: 'header', name: 'idaas-accesstoken' },
            idToken: { type: 'apiKey', in: 'header', name: 'idaas-idtoken' },
          },
        },
      },
      transform: (document) => {
        if (!describedRoute(document.url)) return { schema: { hide: true }, url: document.url };
        const { schema, url } = zodToJsonSchema(document);
        const tag = url.startsWith('/bff/v1/') ? url.split('/')[3]! : 'idp';
        // Calls without `public` in their config need a session's two tokens (plugins/auth.ts).
        const security = document.route.config?.public ? {} : { security: [{ accessToken: [], idToken: [] }] };
        return { schema: { ...schema, tags: [tag], ...security }, url };
      },
      transformObject: jsonSchemaTransformObject,
    });
    app.get(OPENAPI_PATH, { config: { public: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
