// Test agent: starts a daemon in its own session (detached, as Cline starts its hub), prints
// {"daemonPid":…} once the daemon runs, then waits for stdin EOF and exits.
import { spawn } from 'node:child_process';

if (process.argv[2] === 'daemon') {
  setInterval(() => {}, 1000);
  process.stdout.write('ready\n');
} else {
  const daemon = spawn(process.execPath, [process.argv[1], 'daemon'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  daemon.stdout.once('data', () => {
    daemon.stdout.destroy();
    daemon.unref();
    process.stdout.write(`${JSON.stringify({ daemonPid: daemon.pid })}\n`);
  });
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}
