export * from './chromium.js';
export * from './mail-catcher.js';
export * from './postgres.js';
export * from './processes-table.js';
export * from './provision.js';
export * from './redis.js';
export * from './secrets.js';
export type { DemoData } from './seed.js';
export * from './stack.js';
