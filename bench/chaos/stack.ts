import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import {
  freePort,
  loadLocalSecrets,
  prepareDatabase,
  type RedisHandle,
  runServiceCommand,
  type Stack,
  startMailCatcher,
  startPrivateRedis,
  startStack,
} from '@bracelet/devstack';
import pg from 'pg';

/**
 * The product as `npm start` runs it (supervised: a process that dies is restarted), on
 * dependencies the chaos run owns so it can break them: an embedded Postgres in <dataDir>/pg (its
 * processes can be frozen), a private Redis on a free port (it can be stopped and started again
 * with its data), and an SMTP endpoint that can refuse (a TCP switch in front of the development
 * mail catcher). Never the shared servers on 5432 and 6379.
 */
export type ChaosStack = {
  stack: Stack;
  dataDir: string;
  /** Postgres as its superuser, for counting (never used while Postgres is frozen). */
  admin: pg.Pool;
  redis: { stop(): Promise<void>; start(): Promise<void> };
  postgres: { freeze(): number[]; thaw(): void };
  smtp: { refuse(): Promise<void>; accept(): Promise<void>; hold(): void; release(): void };
  /** New bracelet ids from fulfilment's own mint command. */
  mint(count: number, label: string): Promise<string[]>;
  /** Set when the supervisor gave up on a process (it died 5 times within a minute). */
  gaveUp: () => string | undefined;
  stop(): Promise<void>;
};

export async function startChaosStack({
  dataDir,
  serviceEnv,
  log,
}: {
  dataDir: string;
  serviceEnv?: Record<string, string>;
  log: (line: string) => void;
}): Promise<ChaosStack> {
  const redisDir = join(dataDir, 'redis');
  const redisPort = await freePort();
  let redis: RedisHandle | undefined = await startPrivateRedis(redisDir, redisPort);
  const catcher = await startMailCatcher({ dir: join(dataDir, 'mail'), port: await freePort() });
  const smtp = await startSmtpSwitch(Number(new URL(catcher.url).port));
  const postgresPort = await freePort();
  let gaveUp: string | undefined;
  let stack: Stack;
  try {
    stack = await startStack({
      dataDir,
      port: 0,
      redisUrl: redis.url,
      smtpUrl: smtp.url,
      embeddedPostgresPort: postgresPort,
      logLevel: 'warn',
      serviceEnv,
      onGiveUp: (message) => {
        gaveUp = message;
        log(message);
      },
      log,
    });
  } catch (error) {
    await Promise.all([redis.stop(), catcher.stop(), smtp.close()]);
    throw error;
  }
  const secrets = loadLocalSecrets(dataDir);
  const adminUrl = `postgres://postgres:${encodeURIComponent(secrets.postgresPassword)}@127.0.0.1:${postgresPort}/bracelet`;
  const admin = new pg.Pool({ connectionString: adminUrl, max: 3 });
  admin.on('error', () => undefined);
  const databaseDir = join(dataDir, 'pg');

  return {
    stack,
    dataDir,
    admin,
    redis: {
      async stop() {
        await redis?.stop();
        redis = undefined;
      },
      async start() {
        redis = await startPrivateRedis(redisDir, redisPort);
      },
    },
    postgres: {
      freeze: () => freezePostgres(databaseDir),
      thaw: () => thawPostgres(databaseDir),
    },
    smtp,
    async mint(count, label) {
      const urls = await prepareDatabase(adminUrl, secrets.roleSecret);
      const printed = await runServiceCommand('fulfilment', 'mint', {
        databaseUrl: urls.fulfilment,
        args: ['--count', String(count), '--label', label],
      });
      return printed.split('\n').filter(Boolean);
    },
    gaveUp: () => gaveUp,
    async stop() {
      thawPostgres(databaseDir);
      await admin.end().catch(() => undefined);
      // The product first (its processes close their connections), then what it depends on.
      await stack.stop();
      await Promise.all([redis?.stop(), smtp.close(), catcher.stop()]);
    },
  };
}

/** The postmaster (postmaster.pid, first line) and every process it forked (its backends, checkpointer, WAL writer…). */
function postgresPids(databaseDir: string): number[] {
  const postmaster = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) throw new Error(`no postmaster pid in ${databaseDir}`);
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return [postmaster, ...children];
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile
  }
};

/**
 * `kill -STOP` on the postmaster and all its processes, as a hung host or a stalled disk would
 * leave them: connections stay open, the kernel still accepts new ones, nothing answers. The
 * postmaster is stopped first, so it forks nothing afterwards; the list is read twice in case it
 * forked one meanwhile. Answers the stopped pids.
 */
export function freezePostgres(databaseDir: string): number[] {
  const first = postgresPids(databaseDir);
  for (const pid of first) signal(pid, 'SIGSTOP');
  const second = postgresPids(databaseDir).filter((pid) => !first.includes(pid));
  for (const pid of second) signal(pid, 'SIGSTOP');
  return [...first, ...second];
}

export function thawPostgres(databaseDir: string): void {
  let pids: number[];
  try {
    pids = postgresPids(databaseDir);
  } catch {
    return; // not running
  }
  // Backends first, then the postmaster.
  for (const pid of pids.slice(1)) signal(pid, 'SIGCONT');
  signal(pids[0] as number, 'SIGCONT');
}

/**
 * An SMTP endpoint in front of the mail catcher that can refuse: `refuse()` stops listening and
 * cuts every open connection (the notifier's pooled ones included: a stopped smtp-server would keep
 * serving those for 30 s), so each send meets a refused or broken connection; `accept()` listens
 * again on the same port. `hold()` passes nothing either way on any connection, as a server that
 * stopped answering mid-conversation (a send then stays in flight); `release()` lets it go on.
 */
export async function startSmtpSwitch(targetPort: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let holding = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const opened = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
        if (holding) for (const socket of [client, upstream]) socket.pause();
      });
      opened.once('error', reject);
      opened.listen(port, '127.0.0.1', () => {
        server = opened;
        resolve();
      });
    });
  const close = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    refuse: close,
    async accept() {
      if (!server) await listen();
    },
    hold() {
      holding = true;
      for (const socket of sockets) socket.pause();
    },
    release() {
      holding = false;
      for (const socket of sockets) socket.resume();
    },
    close,
  };
}
