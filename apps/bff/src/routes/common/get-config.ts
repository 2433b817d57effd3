import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseBodySchema, envelopeSchema, getConfigDataSchema, ok } from '@abo/contract';

/** getConfig: the description pages (spec §3 descriptionPageList). */
export async function getConfigRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/bff/v1/common/getConfig',
    { schema: { body: baseBodySchema.optional(), response: { 200: envelopeSchema(getConfigDataSchema) } } },
    async () => {
      const rows = await app.db.selectFrom('description_pages').selectAll().orderBy('code').execute();
      return ok({
        descriptionPageList: rows.map((r) => ({
          code: r.code,
          title: r.title_zh,
          titleEn: r.title_en,
          content: r.content_zh,
          contentEn: r.content_en,
        })),
      });
    },
  );
}
