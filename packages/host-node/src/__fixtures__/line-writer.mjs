// Test child for host-node e2e tests. Usage: node line-writer.mjs <mode> [arguments]
import { writeSync } from 'node:fs';

const [mode, ...rest] = process.argv.slice(2);

function write(text) {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

if (mode === 'utf8') {
  // One byte per write, with a pause between writes, so multi-byte characters span chunks.
  const bytes = Buffer.from('{"text":"日本語 🎉 ü"}\n{"text":"second ✓"}\n', 'utf8');
  for (const byte of bytes) {
    writeSync(1, Buffer.of(byte));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
} else if (mode === 'long') {
  const size = Number(rest[0] ?? 33 * 1024 * 1024);
  await write('{"n":1}\n');
  const piece = 'x'.repeat(1024 * 1024);
  await write('{"big":"');
  for (let written = 0; written < size; written += piece.length) await write(piece);
  await write('"}\n');
  await write('{"n":2}\n');
  await write('Please visit https://example.com/device?code=ABCD to sign in\n');
  await write('{"n":3}\n');
} else if (mode === 'flood') {
  const lineBytes = Number(rest[0] ?? 64 * 1024);
  const totalBytes = Number(rest[1] ?? 64 * 1024 * 1024);
  const line = `{"fill":"${'y'.repeat(lineBytes - 12)}"}\n`;
  let written = 0;
  let reported = 0;
  while (written < totalBytes) {
    await write(line);
    written += Buffer.byteLength(line);
    if (written - reported >= 256 * 1024) {
      reported = written;
      process.stderr.write(`written ${written}\n`);
    }
  }
  process.stderr.write(`done ${written}\n`);
} else if (mode === 'env') {
  await write(`${JSON.stringify(process.env)}\n`);
} else if (mode === 'ignores-eof') {
  // Stays alive after stdin EOF (an agent streaming its model's answer); SIGTERM ends it.
  await write('{"ready":true}\n');
  process.stdin.resume();
  process.stdin.on('end', () => process.stderr.write('stdin closed, staying alive\n'));
  setInterval(() => {}, 1000);
} else if (mode === 'echo') {
  // Echoes each stdin line; prints a non-JSON banner first; exits on stdin EOF.
  await write('Welcome! Open https://example.com/login to sign in\n');
  let pending = '';
  process.stdin.on('data', (chunk) => {
    pending += chunk.toString('utf8');
    let index = pending.indexOf('\n');
    while (index !== -1) {
      process.stdout.write(`${pending.slice(0, index)}\n`);
      pending = pending.slice(index + 1);
      index = pending.indexOf('\n');
    }
  });
  process.stdin.on('end', () => process.stderr.write('stdin closed\n'));
} else if (mode === 'argv') {
  // Reports its arguments and, on Linux, its process group (field 5 of /proc/self/stat).
  const { readFileSync } = await import('node:fs');
  const stat = process.platform === 'linux' ? readFileSync('/proc/self/stat', 'utf8') : '';
  const pgid =
    stat === '' ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  await write(`${JSON.stringify({ argv: rest, pid: process.pid, pgid })}\n`);
} else if (mode === 'close-stdin') {
  // Closes its end of stdin at once (the parent's writes then fail) and stays alive until stopped.
  const { closeSync } = await import('node:fs');
  closeSync(0);
  process.stderr.write('stdin closed by the child\n');
  setInterval(() => {}, 1000);
} else if (mode === 'paced') {
  // Writes line 1, then, once a line arrives on stdin, lines 2..count (1 KiB each), and exits.
  const count = Number(rest[0] ?? 32);
  const line = (n) => `${JSON.stringify({ n, fill: 'y'.repeat(1000) })}\n`;
  await write(line(1));
  process.stdin.once('data', async () => {
    for (let n = 2; n <= count; n += 1) await write(line(n));
    process.stdin.destroy();
  });
} else if (mode === 'leave-child') {
  // Exits at once but leaves a child that holds stdout and stderr open.
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await write(`${JSON.stringify({ childPid: child.pid })}\n`);
  process.exit(0);
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
