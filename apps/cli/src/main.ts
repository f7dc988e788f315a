import { homedir } from 'node:os';
import { runCli } from './cli.js';
import type { TerminationSignal } from './cli-context.js';
import { createOutputMask } from './ui/mask-output.js';

/** After a signal, how long stdout may take to flush before the process exits anyway. */
const signalExitGraceMs = 500;
const signals: TerminationSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

let signalled = false;
// Every byte written to stdout and stderr is masked once a command knows the secrets (FT-08).
const output = createOutputMask();
const stdout = output.wrap(process.stdout);
const stderr = output.wrap(process.stderr);

/** Runs the command; no top-level await, so that the bundle can be CommonJS (scripts/bundle.mjs). */
async function main(): Promise<void> {
  let exitCode: number;
  // The only top-level try/catch: every command throws, this maps errors to exit codes.
  try {
    exitCode = await runCli({
      argv: process.argv.slice(2),
      env: process.env,
      cwd: process.cwd(),
      homeDirectory: homedir(),
      platform: process.platform,
      stdin: process.stdin,
      stdout,
      stderr,
      stdinIsTerminal: process.stdin.isTTY === true,
      stderrIsTerminal: process.stderr.isTTY === true,
      maskOutput: output.set,
      onTerminate(handler) {
        const listener = (signal: TerminationSignal) => {
          signalled = true;
          handler(signal);
        };
        for (const signal of signals) process.on(signal, listener);
        return () => {
          for (const signal of signals) process.off(signal, listener);
        };
      },
    });
  } catch (error) {
    const { reportError } = await import('./report-error.js');
    exitCode = reportError(error, (text) => stderr.write(text));
  }
  // Flush stdout, then exit: a pending protocol line must not be lost, and a lingering handle (stdin,
  // a timer) must not keep the process alive. After a signal (the agent tree is already stopped) a
  // client that does not read stdout must not keep us alive either.
  process.exitCode = exitCode;
  if (signalled) setTimeout(() => process.exit(exitCode), signalExitGraceMs).unref();
  process.stdout.write('', () => process.exit(exitCode));
}

void main();
