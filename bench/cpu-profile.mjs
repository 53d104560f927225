// Preloaded into every product process by `BENCH_PROFILE_DIR=/tmp/prof npm run bench` (NODE_OPTIONS
// may not carry --cpu-prof): samples the CPU from start to SIGTERM and writes
// <BENCH_PROFILE_DIR>/<service>-<pid>.cpuprofile, for Chrome DevTools or speedscope (issue 14: where
// the lookup's time goes).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  const service = process.argv[1]?.split('/').slice(-3, -2)[0] ?? 'process';
  // Before the kit's own SIGTERM handler, which exits once the process has closed.
  process.prependListener('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(`${dir}/${service}-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
