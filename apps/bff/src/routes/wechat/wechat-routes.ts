import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface WechatOptions {
  appId: string;
  jsapiTicket: string;
}

/** Standard JS-SDK signature: sha1 over the four sorted fields (WeChat JS-SDK appendix 1). */
export function wechatSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const raw = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`;
  return createHash('sha1').update(raw).digest('hex');
}

const query = z.object({
  url: z.string().min(1).max(2048),
  callback: z
    .string()
    .regex(/^[A-Za-z_$][\w$]{0,63}$/, 'callback must be a plain JavaScript identifier')
    .default('callback'),
});

/**
 * JSONP signature service for the WeChat JS-SDK (docs/contract.md §7: a script-tag
 * request passing the current URL, answering `callback({appid, timestamp,
 * nonceStr, signature})`). The URL is signed without its #fragment.
 */
export async function wechatRoutes(app: FastifyInstance, opts: WechatOptions): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/wechat/signature', { config: { public: true }, schema: { querystring: query } }, async (request, reply) => {
      const url = request.query.url.split('#')[0]!;
      const timestamp = Math.floor(Date.now() / 1000);
      const nonceStr = randomBytes(8).toString('hex');
      const data = {
        appid: opts.appId,
        timestamp,
        nonceStr,
        signature: wechatSignature(opts.jsapiTicket, nonceStr, timestamp, url),
      };
      return reply
        .type('application/javascript; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(`/**/${request.query.callback}(${JSON.stringify(data)});`);
    });
}
