import { runCli } from './cli.js';
import { processContext } from './cli-context.js';

// The only top-level try/catch: every command throws, this maps errors to exit codes.
const context = processContext();
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
process.stdout.write('', () => process.exit(exitCode));
