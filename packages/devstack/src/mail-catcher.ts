import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export type MailCatcher = { url: string; dir: string; stop(): Promise<void> };

/**
 * The development mail catcher: a real SMTP server on localhost that accepts every message and
 * writes it, as received, to <dir>/<time>-<id>.eml. Staff read them in the back office.
 */
export async function startMailCatcher({ dir, port }: { dir: string; port: number }): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Bracelets QR development mail catcher',
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        try {
          writeFileSync(join(dir, name), Buffer.concat(chunks));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-message (a notifier killed while sending) resets its connection: that
  // message is simply not received, and the process running the catcher (npm start's) goes on.
  server.on('error', () => undefined);
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
