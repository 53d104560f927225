/**
 * The calls the pages make to the public API (spec §7; the gateway's route table lists the same
 * paths): method and path, built from their parameters, and — as a type only — what a success
 * answers. No zod here and only type imports, so the browser gets the paths without a validation
 * library; the answers' schemas are next door, for servers and tests.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: method and path, and the type of a success's body (`response` is never set at runtime). */
export type Endpoint<Response> = { readonly method: HttpMethod; readonly path: string; readonly response?: Response };

/** What an endpoint answers on success. */
export type ResponseOf<E> = E extends Endpoint<infer Response> ? Response : never;

export * from './account.js';
export * from './batches.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './finder.js';
export * from './fulfilment.js';
