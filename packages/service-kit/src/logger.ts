import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** JSON logs, pretty-printed only when a person is watching a terminal. */
export function createLoggerOptions(name: string, level: string): LoggerOptions {
  const options: LoggerOptions = {
    name,
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.mot_de_passe', '*.token'],
  };
  if (process.stdout.isTTY) {
    options.transport = { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } };
  }
  return options;
}

export function createLogger(name: string, level = 'info'): Logger {
  return pino(createLoggerOptions(name, level));
}
