// Browser-safe entry: request and response shapes shared by services and frontends.
export * from '../bracelet-id.js';
export * from './errors.js';
export * from './family.js';
export * from './headers.js';
export * from './pages.js';
export * from './scan.js';
