import Fastify from 'fastify';
import pg from 'pg';

/**
 * The least machinery that can answer a finder's lookup (issue 14): one Fastify process, one pg
 * pool, the same table shapes as scan's (copied by bench/run.ts into schema bench_floor). `/read`
 * answers the card by primary key; `/write` also inserts the scan row in the same statement. The
 * product's lookups are reported as a ratio to these, measured in the same run.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/read/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM bench_floor.scan_cards WHERE bracelet_id = $1', [request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});

app.get<{ Params: { id: string } }>('/write/:id', async (request, reply) => {
  const { rows } = await pool.query(
    `WITH logged AS (INSERT INTO bench_floor.scan_log (id, bracelet_id) VALUES (gen_random_uuid(), $1))
     SELECT * FROM bench_floor.scan_cards WHERE bracelet_id = $1`,
    [request.params.id],
  );
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
