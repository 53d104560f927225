import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProcess } from './children.js';

describe('supervised processes', () => {
  it('restarts a process that exits, says why with its last line, and gives up after 5 exits within a minute', async () => {
    const lines: string[] = [];
    const gaveUp = new Promise<string>((resolve) => {
      const running = startProcess(
        {
          name: 'notifier',
          entry: 'packages/devstack/test-fixtures/exit-at-once.mjs',
          port: 0,
          env: {},
          logsDir: mkdtempSync(join(tmpdir(), 'supervised-')),
        },
        (line) => lines.push(line),
        {
          onGiveUp: (message) => {
            void running.stop();
            resolve(message);
          },
        },
      );
    });
    const message = await gaveUp;
    const crashes = lines.filter((line) => line.includes("s'est arrêté de façon inattendue"));
    // 4 restarts (0.5, 1, 2, 4 s apart), then the 5th exit stops everything instead of looping.
    expect(crashes).toHaveLength(4);
    expect(crashes[0]).toBe(
      "[notifier] s'est arrêté de façon inattendue (code 3) ; dernière ligne : « configuration invalide : DATABASE_URL manque » — redémarrage dans 0,5 s.",
    );
    expect(crashes[3]).toContain('redémarrage dans 4 s');
    expect(lines.filter((line) => line.startsWith('[notifier] redémarré'))).toHaveLength(4);
    expect(message).toMatch(
      /^\[notifier\] s'est arrêté 5 fois en moins d'une minute \(code 3\) ; dernière ligne : « configuration invalide/,
    );
  }, 20_000);
});
