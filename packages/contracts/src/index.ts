export * from './events/index.js';
export * from './http/index.js';
export * from './values.js';
