// Test child: ignores SIGTERM and stdin EOF, and starts a grandchild that does the same.
// Prints {"pid":…,"childPid":…} once both run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

process.on('SIGTERM', () => {});
setInterval(() => {}, 1000);

if (process.argv[2] === 'child') {
  process.stdout.write('ready\n');
} else {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'child'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.once('data', () => {
    process.stdout.write(`${JSON.stringify({ pid: process.pid, childPid: child.pid })}\n`);
  });
  process.stdin.resume();
  process.stdin.on('end', () => process.stderr.write('stdin closed, staying alive\n'));
}
