import { describe, expect, it } from 'vitest';
import { TimeoutError } from './timeout.js';
import { isBrokenConnection, isDependencyUnavailable } from './unavailable.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which errors mean a dependency cannot serve now', () => {
  it('knows Postgres past its deadlines, shutting down or full, and the driver giving up', () => {
    for (const error of [
      coded('canceling statement due to statement timeout', '57014'),
      coded('canceling statement due to lock timeout', '55P03'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('sorry, too many clients already', '53300'),
      coded('connection failure', '08006'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Connection terminated unexpectedly'),
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all addresses failed'),
    ]) {
      expect(isDependencyUnavailable(error), String(error)).toBe(true);
    }
  });

  it('knows Redis past its command deadline or unreachable, and the kit’s own timeouts', () => {
    for (const error of [
      new Error('Command timed out'),
      Object.assign(
        new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'),
        {
          name: 'MaxRetriesPerRequestError',
        },
      ),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Connection is closed.'),
      new TimeoutError('scan record did not finish within 3000 ms'),
      new Error('wrapped', { cause: new Error('Command timed out') }),
    ]) {
      expect(isDependencyUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves bugs and refusals alone: they are not a 503', () => {
    for (const error of [
      new Error('boom'),
      coded('relation "no_such_table" does not exist', '42P01'),
      coded('duplicate key value violates unique constraint', '23505'),
      coded('invalid input syntax for type uuid', '22P02'),
      coded('could not serialize access', '40001'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      undefined,
      'Command timed out',
    ]) {
      expect(isDependencyUnavailable(error), String(error)).toBe(false);
    }
  });

  it('drops only connections that stopped answering, not one whose statement Postgres cancelled', () => {
    expect(isBrokenConnection(new Error('Query read timeout'))).toBe(true);
    expect(isBrokenConnection(coded('canceling statement due to statement timeout', '57014'))).toBe(false);
  });
});
