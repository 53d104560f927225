import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

const REDACTED = '[redacted]';

/**
 * A URL as it may be logged: the path, and the query's keys with every value hidden. Query
 * strings carry reset tokens (/reset-password?token=…) and ids; the path alone says what was asked.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const keys = url
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, queryStart)}?${keys.join('&')}`;
}

type LoggedRequest = { method?: string; url?: string; ip?: string; headers?: Record<string, unknown> };

/** What a request log line says: method, redacted URL, client address. Never headers or body. */
export const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
  remoteAddress: request.ip,
});

type SerializedError = ReturnType<typeof pino.stdSerializers.err> & {
  command?: { name?: string; args?: unknown };
  previousErrors?: unknown[];
};

/**
 * An error as it may be logged. Redis client errors carry the command they failed with, and its
 * arguments are whole payloads (an event with a reset link, a parent's e-mail, a position): only
 * the command's name is kept, here and in the errors it wraps.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as SerializedError;
  if (serialized.command) serialized.command = { name: serialized.command.name };
  if (Array.isArray(serialized.previousErrors)) serialized.previousErrors = serialized.previousErrors.map(serializeError);
  return serialized;
}

/** Secrets that may sit in objects passed to the logger, wherever they are nested one level down. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-identity"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.mot_de_passe',
  '*.new_password',
  '*.passwordHash',
  '*.token',
  '*.sessionId',
  '*.resetUrl',
  '*.cookie',
  '*.authorization',
];

/** JSON logs, pretty-printed only when a person is watching a terminal. */
export function createLoggerOptions(name: string, level: string): LoggerOptions {
  const options: LoggerOptions = {
    name,
    level,
    redact: { paths: redactedPaths, censor: REDACTED },
    serializers: {
      req: requestSerializer,
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
  if (process.stdout.isTTY) {
    options.transport = { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } };
  }
  return options;
}

export function createLogger(name: string, level = 'info'): Logger {
  return pino(createLoggerOptions(name, level));
}
