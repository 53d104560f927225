import secureJson from 'secure-json-parse';
import { AppError } from './errors.js';

/**
 * The one rule for text that enters the system: valid UTF-8 (no lone surrogate once decoded), no
 * NUL and no control character (C0 but tab, line feed and carriage return; DEL; C1). Postgres refuses NUL in
 * text ("invalid byte sequence for encoding UTF8"), and nothing a person types contains the rest.
 */
const forbiddenCharacter = new RegExp(
  [
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]', // control characters but tab, LF, CR
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])', // a high surrogate alone
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]', // a low surrogate alone
  ].join('|'),
);

export const invalidText = (field?: string) =>
  new AppError(
    400,
    'invalid_text',
    'Requête invalide : caractères non autorisés.',
    field ? { [field]: ['Caractères non autorisés.'] } : undefined,
  );

export function isCleanText(value: string): boolean {
  return !forbiddenCharacter.test(value);
}

/** How deep a request's JSON may nest: no form of ours goes past a few levels. */
export const MAX_JSON_DEPTH = 32;

const tooDeep = () => new AppError(400, 'invalid_request', 'Requête invalide : données trop imbriquées.');

/**
 * The path of the first key or string in a parsed value that breaks the rule, if any. Walks with
 * its own stack (a recursive walk overflowed on 20,000 nested arrays) and refuses values nested
 * deeper than MAX_JSON_DEPTH with a 400.
 */
export function findUncleanText(value: unknown, path = ''): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: current, path: at, depth } = next;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return at || 'requête';
      continue;
    }
    if (!current || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_JSON_DEPTH) throw tooDeep();
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (const [key, item] of entries.reverse()) {
      const keyPath = at ? `${at}.${key}` : key;
      if (!Array.isArray(current) && !isCleanText(key)) return keyPath;
      stack.push({ value: item, path: keyPath, depth: depth + 1 });
    }
  }
  return undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes bytes as UTF-8, refusing invalid sequences instead of replacing them. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Parses a JSON body under the rule; throws a 400 AppError otherwise. */
export function parseCleanJson(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  if (text === undefined) throw invalidText();
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    // As Fastify's own parser: a __proto__ or constructor.prototype key is refused, not merged.
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError(400, 'invalid_json', 'Requête invalide : JSON mal formé.');
  }
  const field = findUncleanText(value);
  if (field) throw invalidText(field);
  return value;
}

/** Decodes one percent-encoded URL component (query: '+' is a space), or undefined if malformed. */
function decodeComponent(component: string, plusIsSpace: boolean): string | undefined {
  try {
    return decodeURIComponent(plusIsSpace ? component.replaceAll('+', ' ') : component);
  } catch {
    return undefined;
  }
}

/**
 * Checks a request target (path and query) under the rule: every segment and every query key and
 * value must percent-decode to clean text. Returns a French reason when it does not.
 */
export function checkRequestTarget(target: string): { ok: true } | { ok: false; field: string } {
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  for (const segment of path.split('/')) {
    const decoded = decodeComponent(segment, false);
    if (decoded === undefined || !isCleanText(decoded)) return { ok: false, field: 'chemin' };
  }
  if (queryStart === -1) return { ok: true };
  for (const pair of target.slice(queryStart + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = decodeComponent(equals === -1 ? pair : pair.slice(0, equals), true);
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1), true);
    if (key === undefined || value === undefined || !isCleanText(key) || !isCleanText(value)) {
      return { ok: false, field: key && isCleanText(key) ? key : 'requête' };
    }
  }
  return { ok: true };
}
