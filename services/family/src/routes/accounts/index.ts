import { errorResponseSchema, parentResponseSchema, sessionResponseSchema, signupResponseSchema } from '@bracelet/contracts';
import { type HttpServer, identityOf, identitySecretsOf, unauthenticated, uuidField } from '@bracelet/service-kit';
import { z } from 'zod';
import { type Account, createAccountRepository } from '../../db/accounts.repository.js';
import { createSessionRepository } from '../../db/sessions.repository.js';
import { logIn, TooManyAttemptsError } from '../../use-cases/log-in.js';
import { registerParent } from '../../use-cases/register-parent.js';
import { assertSameParent, type FamilyDeps, parentOf, SESSION_COOKIE } from '../context.js';
import { email, password, phone, text, typedEmail } from '../fields.js';

const sessionAnswer = (account: Account) => ({
  parent_id: account.id,
  nom: account.lastName,
  prenom: account.firstName,
  email: account.email,
  telephone: account.phone,
  role: account.role,
});

const parentAnswer = (account: Account) => ({
  parent_id: account.id,
  first_name: account.firstName,
  last_name: account.lastName,
  email: account.email,
  phone: account.phone,
  address: account.address,
  city: account.city,
  postal_code: account.postalCode,
  country: account.country,
});

/** The signup answer, the same whether the address was new or already had an account. */
const SIGNUP_MESSAGE = 'Compte créé avec succès !';

export function registerAccountRoutes(app: HttpServer, deps: FamilyDeps): void {
  const { db, config } = deps;
  const accounts = createAccountRepository(db);
  const sessions = createSessionRepository(db);
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 } };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the product is served over https (and always in production).
    secure: config.NODE_ENV === 'production' || config.PUBLIC_URL.startsWith('https:'),
  };

  // Answers the same for a new address and one that has an account (docs/deviations.md): the
  // answer must not tell who has an account. The owner of a taken address is told by e-mail.
  app.post(
    '/register_parent/',
    {
      config: authLimit,
      schema: {
        body: z.object({ nom: text('Le nom'), prenom: text('Le prénom'), email, telephone: phone, mot_de_passe: password }),
        response: { 201: signupResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { nom, prenom, email: address, telephone, mot_de_passe } = request.body;
      await registerParent(deps, { email: address, password: mot_de_passe, firstName: prenom, lastName: nom, phone: telephone });
      return reply.code(201).send({ message: SIGNUP_MESSAGE });
    },
  );

  app.post(
    '/login/',
    {
      config: authLimit,
      schema: {
        body: z.object({ email: typedEmail, mot_de_passe: z.string().max(200) }),
        response: { 200: sessionResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email: address, mot_de_passe } = request.body;
      try {
        const { account, sessionId } = await logIn(deps, { email: address, password: mot_de_passe, clientAddress: request.ip });
        reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions, maxAge: config.SESSION_TTL_DAYS * 24 * 3600 });
        return sessionAnswer(account);
      } catch (error) {
        if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post('/logout/', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) await sessions.close(sessionId);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.code(204).send(null);
  });

  // Who is logged in: null for an anonymous visitor (a normal answer, not an error).
  app.get('/me', { schema: { response: { 200: sessionResponseSchema.nullable() } } }, async (request) => {
    const identity = identityOf(request, identitySecretsOf(config));
    const account = identity ? await accounts.findById(identity.accountId) : undefined;
    return account ? sessionAnswer(account) : null;
  });

  app.get(
    '/get-parent-by-id',
    {
      schema: {
        querystring: z.object({ parent_id: uuidField }),
        response: { 200: parentResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.query.parent_id);
      const account = await accounts.findById(identity.accountId);
      if (!account) throw unauthenticated();
      return parentAnswer(account);
    },
  );

  app.post(
    '/update-account-infos',
    {
      schema: {
        body: z.object({
          parent_id: uuidField,
          last_name: text('Le nom'),
          first_name: text('Le prénom'),
          phone,
          // The spec's form sends a photo field; parents have no photo, so it is accepted and ignored.
          photo: z.unknown().optional(),
        }),
        response: { 200: parentResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.body.parent_id);
      const { first_name, last_name, phone: number } = request.body;
      await accounts.updateInfos(identity.accountId, { firstName: first_name, lastName: last_name, phone: number });
      return parentAnswer((await accounts.findById(identity.accountId)) as Account);
    },
  );

  app.post(
    '/update-delivery-infos',
    {
      schema: {
        body: z.object({
          parent_id: uuidField,
          address: text("L'adresse", 200),
          city: text('La ville'),
          postal_code: z
            .string()
            .trim()
            .regex(/^[0-9A-Za-z -]{3,10}$/, { message: 'Code postal invalide.' }),
          country: text('Le pays', 60),
        }),
        response: { 200: parentResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const identity = parentOf(request, deps);
      assertSameParent(identity, request.body.parent_id);
      const { address, city, postal_code, country } = request.body;
      await accounts.updateDelivery(identity.accountId, { address, city, postalCode: postal_code, country });
      return parentAnswer((await accounts.findById(identity.accountId)) as Account);
    },
  );
}
