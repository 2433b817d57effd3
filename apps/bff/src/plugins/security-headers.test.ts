import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders, securityHeadersPlugin, type SecurityHeadersOptions } from './security-headers.ts';

/** Header names (as sent, in order) and values of an answer from an app with one plugin registered. */
async function headersFrom(register: (app: FastifyInstance) => PromiseLike<unknown>, url: string): Promise<Array<[string, unknown]>> {
  const app = Fastify();
  await register(app);
  let sent: Array<[string, unknown]> = [];
  app.addHook('onSend', async (_request, reply) => {
    // Node has getRawHeaderNames (names as sent, in order) on every outgoing message; @types/node lacks it here.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    sent = raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name)]);
  });
  app.get('/page', async () => 'ok');
  await app.inject({ method: 'GET', url });
  await app.close();
  return sent;
}

const configs: SecurityHeadersOptions[] = [
  { portalOrigins: [], imageOrigins: ['https://thirdwx.qlogo.cn', 'https://wx.qlogo.cn'], connectOrigins: [] },
  {
    portalOrigins: ['https://ebiz.example.com', 'https://portal.example.cn'],
    imageOrigins: [],
    connectOrigins: ['https://collector.example.com'],
  },
];

describe('security headers', () => {
  it.each(configs)('are the names, values and order @fastify/helmet sent for the same settings, then no-store (%#)', async (opts) => {
    for (const url of ['/page', '/missing']) {
      const before = await headersFrom(
        (app) => app.register(helmet, { global: true, ...helmetOptions(opts) } as FastifyHelmetOptions),
        url,
      );
      const now = await headersFrom((app) => app.register(securityHeadersPlugin, opts), url);
      expect(before.length).toBeGreaterThan(10);
      // Plus the default that keeps personal answers out of caches.
      expect(now).toEqual([...before, ['Cache-Control', 'no-store']]);
    }
  });

  it('refuses a configured origin that would break out of its directive or name a keyword', () => {
    const base = configs[0]!;
    expect(() => securityHeaders({ ...base, portalOrigins: ['https://a.example; script-src *'] })).toThrow(/frame-ancestors/);
    expect(() => securityHeaders({ ...base, imageOrigins: ['self'] })).toThrow(/img-src/);
    expect(() => securityHeaders({ ...base, connectOrigins: ['https://ok.example'] })).not.toThrow();
  });
});
