// A product process that cannot start: says why in a JSON log line, as the kit's logger does, and exits.
process.stdout.write(`${JSON.stringify({ level: 60, msg: 'configuration invalide : DATABASE_URL manque' })}\n`);
process.exit(3);
