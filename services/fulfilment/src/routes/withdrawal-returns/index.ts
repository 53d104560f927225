import { type WithdrawalReturn as Answer, errorResponseSchema, withdrawalReturnSchema, withdrawalReturnsSchema } from '@bracelet/contracts';
import { AppError, type HttpServer, type ServiceDeps, uuidField } from '@bracelet/service-kit';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { createReturnRepository, type WithdrawalReturn } from '../../db/returns.repository.js';
import { staffGuard } from '../staff.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** Withdrawals listed at once: the newest, which are the ones still to handle. */
const LISTED = 200;

const present = (row: WithdrawalReturn): Answer => ({
  order_id: row.orderId,
  order_number: row.orderNumber,
  requested_at: row.requestedAt.toISOString(),
  accepted: row.accepted,
  return_received_at: row.returnReceivedAt?.toISOString() ?? null,
  refunded_at: row.refundedAt?.toISOString() ?? null,
  refunded_cents: row.refundedCents,
});

/** Withdrawals as the back office follows them: the parcel back ('Retour reçu'); the refund is checkout's. Staff only. */
export function registerWithdrawalReturnRoutes(app: HttpServer, { db, config }: ServiceDeps<Config>): void {
  const { staffOnly, staffId } = staffGuard(config);
  const returns = createReturnRepository(db);

  app.get('/withdrawal_returns', { onRequest: staffOnly, schema: { response: { 200: withdrawalReturnsSchema, ...errors } } }, async () =>
    (await returns.listRecent(LISTED)).map(present),
  );

  app.post(
    '/withdrawal_returns/:orderId/received',
    { onRequest: staffOnly, schema: { params: z.object({ orderId: uuidField }), response: { 200: withdrawalReturnSchema, ...errors } } },
    async (request) => {
      const row = await returns.markReceived(request.params.orderId, staffId(request));
      if (!row) throw new AppError(404, 'withdrawal_not_found', 'Aucune rétractation pour cette commande.');
      return present(row);
    },
  );
}
