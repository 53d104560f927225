import { runLocalServiceCommand } from './local-command.js';

// `npm run mint -- --count N [--label …]`: fulfilment's own mint command against the product's
// database. stdout carries the new ids, one per line, and nothing else; everything else goes to stderr.
process.exit(await runLocalServiceCommand('fulfilment', 'mint', process.argv.slice(2)));
