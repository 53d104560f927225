import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { eventually, uniqueEmail } from './family-helpers.js';

const base = () => inject('e2e').baseUrl;
const metricsOf = async (process: string) => {
  const url = inject('e2e').metricsUrls[process];
  if (!url) throw new Error(`no metrics for ${process}`);
  return (await fetch(url)).text();
};
const logLinesOf = (process: string) =>
  readFileSync(join(inject('e2e').dataDir, 'logs', `${process}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('seeing it run', () => {
  it("scan's /metrics shows the lookup histogram after a lookup; the gateway serves no /metrics", async () => {
    const bracelet = inject('e2e').demo.bracelets[0] as string;
    const lookup = await fetch(new URL(`/get_child_by_bracelet/${bracelet}`, base()));
    expect(lookup.status).toBe(200);
    const line = /^http_request_duration_seconds_count\{method="GET",route="\/get_child_by_bracelet\/:id",status_code="200"\} (\d+)$/m;
    const count = Number(line.exec(await metricsOf('scan'))?.[1] ?? 0);
    expect(count).toBeGreaterThanOrEqual(1);
    await fetch(new URL(`/get_child_by_bracelet/${bracelet}`, base()));
    expect(Number(line.exec(await metricsOf('scan'))?.[1])).toBe(count + 1);
    // Through the public gateway: not the metrics (no route leads there).
    const viaGateway = await fetch(new URL('/metrics', base()), { headers: { accept: 'text/plain' } });
    expect(await viaGateway.text()).not.toContain('http_request_duration_seconds');
    // Every process has its own; the outbox and the queues are measured.
    expect(await metricsOf('family')).toMatch(/^outbox_backlog \d+$/m);
    expect(await metricsOf('notifier')).toMatch(/^queue_jobs\{queue="[^"]+",state="failed"\} \d+$/m);
    expect(await metricsOf('gateway')).toContain('http_request_duration_seconds_bucket');
  });

  it('follows one request from the gateway to the service, into its event, to the notifier’s line for the mail', async () => {
    const email = uniqueEmail('traced');
    const signup = await fetch(new URL('/register_parent/', base()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'forged-by-a-client' },
      body: JSON.stringify({ nom: 'Roux', prenom: 'Julie', email, telephone: '+33612345678', mot_de_passe: 'mot de passe solide' }),
    });
    expect(signup.status).toBe(201);
    const requestId = signup.headers.get('x-request-id') ?? '';
    // The gateway's own id, not the client's.
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLinesOf('gateway').some((line) => line.requestId === requestId)).toBe(true);
    expect(logLinesOf('family').some((line) => line.requestId === requestId)).toBe(true);
    const handled = await eventually(() =>
      logLinesOf('notifier').find(
        (line) => line.requestId === requestId && line.event === 'parent.registered' && line.msg === 'event handled',
      ),
    );
    expect(handled).toBeDefined();
  });
});
