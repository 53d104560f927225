import { runLocalServiceCommand } from './local-command.js';

// `npm run staff -- add --email x@y.fr | remove --email x@y.fr | list`: family's own staff command
// (family owns the accounts) against the product's database. The result is on stdout; everything
// else on stderr.
const note = (line: string) => process.stderr.write(`${line}\n`);
const [action, ...rest] = process.argv.slice(2);
if (!action || !['add', 'remove', 'list'].includes(action)) {
  note('Usage : npm run staff -- add --email adresse [--first-name Prénom] [--last-name Nom] | remove --email adresse | list');
  process.exit(2);
}
process.exit(
  await runLocalServiceCommand('family', 'staff', ['--action', action, ...rest], (env) => ({
    // The new staff member's link opens the product where `npm start` serves it.
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  })),
);
