import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, ok } from '@abo/contract';
import { collector, endpoint } from './endpoint.ts';

describe('routes from the endpoint table', () => {
  it('takes path, body and answer schemas and the access flags from the table', () => {
    const route = endpoint('/bff/v1/incentive/market/details');
    expect(route).toMatchObject({ method: 'POST', url: '/bff/v1/incentive/market/details', config: { downlineQuery: true } });
    expect(route.schema.body).toBe(ENDPOINTS['/bff/v1/incentive/market/details'].body);
    expect(endpoint('/bff/v1/common/idaasToken').config).toEqual({ public: true });
    expect(endpoint('/bff/v1/income/statement').config).toEqual({});
    expect(endpoint('/bff/v1/common/guideNovices').schema.querystring).toBe(ENDPOINTS['/bff/v1/common/guideNovices'].query);
    expect(collector('/bff/v1/analytics/events')).toEqual({
      method: ['GET', 'POST'],
      url: '/bff/v1/analytics/events',
      config: { public: true },
    });
  });

  it("keeps a route file's own config but never lets it change the table's access flags", () => {
    // A cast, as a route file would need one to try: the type forbids it.
    const extra = { config: { public: true, rateLimit: { max: 1, timeWindow: 1000 } } } as unknown as Parameters<typeof endpoint>[1];
    expect(endpoint('/bff/v1/common/dstInfo', extra).config).toEqual({ rateLimit: { max: 1, timeWindow: 1000 } });
    expect(endpoint('/bff/v1/common/idaasToken', extra).config).toMatchObject({ public: true });
  });

  it('validates bodies and answers with the schemas of the table', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().route({
      ...endpoint('/bff/v1/income/query'),
      handler: async (request) =>
        ok({ from: request.body.from, to: request.body.to, rows: [], totals: { pretaxFen: 0, taxFen: 0, netFen: 0 }, extra: 'dropped' }),
    });
    const call = (payload: object) => app.inject({ method: 'POST', url: '/bff/v1/income/query', payload });
    expect((await call({ from: '2026-13', to: '2026-01' })).statusCode).toBe(400);
    const res = await call({ from: '2026-01', to: '2026-03' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      success: true,
      data: { from: '2026-01', to: '2026-03', rows: [], totals: { pretaxFen: 0, taxFen: 0, netFen: 0 } },
    });
    await app.close();
  });
});
