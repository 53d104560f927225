// Browser-safe entry: request and response shapes shared by services and frontends. Pages import
// their calls from `@bracelet/contracts/pages` (zod-free) and these shapes as types only.
export * from '../bracelet-id.js';
export * from './batches.js';
export * from './catalog.js';
export * from './checkout.js';
export * from './errors.js';
export * from './family.js';
export * from './fulfilment.js';
export * from './headers.js';
export * from './mail.js';
export * from './orders.js';
export * from './pages.js';
export * from './refunds.js';
export * from './scan.js';
