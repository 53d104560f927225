import type { ChaosContext } from './cases.js';
import { Outside } from './deliveries.js';
import { configureFamilies, waitUntilCounted } from './families.js';
import type { LoadRates } from './load.js';
import { watchReadiness } from './readiness.js';
import { type ChaosStack, startChaosStack } from './stack.js';

/**
 * Limits a single load generator on 127.0.0.1 would hit (every request comes from one address),
 * and the claim lease at its floor (30 s): a message a killed notifier held is sent again after
 * it (ADR 015).
 */
export const chaosServiceEnv = {
  SCAN_LOOKUPS_PER_MINUTE: '1000000',
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  CHECKOUT_RATE_LIMIT_PER_IP: '1000000',
  NOTIFIER_CLAIM_LEASE_SECONDS: '30',
};

export type PreparedChaos = ChaosContext & { stop(): Promise<void> };

/**
 * The product up (supervised, on dependencies it can break), `configured` bracelets minted and
 * linked to children of families made through the API, `unconfigured` minted only, and every
 * process's readiness watched.
 */
export async function prepareChaos({
  dataDir,
  configured,
  unconfigured,
  rates,
  log,
}: {
  dataDir: string;
  configured: number;
  unconfigured: number;
  rates: LoadRates;
  log: (line: string) => void;
}): Promise<PreparedChaos> {
  const started = performance.now();
  const chaos: ChaosStack = await startChaosStack({ dataDir, serviceEnv: chaosServiceEnv, log });
  try {
    log(`product up in ${((performance.now() - started) / 1000).toFixed(0)} s: ${chaos.stack.baseUrl}`);
    const minted = await chaos.mint(configured + unconfigured, 'chaos');
    await waitUntilCounted(
      chaos.admin,
      'minted bracelets known to family and scan',
      'SELECT least((SELECT count(*) FROM family.bracelets WHERE id = ANY($1)), (SELECT count(*) FROM scan.scan_cards WHERE bracelet_id = ANY($1))) AS count',
      minted,
    );
    const toConfigure = minted.slice(0, configured);
    await configureFamilies(chaos.stack.baseUrl, 'chaos', toConfigure);
    await waitUntilCounted(
      chaos.admin,
      'bracelets configured in scan',
      'SELECT count(*) FROM scan.scan_cards WHERE bracelet_id = ANY($1) AND configured',
      toConfigure,
    );
    log(
      `${configured} bracelets configured, ${unconfigured} left unconfigured, ${((performance.now() - started) / 1000).toFixed(0)} s after the start`,
    );
    const readiness = watchReadiness(chaos.stack.processes);
    let next = 0;
    return {
      chaos,
      readiness,
      outside: new Outside(chaos.stack.mailDir, chaos.stack.smsDir),
      nextBracelet: () => {
        const bracelet = toConfigure[next];
        if (bracelet) next += 1;
        return bracelet;
      },
      unconfigured: minted.slice(configured),
      rates,
      log,
      async stop() {
        await readiness.stop();
        await chaos.stop();
      },
    };
  } catch (error) {
    await chaos.stop();
    throw error;
  }
}
