import { PortTakenError, RedisUnavailableError, startStack } from '@bracelet/devstack';
import { readLocalEnv } from './local-env.js';

const env = readLocalEnv();
const startedAt = Date.now();
const say = (line: string) => process.stdout.write(`${line}\n`);
say('Démarrage du produit…');

let stopping = false;
try {
  const stack = await startStack({
    dataDir: env.DATA_DIR,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    logLevel: env.LOG_LEVEL,
    roleSecret: env.DB_ROLE_SECRET,
    log: say,
    // A process that dies is restarted (the console says which, why and when); one that keeps
    // dying stops the product rather than looping forever.
    onGiveUp: (message) => {
      stopping = true;
      process.stderr.write(`\n${message}\n`);
      process.exit(1);
    },
  });
  const { baseUrl, demo } = stack;
  say('');
  say(`✔ Prêt en ${Math.round((Date.now() - startedAt) / 1000)} s : ${baseUrl}`);
  say('');
  say(`  Équipe (back office) : ${demo.staff.email} / ${demo.staff.password}`);
  say(`  Parent de démo       : ${demo.parent.email} / ${demo.parent.password}`);
  say('  Bracelets de démo (pages de scan) :');
  for (const id of demo.bracelets) say(`    ${baseUrl}/b/${id}`);
  say('');
  say(`  Ces informations sont aussi dans ${env.DATA_DIR}/demo.json ; les journaux dans ${env.DATA_DIR}/logs/.`);
  say('  Ctrl-C pour tout arrêter.');

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('\nArrêt en cours…');
    await stack.stop();
    say('Arrêté.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  process.stderr.write(
    `\n${error instanceof RedisUnavailableError || error instanceof PortTakenError ? error.message : `Échec du démarrage : ${(error as Error).stack ?? error}`}\n`,
  );
  process.exit(1);
}
