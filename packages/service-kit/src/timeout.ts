export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Rejects with a TimeoutError if the promise has not settled within `ms`. The promise itself goes
 * on (a commit may still go through): the caller only stops waiting for it.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
