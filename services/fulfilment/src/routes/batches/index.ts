import {
  BATCHES_PAGE_SIZE,
  type Batch,
  batchesQuerySchema,
  batchesSchema,
  batchSchema,
  errorResponseSchema,
  mintBatchSchema,
} from '@bracelet/contracts';
import { AppError, type HttpServer, type ServiceDeps, uuidParam } from '@bracelet/service-kit';
import type { Config } from '../../config.js';
import { type BatchSummary, createBatchRepository } from '../../db/batches.repository.js';
import { renderBatchSheet } from '../../qr-sheet.js';
import { mintBatch } from '../../use-cases/mint-bracelets.js';
import { staffGuard } from '../staff.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

const present = (batch: BatchSummary): Batch => ({
  id: batch.id,
  label: batch.label,
  size: batch.size,
  minted_at: batch.mintedAt.toISOString(),
  sold: batch.sold,
  configured: batch.configured,
  unsold: batch.unsold,
  sheet_url: `/batches/${batch.id}/sheet.pdf`,
});

const batchNotFound = () => new AppError(404, 'batch_not_found', 'Lot introuvable.');

/** A file name a browser keeps as it is: the label's letters and digits. */
const fileNameOf = (label: string) =>
  `planche-${
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'lot'
  }.pdf`;

/** The back office's bracelet batches: mint, list, print (staff only). */
export function registerBatchRoutes(app: HttpServer, { db, config }: ServiceDeps<Config>): void {
  const { staffOnly, staffId } = staffGuard(config);
  const batches = createBatchRepository(db);

  app.get(
    '/batches',
    { onRequest: staffOnly, schema: { querystring: batchesQuerySchema, response: { 200: batchesSchema, ...errors } } },
    async (request, reply) => {
      const { page } = request.query;
      const { batches: found, total } = await batches.listPage({ page, pageSize: BATCHES_PAGE_SIZE });
      return reply
        .header('x-total-count', String(total))
        .header('x-page', String(page))
        .header('x-page-size', String(BATCHES_PAGE_SIZE))
        .send(found.map(present));
    },
  );

  app.post(
    '/batches',
    { onRequest: staffOnly, schema: { body: mintBatchSchema, response: { 201: batchSchema, ...errors } } },
    async (request, reply) => {
      const { quantity, label } = request.body;
      const { batchId } = await mintBatch(db, { count: quantity, label, mintedBy: staffId(request) });
      const batch = await batches.find(batchId);
      if (!batch) throw batchNotFound();
      return reply.code(201).send(present(batch));
    },
  );

  app.get(
    '/batches/:id/sheet.pdf',
    // A PDF, not JSON: no response schema to serialize it with (errors keep the kit's shape).
    { onRequest: staffOnly, schema: { params: uuidParam } },
    async (request, reply) => {
      const batch = await batches.find(request.params.id);
      if (!batch) throw batchNotFound();
      const braceletIds = await batches.braceletIdsOf(batch.id);
      const pdf = await renderBatchSheet({ label: batch.label, braceletIds, publicUrl: config.PUBLIC_URL });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileNameOf(batch.label)}"`)
        .send(Buffer.from(pdf));
    },
  );
}
