import { connect, createServer, type Socket } from 'node:net';

export type FreezableProxy = {
  /** The target URL with its host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  /** Nothing passes either way any more, connections stay open and new ones are accepted: a SIGSTOPped server. */
  freeze(): void;
  /** Passes on what was held, and everything after. */
  thaw(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a real server (Postgres, Redis) that a test can freeze, as `kill -STOP`
 * would freeze the server — without freezing the one every other test shares. The kernel of a
 * stopped server still accepts connections and buffers bytes; so does this.
 */
export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const pass = (from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    pass(client, upstream);
    pass(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const release of held.splice(0)) release();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
