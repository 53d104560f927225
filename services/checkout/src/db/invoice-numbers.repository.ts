import type { Queryable } from '@bracelet/service-kit';

/**
 * Gap-free invoice numbers (French invoicing rules): the series' counter row is updated in the
 * caller's transaction, which holds its row lock until it commits — a second payment waits, and a
 * rolled-back one gives its number back. Callers must be inside a transaction.
 */
export function createInvoiceNumberRepository(db: Queryable) {
  return {
    async takeNext(series: string): Promise<number> {
      await db.query('INSERT INTO invoice_counters (series, last_number) VALUES ($1, 0) ON CONFLICT (series) DO NOTHING', [series]);
      const { rows } = await db.query<{ last_number: number }>('SELECT last_number FROM invoice_counters WHERE series = $1 FOR UPDATE', [
        series,
      ]);
      const next = (rows[0] as { last_number: number }).last_number + 1;
      await db.query('UPDATE invoice_counters SET last_number = $2 WHERE series = $1', [series, next]);
      return next;
    },
  };
}
