import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@bracelet/contracts';
import { parseMail } from '@bracelet/dev-mail';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityResolver } from '../identity.js';

const mailId = z.string().regex(/^[0-9TZ-]+-[0-9a-f]{8}\.eml$/);

/**
 * The development mail catcher's inbox, for staff only: a list and one message. Registered only
 * when DEV_MAIL_DIR is set (that is, without real SMTP).
 */
export function registerDevMailRoutes(app: FastifyInstance, { dir, identity }: { dir: string; identity: IdentityResolver }): void {
  const isStaff = async (request: FastifyRequest) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (!sessionId) return false;
    return (await identity.resolve(sessionId).catch(() => undefined))?.role === 'staff';
  };
  const refuse = { error: { code: 'forbidden', message: 'Accès réservé à l’équipe.' } };

  app.get('/backoffice-api/mail', async (request, reply) => {
    if (!(await isStaff(request))) return reply.code(403).send(refuse);
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((name) => mailId.safeParse(name).success)
      .sort()
      .reverse()
      .slice(0, 200);
    const messages = await Promise.all(
      names.map(async (id) => {
        const mail = parseMail(await readFile(join(dir, id), 'utf8'));
        return { id, subject: mail.subject, to: mail.to, date: mail.date };
      }),
    );
    return reply.header('cache-control', 'no-store').send(messages);
  });

  app.get('/backoffice-api/mail/:id', async (request, reply) => {
    if (!(await isStaff(request))) return reply.code(403).send(refuse);
    const id = mailId.safeParse((request.params as { id: string }).id);
    if (!id.success) return reply.code(404).send({ error: { code: 'not_found', message: 'Message introuvable.' } });
    const raw = await readFile(join(dir, id.data), 'utf8').catch(() => undefined);
    if (raw === undefined) return reply.code(404).send({ error: { code: 'not_found', message: 'Message introuvable.' } });
    return reply.header('cache-control', 'no-store').send({ id: id.data, ...parseMail(raw) });
  });
}
