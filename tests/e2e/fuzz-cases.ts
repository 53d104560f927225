import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';

/**
 * The edge fuzz's building blocks: a seeded PRNG, a raw HTTP/1.1 client (fetch would normalise
 * the malformed paths, headers and framings we want to send), the generated malformed requests
 * for one route, and the verdict on one answer.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  };
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP client

export type Framing =
  /** No body and no framing header. */
  | { kind: 'none' }
  /** Content-Length: the body's real length. */
  | { kind: 'length' }
  /** Transfer-Encoding: chunked, in 64 KiB chunks. */
  | { kind: 'chunked' }
  /** Content-Length: `declared`, whatever the body's real length; `halfClose` ends our side after it. */
  | { kind: 'declared'; declared: number; halfClose?: boolean }
  /** The case's own headers frame the body (contradictory or invalid framing headers). */
  | { kind: 'raw' };

export type WireRequest = {
  method: string;
  /** The request-target, byte for byte. */
  target: Buffer;
  headers: Array<[string, string]>;
  body?: Buffer;
  framing: Framing;
};

export type WireResult =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: Buffer; ms: number }
  | { kind: 'timeout' | 'no-response'; detail: string; ms: number };

const CRLF = '\r\n';
const RESPONSE_BODY_CAP = 2 * 1024 * 1024;

