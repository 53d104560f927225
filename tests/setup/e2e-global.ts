import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DemoData, startStack, uniqueQueuePrefix } from '@bracelet/devstack';
import type { TestProject } from 'vitest/node';
import { provideInfrastructure } from './infrastructure.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      baseUrl: string;
      demo: DemoData;
      dataDir: string;
      adminUrl: string;
      alertWindowSeconds: number;
      /** Each process's /metrics (loopback, never through the gateway). */
      metricsUrls: Record<string, string>;
    };
  }
}

/** Starts the built product exactly as `npm start` does, on this run's own database. */
const ALERT_WINDOW_SECONDS = 15;

export default async function setup(project: TestProject) {
  const infrastructure = await provideInfrastructure('e2e');
  const dataDir = mkdtempSync(join(tmpdir(), 'bracelet-e2e-'));
  const lines: string[] = [];
  const stack = await startStack({
    dataDir,
    port: 0,
    databaseUrl: infrastructure.adminUrl,
    redisUrl: infrastructure.redisUrl,
    roleSecret: infrastructure.roleSecret,
    queuePrefix: uniqueQueuePrefix('e2e'),
    // Short alert and share windows, so a journey can see a window close and its summary arrive.
    // Every journey checks out from 127.0.0.1: the per-address checkout limit is raised.
    serviceEnv: {
      SCAN_ALERT_WINDOW_SECONDS: String(ALERT_WINDOW_SECONDS),
      LOCATION_SHARE_WINDOW_SECONDS: String(ALERT_WINDOW_SECONDS),
      CHECKOUT_RATE_LIMIT_PER_IP: '1000',
    },
    log: (line) => lines.push(line),
  }).catch((error) => {
    process.stderr.write(`${lines.join('\n')}\n`);
    throw error;
  });
  project.provide('e2e', {
    baseUrl: stack.baseUrl,
    demo: stack.demo,
    dataDir,
    adminUrl: infrastructure.adminUrl,
    alertWindowSeconds: ALERT_WINDOW_SECONDS,
    metricsUrls: stack.metricsUrls,
  });
  return async () => {
    await stack.stop();
    await infrastructure.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
