import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsProvider } from './provider.js';

/** The default transport: each SMS is written as a JSON file in `dir` (development, tests). */
export function createLogSmsProvider(dir: string): SmsProvider {
  return {
    name: 'log',
    async send(to, text) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      await writeFile(
        join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`),
        `${JSON.stringify({ to, text, sentAt })}\n`,
      );
    },
  };
}
