import { runCli } from './cli.js';
import { type CliContext, processContext } from './cli-context.js';

/** After a signal, how long stdout may take to flush before the process exits anyway. */
const signalExitGraceMs = 500;

// The only top-level try/catch: every command throws, this maps errors to exit codes.
const processDefaults = processContext();
let signalled = false;
const context: CliContext = {
  ...processDefaults,
  onTerminate: (handler) =>
    processDefaults.onTerminate((signal) => {
      signalled = true;
      handler(signal);
    }),
};
let exitCode: number;
try {
  exitCode = await runCli(context);
} catch (error) {
  const { reportError } = await import('./report-error.js');
  exitCode = reportError(error, (text) => context.stderr.write(text));
}
// Flush stdout before exiting: a pending protocol line must not be lost, and a lingering handle
// (stdin, a timer) must not keep the process alive after the run is over.
process.exitCode = exitCode;
if (signalled) {
  // Stopped by a signal (the agent tree is already stopped): a client that does not read stdout
  // must not keep us alive. Unref'd: it never delays an exit that needs no waiting.
  setTimeout(() => process.exit(exitCode), signalExitGraceMs).unref();
}
process.stdout.write('', () => process.exit(exitCode));
