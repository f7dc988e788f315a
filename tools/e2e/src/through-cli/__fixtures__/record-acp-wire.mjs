// Stands between agentbridge and a real agent to record the ACP wire. agentbridge spawns a shim
// that runs `node record-acp-wire.mjs <args the host chose>`; this script spawns the real agent
// ($AGENTBRIDGE_E2E_WIRE_TARGET, a JSON array: command and leading arguments) with the same
// arguments, pipes stdio through unchanged and appends every line to $AGENTBRIDGE_E2E_WIRE_LOG as
// {"direction":"client->agent"|"agent->client","message":<parsed JSON or {"text":line}>}.
// It ends like the agent (same exit code or signal) and passes SIGTERM/SIGINT/SIGHUP on to it.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const logPath = process.env.AGENTBRIDGE_E2E_WIRE_LOG;
const [command, ...leadingArgs] = JSON.parse(process.env.AGENTBRIDGE_E2E_WIRE_TARGET ?? '[]');
if (typeof command !== 'string') {
  process.stderr.write('record-acp-wire: AGENTBRIDGE_E2E_WIRE_TARGET is not set\n');
  process.exit(2);
}

const agent = spawn(command, [...leadingArgs, ...process.argv.slice(2)], {
  stdio: ['pipe', 'pipe', 'inherit'],
});

/** Appends each complete line of `chunk` to the log, keeping the unfinished rest. */
function createLineRecorder(direction) {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line.length > 0 && logPath) {
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          message = { text: line };
        }
        appendFileSync(logPath, `${JSON.stringify({ direction, message })}\n`);
      }
      newline = pending.indexOf('\n');
    }
  };
}

const recordIncoming = createLineRecorder('client->agent');
const recordOutgoing = createLineRecorder('agent->client');
agent.stdin.on('error', () => {});
process.stdin.on('data', (chunk) => {
  recordIncoming(chunk);
  agent.stdin.write(chunk);
});
process.stdin.on('end', () => agent.stdin.end());
agent.stdout.on('data', (chunk) => {
  recordOutgoing(chunk);
  process.stdout.write(chunk);
});
const forwardedSignals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
for (const signal of forwardedSignals) {
  process.on(signal, () => agent.kill(signal));
}
agent.on('exit', (code, signal) => {
  process.stdin.destroy();
  if (signal !== null) {
    // End the same way, so agentbridge sees what it would see without the recorder.
    for (const forwarded of forwardedSignals) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
    return;
  }
  process.exitCode = code ?? 1;
  process.stdout.end();
});
