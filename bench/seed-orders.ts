import { createEvent } from '@bracelet/contracts';
import { loadLocalSecrets, prepareDatabase, resolvePostgres } from '@bracelet/devstack';
import { createPool, withTransaction } from '@bracelet/service-kit';
import { readLocalEnv } from '../scripts/local-env.js';
import { createOrderRepository } from '../services/fulfilment/src/db/orders.repository.js';

// `node --import tsx bench/seed-orders.ts N`: N paid orders recorded by fulfilment exactly as its
// payment.succeeded handler records them, on the product's database (found as `npm run mint`
// finds it). A third are shipped, a third prepared, the rest to prepare.
const count = Number(process.argv[2] ?? 10_000);
const env = readLocalEnv();
const secrets = loadLocalSecrets(env.DATA_DIR);
const postgres = await resolvePostgres({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  port: env.EMBEDDED_PG_PORT,
  password: secrets.postgresPassword,
  log: (line) => process.stderr.write(`${line}\n`),
});
try {
  const urls = await prepareDatabase(postgres.adminUrl, env.DB_ROLE_SECRET ?? secrets.roleSecret);
  const pool = createPool(urls.fulfilment, 'fulfilment', 2);
  const run = globalThis.crypto.randomUUID().slice(0, 6).toUpperCase();
  await withTransaction(pool, async (tx) => {
    const orders = createOrderRepository(tx);
    for (let index = 0; index < count; index += 1) {
      const event = createEvent('payment.succeeded', {
        orderId: globalThis.crypto.randomUUID(),
        orderNumber: `BQ-B${run}${String(index).padStart(6, '0')}`,
        invoiceNumber: `F-B${run}${index}`,
        parentId: null,
        customer: {
          email: `banc-${index}@example.com`,
          firstName: 'Camille',
          lastName: `Banc${index}`,
          phone: null,
          address: `${index} rue des Lilas`,
          postalCode: '69003',
          city: 'Lyon',
          country: 'France',
        },
        lines: [
          {
            code: 'BRACELET_CORDE',
            productName: 'Bracelet en corde',
            color: 'sable',
            colourName: 'Sable',
            quantity: 1 + (index % 3),
            unitPriceCents: 3999,
            totalCents: 3999 * (1 + (index % 3)),
          },
        ],
        delivery: {
          method: 'standard',
          carrier: 'laposte',
          address: { address: `${index} rue des Lilas`, postalCode: '69003', city: 'Lyon', country: 'France' },
        },
        goodsCents: 3999,
        shippingCents: 590,
        totalCents: 4589,
        currency: 'eur',
        paymentIntentId: `pi_bench_${index}`,
        paidAt: new Date(Date.now() - (count - index) * 60_000).toISOString(),
      });
      await orders.recordPaid(event);
    }
    await tx.query(
      `UPDATE orders SET status = CASE WHEN n % 3 = 0 THEN 'shipped' WHEN n % 3 = 1 THEN 'prepared' ELSE 'to_prepare' END,
         tracking_number = CASE WHEN n % 3 = 0 THEN '6A' || lpad(n::text, 11, '0') END,
         shipped_carrier = CASE WHEN n % 3 = 0 THEN 'laposte' END
       FROM (SELECT id, row_number() OVER (ORDER BY order_number) AS n FROM orders WHERE order_number LIKE $1) AS numbered
       WHERE orders.id = numbered.id`,
      [`BQ-B${run}%`],
    );
  });
  await pool.end();
  process.stdout.write(`${count}\n`);
} finally {
  await postgres.stop();
}