export function sendRaw(port: number, request: WireRequest, timeoutMs: number): Promise<WireResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    let socketError: string | undefined;
    const finish = (result: WireResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ kind: 'timeout', detail: `no complete answer within ${timeoutMs} ms`, ms: Date.now() - started }),
      timeoutMs,
    );

    socket.on('data', (chunk: Buffer) => {
      if (received < RESPONSE_BODY_CAP) chunks.push(chunk);
      received += chunk.length;
      const parsed = parseResponse(Buffer.concat(chunks), request.method, false);
      if (parsed) finish({ kind: 'response', ...parsed, ms: Date.now() - started });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    socket.on('close', () => {
      const parsed = parseResponse(Buffer.concat(chunks), request.method, true);
      if (parsed) finish({ kind: 'response', ...parsed, ms: Date.now() - started });
      else
        finish({
          kind: 'no-response',
          detail: `connection closed ${received > 0 ? `after ${received} unparsable bytes` : 'without an answer'}${socketError ? ` (${socketError})` : ''}`,
          ms: Date.now() - started,
        });
    });
    socket.on('connect', () => {
      const headers = [...request.headers];
      const body = request.body ?? Buffer.alloc(0);
      const { framing } = request;
      if (framing.kind === 'length') headers.push(['content-length', String(body.length)]);
      if (framing.kind === 'chunked') headers.push(['transfer-encoding', 'chunked']);
      if (framing.kind === 'declared') headers.push(['content-length', String(framing.declared)]);
      const head = Buffer.concat([
        Buffer.from(`${request.method} `, 'latin1'),
        request.target,
        Buffer.from(` HTTP/1.1${CRLF}${headers.map(([name, value]) => `${name}: ${value}${CRLF}`).join('')}${CRLF}`, 'latin1'),
      ]);
      const write = (data: Buffer) => {
        if (!socket.destroyed && socket.writable) socket.write(data);
      };
      write(head);
      if (framing.kind === 'chunked') {
        for (let offset = 0; offset < body.length; offset += 65_536) {
          const piece = body.subarray(offset, offset + 65_536);
          write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}${CRLF}`), piece, Buffer.from(CRLF)]));
        }
        write(Buffer.from(`0${CRLF}${CRLF}`));
      } else if (framing.kind !== 'none' && body.length > 0) {
        write(body);
      }
      if (framing.kind === 'declared' && framing.halfClose) socket.end();
    });
  });
}

function parseResponse(
  data: Buffer,
  method: string,
  closed: boolean,
): { status: number; headers: Record<string, string>; body: Buffer } | undefined {
  let offset = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', offset, 'latin1');
    if (headEnd < 0) return undefined;
    const [statusLine = '', ...lines] = data.subarray(offset, headEnd).toString('latin1').split(CRLF);
    const status = Number(statusLine.split(' ')[1]);
    if (!Number.isInteger(status)) return undefined;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + 4;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    const rest = data.subarray(bodyStart);
    if (method === 'HEAD' || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    if ((headers['transfer-encoding'] ?? '').toLowerCase().includes('chunked')) {
      const decoded = decodeChunked(rest);
      if (decoded) return { status, headers, body: decoded };
      return closed ? { status, headers, body: rest } : undefined;
    }
    const length = headers['content-length'];
    if (length !== undefined) {
      const expected = Number(length);
      if (rest.length >= expected || data.length >= RESPONSE_BODY_CAP) return { status, headers, body: rest.subarray(0, expected) };
      return closed ? { status, headers, body: rest } : undefined;
    }
    return closed ? { status, headers, body: rest } : undefined;
  }
}

function decodeChunked(data: Buffer): Buffer | undefined {
  const pieces: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf(CRLF, offset, 'latin1');
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return Buffer.concat(pieces);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    pieces.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

// ---------------------------------------------------------------------------------------------
// Routes and cases

export type Identity = 'anon' | 'parent' | 'staff';

export type RouteBody =
  | { kind: 'json'; value: (n: number) => Record<string, unknown> }
  | { kind: 'multipart'; fields: (n: number) => Record<string, string> }
  | { kind: 'none' };

/** One route to fuzz, with a realistic request to start each mutation from. */
export type FuzzRoute = {
  method: string;
  /** Template, with :params. */
  path: string;
  /** Who answers it: a service's name, 'gateway' or 'frontend'. */
  owner: string;
  /** Realistic value of each :param (already percent-encoded). */
  params: Record<string, string>;
  query: Record<string, string>;
  body: RouteBody;
  /** What a client of this route sends as Accept. */
  accept: string;
  /** Headers every case of the route carries besides (a browser's navigation headers, for a page). */
  headers?: Array<[string, string]>;
};

export type FuzzCase = {
  id: number;
  route: FuzzRoute;
  identity: Identity;
  /** The class of malformation (path, query, json-field, multipart…), for grouping. */
  group: string;
  description: string;
  method: string;
  target: Buffer;
  headers: Array<[string, string]>;
  /** Replaces the identity's session cookie (cookie cases). */
  cookie?: string;
  /** Our own Origin header is left out. */
  noOrigin?: boolean;
  body?: Buffer;
  framing: Framing;
  /** The request cannot be answered (our side stops sending mid-body): a closed connection is fine. */
  mayGoUnanswered?: boolean;
};

export type Draft = Omit<FuzzCase, 'id' | 'route' | 'identity'> & { identities?: Identity[] };

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The route's realistic path (params filled in), as a string of ASCII. */
export function fillPath(route: FuzzRoute, override: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => override[name] ?? route.params[name] ?? 'x');
}

const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

export function realisticTarget(route: FuzzRoute): string {
  const query = queryString(route.query);
  return `${fillPath(route)}${query ? `?${query}` : ''}`;
}

const paramNames = (route: FuzzRoute) => [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** What goes into a path parameter, verbatim (raw bytes as Buffers). */
const pathParamValues = (valid: string): Array<[string, string | Buffer]> => [
  ['traversal ../', '../../../../etc/passwd'],
  ['traversal ..%2f', '..%2f..%2f..%2f..%2fetc%2fpasswd'],
  ['traversal %2e%2e%2f', '%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json'],
  ['traversal ..%5c', '..%5c..%5c..%5cwindows%5cwin.ini'],
  ['traversal double-encoded', '%252e%252e%252f%252e%252e%252fetc%252fpasswd'],
  ['traversal overlong %c0%ae', '%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd'],
  ['traversal after a valid id', `${valid}%2f..%2f..%2freadyz`],
  ['dot-dot', '..'],
  ['NUL', '%00'],
  ['valid id + NUL', `${valid}%00`],
  ['NUL inside', 'ab%00cd'],
  ['control characters', '%01%02%08%1b%7f'],
  ['CRLF injection', `${valid}%0d%0aSet-Cookie:%20sid=stolen`],
  ['C1 and RTL override', '%c2%85%e2%80%ae%ef%bb%bf'],
  ['emoji', '%f0%9f%91%a9%e2%80%8d%f0%9f%91%a7'],
  ['lone %', '%'],
  ['invalid %zz', '%zz'],
  ['truncated UTF-8 %E2%82', '%E2%82'],
  ['overlong UTF-8 %C0%AF', '%C0%AF'],
  ['invalid UTF-8 %FF', '%ff%fe'],
  ['encoded surrogate %ED%A0%80', '%ED%A0%80'],
  ['trailing %', `${valid}%`],
  ['%2', 'a%2'],
  ['%u escape', '%u0000'],
  ['raw 0xFF byte', Buffer.from([0xff])],
  ['raw 0x80 byte after id', Buffer.concat([latin1(valid), Buffer.from([0x80])])],
  ['raw UTF-8 é', Buffer.from('élève', 'utf8')],
  ['raw DEL byte', Buffer.from([0x61, 0x7f, 0x62])],
  ['300 chars', 'a'.repeat(300)],
  ['4,000 chars', 'b'.repeat(4000)],
  ['20,000 chars (past the header limit)', 'c'.repeat(20_000)],
  ['1,000 encoded NULs', '%00'.repeat(1000)],
  ['uppercase id', valid.toUpperCase()],
  ['-1', '-1'],
  ['1e999', '1e999'],
  ['null', 'null'],
  ['true', 'true'],
  ['[]', '%5B%5D'],
  ['{}', '%7B%7D'],
  ['__proto__', '__proto__'],
  ['SQL', "'%20OR%201=1--"],
  ['encoded space', '%20'],
  ['plus', '+'],
  ['semicolon matrix', `${valid};jsessionid=1`],
];

/** Appended to the realistic path as its query string, verbatim. */
const queryValues = (route: FuzzRoute): Array<[string, string | Buffer]> => {
  const cases: Array<[string, string | Buffer]> = [
    ['?%', '%'],
    ['?a=%zz', 'a=%zz'],
    ['?a=%E2%82 (truncated UTF-8)', 'a=%E2%82'],
    ['?%00=%00', '%00=%00'],
    ['?a=%C0%AF (overlong)', 'a=%C0%AF'],
    ['?a=%ff', 'a=%ff'],
    ['?a=% at the end', 'a=1&b=%'],
    ['raw 0xFF in the query', Buffer.from([0x61, 0x3d, 0xff])],
    ['?&&&==&', '&&&==&'],
    ['?parent_id=a&parent_id=b', 'parent_id=a&parent_id=b'],
    ['?a[]=1&a[]=2', 'a%5B%5D=1&a%5B%5D=2'],
    ['?a[b][c]=1', 'a[b][c]=1'],
    ['?__proto__[polluted]=1', '__proto__[polluted]=1&__proto__.polluted=1'],
    ['?constructor[prototype][polluted]=1', 'constructor[prototype][polluted]=1'],
    ['?a=CRLF', 'a=%0d%0aX-Injected:%201'],
    ['8,000-char value', `a=${'q'.repeat(8000)}`],
    ['3,000 parameters', 'k=v&'.repeat(3000)],
  ];
  for (const [key, value] of Object.entries(route.query)) {
    const k = encodeURIComponent(key);
    const v = encodeURIComponent(value);
    cases.push(
      [`duplicate ${key}`, `${k}=${v}&${k}=${randomUUID()}`],
      [`${key}[]`, `${k}%5B%5D=${v}`],
      [`${key}[a]`, `${k}[a]=${v}`],
      [`${key} NUL`, `${k}=%00`],
      [`${key} valid + NUL`, `${k}=${v}%00`],
      [`${key} empty`, `${k}=`],
      [`${key} lone %`, `${k}=%`],
      [`${key} %zz`, `${k}=%zz`],
      [`${key} truncated UTF-8`, `${k}=%E2%82`],
      [`${key} 10,000 chars`, `${k}=${'z'.repeat(10_000)}`],
      [`${key} without value`, k],
      [`${key} number`, `${k}=123`],
    );
  }
  return cases;
};

/** Raw JSON texts that replace one field's value. */
const jsonValues = (valid: unknown): Array<[string, string]> => {
  const validText = typeof valid === 'string' ? valid : 'x';
  return [
    ['0', '0'],
    ['1e308', '1e308'],
    ['1e400 (Infinity)', '1e400'],
    ['huge integer', '123456789012345678901234567890123456789'],
    ['[]', '[]'],
    ['[value]', `[${JSON.stringify(valid)}]`],
    ['{}', '{}'],
    ['{"$gt":""}', '{"$gt":""}'],
    ['null', 'null'],
    ['true', 'true'],
    ['""', '""'],
    ['NUL', '"\\u0000"'],
    ['NUL inside', '"ab\\u0000cd"'],
    ['value + NUL', JSON.stringify(`${validText}\u0000`)],
    ['control characters', '"a\\u0001\\u0008\\u001b[31m\\u007f\\u0085b"'],
    ['CRLF', '"a\\r\\nSet-Cookie: sid=x"'],
    ['lone surrogate', '"a\\ud800b"'],
    ['BOM and RTL override', '"\\ufeff\\u202eabc"'],
    ['100,000 chars', JSON.stringify('a'.repeat(100_000))],
    ['SQL', JSON.stringify("' OR 1=1; DROP TABLE accounts; --")],
    ['percent-encoding', '"%00%zz%E2%82"'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ];
};

/** Invalid UTF-8 byte sequences put inside a string. */
const invalidUtf8: Array<[string, Buffer]> = [
  ['0xFF 0xFE', Buffer.from([0xff, 0xfe])],
  ['overlong 0xC0 0xAF', Buffer.from([0xc0, 0xaf])],
  ['truncated 0xE2 0x82', Buffer.from([0xe2, 0x82])],
  ['UTF-8 surrogate 0xED 0xA0 0x80', Buffer.from([0xed, 0xa0, 0x80])],
  ['lone continuation 0x80', Buffer.from([0x61, 0x80, 0x62])],
];

/** JSON text of `object` with `field`'s value replaced by raw JSON text (or the field added). */
function jsonWith(object: Record<string, unknown>, field: string, raw: string | undefined): string {
  const entries = Object.entries(object).filter(([key]) => key !== field);
  const parts = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  if (raw !== undefined) parts.push(`${JSON.stringify(field)}:${raw}`);
  return `{${parts.join(',')}}`;
}

/** JSON bytes of `object` with `field` set to a string made of `bytes`, verbatim. */
function jsonWithBytes(object: Record<string, unknown>, field: string, bytes: Buffer): Buffer {
  const marker = 'Z__RAW__Z';
  const [before = '', after = ''] = jsonWith(object, field, JSON.stringify(marker)).split(marker);
  return Buffer.concat([utf8(before), bytes, utf8(after)]);
}

type Part = { headers: string[]; content: Buffer };
const field = (name: string, value: string | Buffer): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  content: typeof value === 'string' ? utf8(value) : value,
});

function multipartBody(parts: Part[], boundary: string, { closing = true, lineEnd = CRLF } = {}): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(utf8(`--${boundary}${lineEnd}${part.headers.map((header) => `${header}${lineEnd}`).join('')}${lineEnd}`));
    pieces.push(part.content, utf8(lineEnd));
  }
  if (closing) pieces.push(utf8(`--${boundary}--${lineEnd}`));
  return Buffer.concat(pieces);
}

const fieldParts = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => field(name, value));

/** Multipart text values for one field. */
const multipartValues = (valid: string): Array<[string, string | Buffer]> => [
  ['NUL', '\u0000'],
  ['NUL inside', 'ab\u0000cd'],
  ['value + NUL', `${valid}\u0000`],
  ['control characters', 'a\u0001\u0008\u001b[31m\u007f\u0085b'],
  ['CRLF', 'a\r\nContent-Disposition: form-data; name="x"'],
  ['empty', ''],
  ['spaces', '   '],
  ['20,000 chars', 'a'.repeat(20_000)],
  ['SQL', "' OR 1=1; --"],
  ['JSON object', '{"$gt":""}'],
  ['number', '1e400'],
  ['RTL and BOM', '\ufeff\u202eabc'],
  ...invalidUtf8.map(([label, bytes]): [string, Buffer] => [`invalid UTF-8 ${label}`, Buffer.concat([utf8(valid), bytes])]),
];

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Readable bytes: printable ASCII kept, the rest escaped. */
export function printable(bytes: Buffer | string, max = 120): string {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  let out = '';
  for (const char of text.slice(0, max)) {
    const code = char.charCodeAt(0);
    out += code >= 0x20 && code < 0x7f ? char : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return text.length > max ? `${out}…(+${text.length - max})` : out;
}

/** A random string of awkward characters (NULs, controls, surrogates, quotes, percent signs…). */
function randomNastyString(rng: Rng): string {
  const pools = [
    () => String.fromCharCode(rng.int(0x20, 0x7e)),
    () => String.fromCharCode(rng.int(0, 0x1f)),
    () => '\u0000',
    () => String.fromCharCode(rng.int(0x7f, 0x9f)),
    () => String.fromCharCode(rng.int(0xd800, 0xdfff)),
    () => rng.pick(['"', "'", '\\', '%', '%00', '%zz', '../', '<script>', '${', '{{', '\u202e', '\ufeff', '👩‍👧', 'é']),
  ];
  let out = '';
  for (let i = rng.int(0, 40); i > 0; i--) out += rng.pick(pools)();
  return out;
}

const randomJsonValue = (rng: Rng): string =>
  rng.pick([
    () => JSON.stringify(randomNastyString(rng)),
    () => String(rng.int(-1e9, 1e9) * 10 ** rng.int(-5, 300)),
    () => rng.pick(['null', 'true', 'false', '[]', '{}', '1e400', '-0', '[null]', '{"a":{"b":[1]}}']),
    () => JSON.stringify('x'.repeat(rng.int(100, 150_000))),
  ])();

const randomPathSegment = (rng: Rng): string => {
  let out = '';
  for (let i = rng.int(1, 30); i > 0; i--) {
    out += rng.pick([
      () => String.fromCharCode(rng.pick([rng.int(0x30, 0x39), rng.int(0x61, 0x7a)])),
      () => `%${rng.int(0, 255).toString(16).padStart(2, '0')}`,
      () => rng.pick(['%', '%z', '..', '%2e', '%2f', '%5c', '~', '!', '*', "'", '(', ')', ';', ':', '@', '=', '+', '$', ',']),
    ])();
  }
  return out;
};

const contentTypes: Array<[string, string | undefined]> = [
  ['text/plain', 'text/plain'],
  ['application/xml', 'application/xml'],
  ['no content type', undefined],
  ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ['application/json; charset=utf-16', 'application/json; charset=utf-16'],
  ['application/json; charset=latin1', 'application/json; charset=iso-8859-1'],
  ['application/jsonx', 'application/jsonx'],
  ['application/vnd.api+json', 'application/vnd.api+json'],
  ['application/json;;;==', 'application/json;;;=='],
  ['2,000-char content type', `application/json; x=${'y'.repeat(2000)}`],
];

/** Every malformed request for one route (each later sent as one or more identities). */
export function casesFor(route: FuzzRoute, rng: Rng, counter: { n: number }): Draft[] {
  const drafts: Draft[] = [];
  const base = realisticTarget(route);
  const path = fillPath(route);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const add = (draft: Omit<Draft, 'method' | 'target' | 'framing'> & Partial<Pick<Draft, 'method' | 'target' | 'framing'>>) =>
    drafts.push({
      method: route.method,
      target: latin1(base),
      framing: { kind: 'none' },
      ...draft,
      headers: [...draft.headers, ...(route.headers ?? [])],
    });
  const accept: [string, string] = ['accept', route.accept];

  // A realistic body, for the cases that mutate something else.
  const realisticBody = (): { body: Buffer; type: string } | undefined => {
    const n = counter.n++;
    if (route.body.kind === 'json') return { body: utf8(JSON.stringify(route.body.value(n))), type: 'application/json' };
    if (route.body.kind === 'multipart') {
      const boundary = `----fuzz${n}`;
      return { body: multipartBody(fieldParts(route.body.fields(n)), boundary), type: `multipart/form-data; boundary=${boundary}` };
    }
    return undefined;
  };
  const withRealisticBody = (): Pick<Draft, 'headers' | 'body' | 'framing'> => {
    const body = realisticBody();
    return body
      ? { headers: [accept, ['content-type', body.type]], body: body.body, framing: { kind: 'length' } }
      : { headers: [accept], framing: { kind: 'none' } };
  };

  // Path parameters.
  for (const name of paramNames(route)) {
    const valid = route.params[name] ?? 'x';
    for (const [label, value] of pathParamValues(valid)) {
      const [before = '', after = ''] = route.path.replace(`:${name}`, '\u0001').split('\u0001');
      const fill = (text: string) => text.replace(/:(\w+)/g, (_match, other: string) => route.params[other] ?? 'x');
      const query = queryString(route.query);
      const target = Buffer.concat([
        latin1(fill(before)),
        typeof value === 'string' ? latin1(value) : value,
        latin1(`${fill(after)}${query ? `?${query}` : ''}`),
      ]);
      add({ group: 'path-param', description: `:${name} = ${label}`, target, ...withRealisticBody() });
    }
    for (let i = 0; i < 4; i++) {
      const value = randomPathSegment(rng);
      add({
        group: 'path-param',
        description: `:${name} = random ${JSON.stringify(value).slice(0, 60)}`,
        target: latin1(fillPath(route, { [name]: value })),
        ...withRealisticBody(),
      });
    }
  }

  // Query strings.
  for (const [label, value] of queryValues(route)) {
    const target = Buffer.concat([latin1(`${path}?`), typeof value === 'string' ? latin1(value) : value]);
    add({ group: 'query', description: label, target, ...withRealisticBody() });
  }

  // Headers and cookies.
  add({ group: 'cookie', description: 'sid=%00', cookie: 'sid=%00', identities: ['anon'], ...withRealisticBody() });
  add({ group: 'cookie', description: 'sid with NUL inside', cookie: 'sid=abc%00def', identities: ['anon'], ...withRealisticBody() });
  add({ group: 'cookie', description: 'sid=%zz', cookie: 'sid=%zz%E2%82', identities: ['anon'], ...withRealisticBody() });
  add({
    group: 'cookie',
    description: 'sid of 5,000 chars',
    cookie: `sid=${'s'.repeat(5000)}`,
    identities: ['anon'],
    ...withRealisticBody(),
  });
  add({ group: 'cookie', description: 'sid="unterminated', cookie: 'sid="unterminated', identities: ['anon'], ...withRealisticBody() });
  add({ group: 'cookie', description: 'bare sid', cookie: 'sid', identities: ['anon'], ...withRealisticBody() });
  add({ group: 'cookie', description: 'sid with raw 0xFF', cookie: 'sid=\xff\xfe', identities: ['anon'], ...withRealisticBody() });
  add({
    group: 'cookie',
    description: 'sid of invalid UTF-8 %C0%AF',
    cookie: 'sid=%C0%AF%ED%A0%80',
    identities: ['anon'],
    ...withRealisticBody(),
  });
  const realisticWith = (extra: Array<[string, string]>) => {
    const realistic = withRealisticBody();
    return { ...realistic, headers: [...realistic.headers, ...extra] };
  };
  add({
    group: 'header',
    description: 'forged x-identity',
    ...realisticWith([['x-identity', 'eyJhY2NvdW50SWQiOiJ4Iiwicm9sZSI6InN0YWZmIn0.forged']]),
  });
  add({ group: 'header', description: 'Origin: null', ...realisticWith([['origin', 'null']]), noOrigin: true });
  add({ group: 'header', description: 'Origin: http://%zz', ...realisticWith([['origin', 'http://%zz']]), noOrigin: true });
  add({ group: 'header', description: 'no Origin', ...realisticWith([]), noOrigin: true });
  add({ group: 'header', description: 'header of 20,000 chars', ...realisticWith([['x-fuzz', 'h'.repeat(20_000)]]) });
  add({
    group: 'header',
    description: 'x-forwarded-for garbage',
    ...realisticWith([['x-forwarded-for', '%00, ::ffff:999.1.1.1, <script>']]),
  });
  add({ group: 'header', description: 'raw 0xFF in a header value', ...realisticWith([['x-fuzz', 'a\xffb']]) });
  add({
    group: 'header',
    description: 'Accept-Encoding gibberish',
    ...realisticWith([['accept-encoding', 'br;q=abc, gzip;q=-1, *;q=2, \xe9']]),
  });
  add({ group: 'header', description: 'Range: bytes=abc', ...realisticWith([['range', 'bytes=abc, 5-1, -']]) });
  add({ group: 'header', description: 'Expect: 100-continue', ...realisticWith([['expect', '100-continue']]) });
  {
    const realistic = withRealisticBody();
    const headers = realistic.headers.map(([name, value]): [string, string] => [name, name === 'accept' ? 'text/html' : value]);
    add({ group: 'header', description: 'Accept: text/html', ...realistic, headers });
  }

  // Methods.
  add({ group: 'method', description: 'OPTIONS', method: 'OPTIONS', headers: [accept, ['access-control-request-method', 'DELETE']] });
  add({ group: 'method', description: 'HEAD', method: 'HEAD', headers: [accept] });
  add({ group: 'method', description: 'TRACE', method: 'TRACE', headers: [accept] });
  add({ group: 'method', description: 'unknown method FUZZ', method: 'FUZZ', headers: [accept] });
  add({ group: 'method', description: 'lowercase method', method: route.method.toLowerCase(), headers: [accept] });
  add({
    group: 'method',
    description: 'the wrong method',
    method: route.method === 'DELETE' ? 'PUT' : 'DELETE',
    ...withRealisticBody(),
  });
  add({ group: 'method', description: 'X-HTTP-Method-Override', ...realisticWith([['x-http-method-override', 'DELETE']]) });

  // Framing that the HTTP parser has to refuse.
  add({
    group: 'framing',
    description: 'Content-Length: abc',
    headers: [accept, ['content-type', 'application/json'], ['content-length', 'abc']],
    body: utf8('{}'),
    framing: { kind: 'raw' },
  });
  add({
    group: 'framing',
    description: 'Content-Length: -1',
    headers: [accept, ['content-type', 'application/json'], ['content-length', '-1']],
    body: utf8('{}'),
    framing: { kind: 'raw' },
  });
  add({
    group: 'framing',
    description: 'Content-Length and chunked together',
    headers: [accept, ['content-type', 'application/json'], ['content-length', '2'], ['transfer-encoding', 'chunked']],
    body: utf8('2\r\n{}\r\n0\r\n\r\n'),
    framing: { kind: 'raw' },
  });
  add({
    group: 'framing',
    description: 'broken chunk size',
    headers: [accept, ['content-type', 'application/json'], ['transfer-encoding', 'chunked']],
    body: utf8('zz\r\n{}\r\n0\r\n\r\n'),
    framing: { kind: 'raw' },
  });

  // Bodies on routes that take none (and big ones).
  if (!hasBody) {
    add({
      group: 'body',
      description: 'GET with a JSON body',
      headers: [accept, ['content-type', 'application/json']],
      body: utf8('{"a":1}'),
      framing: { kind: 'length' },
    });
    add({
      group: 'body',
      description: 'GET with a 3 MB body',
      headers: [accept, ['content-type', 'application/json']],
      body: bigJson(3e6),
      framing: { kind: 'length' },
      identities: ['anon'],
      mayGoUnanswered: true,
    });
    add({
      group: 'body',
      description: 'GET with a 3 MB chunked body',
      headers: [accept, ['content-type', 'application/octet-stream']],
      body: Buffer.alloc(3e6, 0x61),
      framing: { kind: 'chunked' },
      identities: ['anon'],
      mayGoUnanswered: true,
    });
    add({
      group: 'body',
      description: 'GET with a broken multipart body',
      headers: [accept, ['content-type', 'multipart/form-data']],
      body: utf8('--x\r\nnonsense'),
      framing: { kind: 'length' },
    });
    add({
      group: 'body',
      description: 'GET with invalid UTF-8',
      headers: [accept, ['content-type', 'application/json']],
      body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
      framing: { kind: 'length' },
    });
  }

  if (route.body.kind === 'json') drafts.push(...jsonBodyCases(route, rng, counter, accept));
  if (route.body.kind === 'multipart') drafts.push(...multipartCases(route, rng, counter, accept));
  if (hasBody) drafts.push(...bigBodyCases(route, counter, accept));

  // A few random combinations: random path, query and body damage at once.
  for (let i = 0; i < 6; i++) {
    const names = paramNames(route);
    const override: Record<string, string> = {};
    for (const name of names) if (rng.chance(0.5)) override[name] = randomPathSegment(rng);
    const junkQuery = rng.chance(0.5) ? `?${randomPathSegment(rng)}=${randomPathSegment(rng)}` : '';
    const target = latin1(
      `${fillPath(route, override)}${junkQuery || (Object.keys(route.query).length ? `?${queryString(route.query)}` : '')}`,
    );
    let body: Buffer | undefined;
    let type: string | undefined;
    const n = counter.n++;
    if (route.body.kind === 'json') {
      const value = route.body.value(n);
      let text = JSON.stringify(value);
      for (const key of Object.keys(value))
        if (rng.chance(0.4)) text = jsonWith(JSON.parse(text) as Record<string, unknown>, key, randomJsonValue(rng));
      body = utf8(text);
      type = rng.pick(['application/json', 'application/json', 'text/plain', 'application/json; charset=utf-8']);
    } else if (route.body.kind === 'multipart') {
      const fields = route.body.fields(n);
      for (const key of Object.keys(fields)) if (rng.chance(0.4)) fields[key] = randomNastyString(rng);
      const boundary = `rnd${rng.int(0, 1e9)}`;
      body = multipartBody(fieldParts(fields), boundary);
      type = `multipart/form-data; boundary=${boundary}`;
    }
    add({
      group: 'random',
      description: `random combination ${i}: ${printable(target, 80)}`,
      target,
      headers: type ? [accept, ['content-type', type]] : [accept],
      ...(body ? { body, framing: { kind: 'length' } as const } : {}),
    });
  }
  return drafts;
}

function bigJson(bytes: number): Buffer {
  return utf8(JSON.stringify({ padding: 'p'.repeat(Math.max(0, bytes - 20)) }));
}

function jsonBodyCases(route: FuzzRoute, rng: Rng, counter: { n: number }, accept: [string, string]): Draft[] {
  if (route.body.kind !== 'json') return [];
  const bodyOf = route.body.value;
  const drafts: Draft[] = [];
  const target = latin1(realisticTarget(route));
  const json = (
    group: string,
    description: string,
    body: Buffer | string,
    type: string | undefined = 'application/json',
    extra: Partial<Draft> = {},
  ) =>
    drafts.push({
      group,
      description,
      method: route.method,
      target,
      headers: type === undefined ? [accept] : [accept, ['content-type', type]],
      body: typeof body === 'string' ? utf8(body) : body,
      framing: { kind: 'length' },
      ...extra,
    });
  const sample = bodyOf(counter.n++);
  const fields = [...Object.keys(sample), 'unexpected_field'];

  for (const name of fields) {
    const valid = sample[name];
    // An unexpected field only needs the values that could hurt whatever reads the whole body.
    const values =
      name === 'unexpected_field'
        ? jsonValues(valid).filter(([label]) => /NUL|deep|100,000|control|^\{\}$|surrogate/.test(label))
        : jsonValues(valid);
    for (const [label, raw] of values) json('json-field', `${name} = ${label}`, jsonWith(bodyOf(counter.n++), name, raw));
    for (const [label, bytes] of invalidUtf8.filter((_, index) => index % 2 === 0)) {
      json(
        'json-field',
        `${name} = invalid UTF-8 ${label}`,
        jsonWithBytes(bodyOf(counter.n++), name, Buffer.concat([utf8(String(valid ?? 'x')), bytes])),
      );
    }
    json('json-field', `${name} = raw NUL byte in the string`, jsonWithBytes(bodyOf(counter.n++), name, Buffer.from([0x61, 0x00, 0x62])));
    if (name !== 'unexpected_field') json('json-field', `${name} missing`, jsonWith(bodyOf(counter.n++), name, undefined));
    for (let i = 0; i < 1; i++)
      json('json-field', `${name} = random value ${i}`, jsonWith(bodyOf(counter.n++), name, randomJsonValue(rng)));
  }

  const text = () => JSON.stringify(bodyOf(counter.n++));
  for (const [label, body] of [
    ['null', 'null'],
    ['[]', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['{}', '{}'],
    ['empty body', ''],
    ['truncated JSON', text().slice(0, 12)],
    ['trailing comma', `${text().slice(0, -1)},}`],
    ['single quotes', text().replaceAll('"', "'")],
    ['BOM first', `\ufeff${text()}`],
    ['duplicate keys', `${text().slice(0, -1)},${text().slice(1)}`],
    ['__proto__ key', `{"__proto__":{"polluted":true},${text().slice(1)}`],
    ['constructor.prototype key', `{"constructor":{"prototype":{"polluted":true}},${text().slice(1)}`],
    ['deeply nested arrays', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['deeply nested objects', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['array of 100,000 items', `[${'1,'.repeat(99_999)}1]`],
    ['10,000 keys', `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`],
    ['two JSON documents', `${text()}${text()}`],
    ['JSON then garbage', `${text()}\u0000garbage`],
  ] as const) {
    json('json-body', label, body);
  }
  json('json-body', 'whole body invalid UTF-8', Buffer.concat([Buffer.from([0xff, 0xfe, 0xfd]), utf8(text())]));
  json('json-body', 'UTF-16LE body', Buffer.from(text(), 'utf16le'), 'application/json; charset=utf-16');
  json('json-body', 'Latin-1 body', Buffer.from(text().replace('}', ',"x":"élève"}'), 'latin1'));
  json('json-body', 'gzip body, Content-Encoding: gzip', gzipSync(text()), 'application/json', {
    headers: [accept, ['content-type', 'application/json'], ['content-encoding', 'gzip']],
  });
  json('json-body', 'garbage Content-Encoding', text(), 'application/json', {
    headers: [accept, ['content-type', 'application/json'], ['content-encoding', 'zz, br']],
  });

  for (const [label, type] of contentTypes) json('content-type', `JSON body as ${label}`, text(), type);
  json(
    'content-type',
    'application/xml body',
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    'application/xml',
  );
  json('content-type', 'urlencoded body', 'email=a%00b&mot_de_passe=%zz&a[]=1', 'application/x-www-form-urlencoded');
  {
    const boundary = 'fuzzjson';
    json(
      'content-type',
      'multipart body on a JSON route',
      multipartBody(fieldParts(stringFields(bodyOf(counter.n++))), boundary),
      `multipart/form-data; boundary=${boundary}`,
    );
    json('content-type', 'multipart type without boundary on a JSON route', text(), 'multipart/form-data');
  }
  return drafts;
}

const stringFields = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)]));

function multipartCases(route: FuzzRoute, rng: Rng, counter: { n: number }, accept: [string, string]): Draft[] {
  if (route.body.kind !== 'multipart') return [];
  const fieldsOf = route.body.fields;
  const drafts: Draft[] = [];
  const target = latin1(realisticTarget(route));
  const send = (group: string, description: string, body: Buffer, type: string | undefined, extra: Partial<Draft> = {}) =>
    drafts.push({
      group,
      description,
      method: route.method,
      target,
      headers: type === undefined ? [accept] : [accept, ['content-type', type]],
      body,
      framing: { kind: 'length' },
      ...extra,
    });
  const form = (
    description: string,
    parts: Part[],
    options: { boundary?: string; type?: string; closing?: boolean; lineEnd?: string } = {},
  ) => {
    const boundary = options.boundary ?? `----fuzz${counter.n++}`;
    send('multipart', description, multipartBody(parts, boundary, options), options.type ?? `multipart/form-data; boundary=${boundary}`);
  };
  const parts = () => fieldParts(fieldsOf(counter.n++));
  const sample = fieldsOf(counter.n++);

  for (const [name, valid] of Object.entries(sample)) {
    for (const [label, value] of multipartValues(valid)) {
      form(`field ${name} = ${label}`, [...parts().filter((part) => !part.headers[0]?.includes(`name="${name}"`)), field(name, value)]);
    }
    form(
      `field ${name} missing`,
      parts().filter((part) => !part.headers[0]?.includes(`name="${name}"`)),
    );
    form(`field ${name} twice`, [...parts(), field(name, 'second value')]);
    form(`field ${name} sent as a file`, [
      ...parts().filter((part) => !part.headers[0]?.includes(`name="${name}"`)),
      {
        headers: [`Content-Disposition: form-data; name="${name}"; filename="${name}.txt"`, 'Content-Type: text/plain'],
        content: utf8(valid),
      },
    ]);
    form(`field ${name} = random`, [
      ...parts().filter((part) => !part.headers[0]?.includes(`name="${name}"`)),
      field(name, randomNastyString(rng)),
    ]);
  }

  const photo = (
    content: Buffer,
    headers = ['Content-Disposition: form-data; name="photo"; filename="photo.png"', 'Content-Type: image/png'],
  ): Part => ({
    headers,
    content,
  });
  const boundaryOf = () => `----fuzz${counter.n++}`;
  {
    const boundary = boundaryOf();
    send('multipart', 'no boundary parameter', multipartBody(parts(), boundary), 'multipart/form-data');
  }
  {
    const boundary = boundaryOf();
    send('multipart', 'empty boundary parameter', multipartBody(parts(), boundary), 'multipart/form-data; boundary=');
  }
  {
    const boundary = boundaryOf();
    send('multipart', 'boundary that does not match', multipartBody(parts(), boundary), 'multipart/form-data; boundary=something-else');
  }
  {
    const boundary = boundaryOf();
    const body = multipartBody(parts(), boundary);
    send('multipart', 'truncated body (half)', body.subarray(0, Math.floor(body.length / 2)), `multipart/form-data; boundary=${boundary}`);
    send(
      'multipart',
      'truncated in a boundary line',
      Buffer.concat([body.subarray(0, body.length - 10)]),
      `multipart/form-data; boundary=${boundary}`,
    );
  }
  form('no closing boundary', parts(), { closing: false });
  form('LF-only line endings', parts(), { lineEnd: '\n' });
  form('part header without a name', [...parts(), { headers: ['Content-Disposition: form-data'], content: utf8('orphan') }]);
  form('part without Content-Disposition', [...parts(), { headers: ['Content-Type: text/plain'], content: utf8('orphan') }]);
  form('Content-Disposition: attachment', [
    ...parts(),
    { headers: ['Content-Disposition: attachment; name="first_name"'], content: utf8('x') },
  ]);
  form('field name with NUL', [...parts(), { headers: ['Content-Disposition: form-data; name="first\u0000name"'], content: utf8('x') }]);
  form('field name with an unbalanced quote', [
    ...parts(),
    { headers: ['Content-Disposition: form-data; name="first_name'], content: utf8('x') },
  ]);
  form('field name of 10,000 chars', [...parts(), field('n'.repeat(10_000), 'x')]);
  form('field name with invalid UTF-8', [
    ...parts(),
    { headers: [`Content-Disposition: form-data; name="a${'\xff\xfe'}"`], content: utf8('x') },
  ]);
  form('30 fields (over the limit)', [...parts(), ...Array.from({ length: 30 }, (_, i) => field(`extra${i}`, 'x'))]);
  form('a field of 2 MB', [...parts(), field('first_name', 'a'.repeat(2_000_000))]);
  {
    const boundary = boundaryOf();
    const body = Buffer.concat([utf8('preamble garbage \u0000\r\n'), multipartBody(parts(), boundary)]);
    send('multipart', 'preamble garbage', body, `multipart/form-data; boundary=${boundary}`);
  }
  form('photo that is not an image', [...parts(), photo(utf8('this is not an image'))]);
  form('photo: PNG signature then garbage', [...parts(), photo(Buffer.concat([pngSignature, Buffer.alloc(2000, 0xab)]))]);
  form('photo: empty', [...parts(), photo(Buffer.alloc(0))]);
  form('photo: 9 MB (over the limit)', [...parts(), photo(Buffer.concat([pngSignature, Buffer.alloc(9 * 1024 * 1024, 0x11)]))]);
  form('two photos', [...parts(), photo(pngSignature), photo(pngSignature)]);
  form('photo file name with traversal and NUL', [
    ...parts(),
    photo(pngSignature, [
      'Content-Disposition: form-data; name="photo"; filename="../../../etc/passwd\u0000.png"',
      'Content-Type: image/png',
    ]),
  ]);
  form('file part named something else', [
    ...parts(),
    photo(pngSignature, ['Content-Disposition: form-data; name="avatar"; filename="a.png"', 'Content-Type: image/png']),
  ]);
  form('photo sent as a text field', [...parts(), field('photo', 'data:image/png;base64,iVBORw0KGgo=')]);
  form('Content-Transfer-Encoding: base64', [
    ...parts(),
    {
      headers: ['Content-Disposition: form-data; name="photo"; filename="p.png"', 'Content-Transfer-Encoding: base64'],
      content: utf8('iVBORw0KGgo='),
    },
  ]);
  form('boundary of 200 chars', parts(), { boundary: 'b'.repeat(200) });
  {
    const boundary = 'with spaces and "quotes"';
    send(
      'multipart',
      'quoted boundary with spaces',
      multipartBody(parts(), boundary),
      `multipart/form-data; boundary="with spaces and \\"quotes\\""`,
    );
  }
  {
    const boundary = boundaryOf();
    send('multipart', 'multipart/mixed', multipartBody(parts(), boundary), `multipart/mixed; boundary=${boundary}`);
    send(
      'multipart',
      'charset=utf-16 parameter',
      multipartBody(parts(), boundary),
      `multipart/form-data; boundary=${boundary}; charset=utf-16`,
    );
    send('multipart', 'empty body', Buffer.alloc(0), `multipart/form-data; boundary=${boundary}`);
    send('multipart', 'body is only the closing boundary', utf8(`--${boundary}--\r\n`), `multipart/form-data; boundary=${boundary}`);
    send(
      'multipart',
      'random bytes',
      Buffer.from(Array.from({ length: 4096 }, () => rng.int(0, 255))),
      `multipart/form-data; boundary=${boundary}`,
    );
  }
  {
    const text = JSON.stringify(fieldsOf(counter.n++));
    send('content-type', 'JSON body on a multipart route', utf8(text), 'application/json');
    for (const [label, type] of contentTypes) send('content-type', `form as ${label}`, multipartBody(parts(), 'x'), type);
  }
  return drafts;
}

function bigBodyCases(route: FuzzRoute, counter: { n: number }, accept: [string, string]): Draft[] {
  const target = latin1(realisticTarget(route));
  const type = route.body.kind === 'multipart' ? 'multipart/form-data; boundary=big' : 'application/json';
  const big = (bytes: number) => {
    if (route.body.kind !== 'multipart') return bigJson(bytes);
    return multipartBody([...fieldParts(route.body.fields(counter.n++)), field('padding', 'p'.repeat(bytes))], 'big');
  };
  const draft = (description: string, body: Buffer, framing: Framing, extra: Partial<Draft> = {}): Draft => ({
    group: 'size',
    description,
    method: route.method,
    target,
    headers: [accept, ['content-type', type]],
    body,
    framing,
    identities: ['anon', 'parent'],
    // The server may answer 413 and close while we are still sending; without a lingering close
    // the kernel then resets the connection and the answer can be lost. A 5xx still fails.
    mayGoUnanswered: true,
    ...extra,
  });
  const threeMb = big(3_000_000);
  return [
    draft('3 MB body with its Content-Length', threeMb, { kind: 'length' }),
    draft('3 MB body, chunked', threeMb, { kind: 'chunked' }),
    draft('6 MB body with its Content-Length', big(6_000_000), { kind: 'length' }, { identities: ['anon'] }),
    draft('3 MB body declared as 100 bytes', threeMb, { kind: 'declared', declared: 100 }),
    draft(
      'Content-Length 5 MB, 1 KB sent, then our side closes',
      threeMb.subarray(0, 1024),
      { kind: 'declared', declared: 5_000_000, halfClose: true },
      { mayGoUnanswered: true },
    ),
    draft(
      'Content-Length of 20 digits',
      Buffer.from('{}'),
      { kind: 'declared', declared: 1 },
      {
        headers: [accept, ['content-type', type], ['content-length', '99999999999999999999']],
        framing: { kind: 'raw' },
      },
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Verdict

const leakPatterns: Array<[string, RegExp]> = [
  ['a stack trace', / {4}at /],
  ['SQL', /SELECT |INSERT |UPDATE \w+ SET|DELETE FROM|syntax error|relation "|invalid byte sequence|violates [a-z ]*constraint|SQLSTATE/],
  ['a filesystem path', /\/work\/|node_modules|\.ts:\d|\.js:\d|file:\/\//],
  ["Fastify's default error shape", /"statusCode"\s*:/],
  ['an internal error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError|ECONNREFUSED|EPIPE|ECONNRESET)\b/],
];
/** Content that must never be served, whatever the status (a traversal that worked). */
const secretPatterns: Array<[string, RegExp]> = [
  ['/etc/passwd', /root:x:0:0/],
  ['a package.json', /"devDependencies"\s*:/],
  ['a secret', /IDENTITY_SECRET|roleSecret|identitySecret|BEGIN (RSA )?PRIVATE KEY/],
];

export type Verdict = { status: number | string; problems: string[]; excerpt: string };

export function judge(fuzzCase: FuzzCase, result: WireResult, extraLeaks: string[]): Verdict {
  if (result.kind !== 'response') {
    // A server that answers (413) before reading a big body and closes may have its answer lost to
    // the connection reset (no lingering close); a 5xx, a timeout or a dead process still fails.
    const big = (fuzzCase.body?.length ?? 0) > 65_536;
    if (result.kind === 'no-response' && (fuzzCase.mayGoUnanswered || big)) return { status: 'closed', problems: [], excerpt: '' };
    return { status: result.kind, problems: [result.detail], excerpt: '' };
  }
  const problems: string[] = [];
  const text = decodeBody(result.body, result.headers['content-encoding']).toString('utf8');
  const excerpt = printable(text.replace(/\s+/g, ' '), 160);
  if (result.status >= 500) problems.push(`status ${result.status}`);
  if (result.status >= 400) {
    for (const [label, pattern] of leakPatterns) if (pattern.test(text)) problems.push(`error body carries ${label}`);
    for (const leak of extraLeaks) if (leak && text.includes(leak)) problems.push(`error body carries a local path (${leak})`);
    const type = result.headers['content-type'] ?? '';
    // A HEAD answer has no body to check.
    if (type.includes('json') && !(fuzzCase.method.toUpperCase() === 'HEAD' && text === '')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        problems.push('JSON error body does not parse');
      }
      if (parsed !== undefined && !isKitError(parsed)) problems.push('JSON error not in the kit shape { error: { code, message } }');
    }
  }
  for (const [label, pattern] of secretPatterns) if (pattern.test(text)) problems.push(`answer serves ${label}`);
  return { status: result.status, problems, excerpt };
}

/** The answer's body as sent before compression (the gateway compresses what it can). */
function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
    if (encoding === 'deflate') return inflateSync(body);
  } catch {
    return body;
  }
  return body;
}

function isKitError(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code.length > 0 && typeof message === 'string' && message.length > 0;
}
