// A product process that cannot start: says why in a JSON log line, as the kit's logger does, and
// exits. The line leaves in two writes with a pause between them (a pipe may cut it anywhere,
// even inside the 'é'): the supervisor must still read it whole.
const line = Buffer.from(`${JSON.stringify({ level: 60, msg: 'configuration invalide : DATABASE_URL manque' })}\n`);
const cut = line.indexOf(Buffer.from('é')) + 1;
process.stdout.write(line.subarray(0, cut));
setTimeout(() => {
  process.stdout.write(line.subarray(cut), () => process.exit(3));
}, 50);
