import type { HookCommandRun } from '@agentbridge/core/contracts';
import { type HookRead, readHookOutput } from './read-hook-answer.js';

/** Events where exit code 2 blocks what the hook guards (elsewhere its stderr is only shown). */
const blockingEvents = ['PreToolUse', 'UserPromptSubmit', 'Stop'];
/** Events whose plain stdout (exit 0, not JSON) is context for the model, as in Claude Code. */
const contextEvents = ['UserPromptSubmit', 'SessionStart'];

/** A JSON object's value (text that opens with `{` and parses), else `undefined`. */
function parseObject(text: string): unknown {
  if (!text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * HK-30..HK-32: a command hook's run as Claude Code reads it. Exit 0: a JSON object on stdout is a
 * hook output (as a client callback's answer); plain stdout is context for UserPromptSubmit and
 * SessionStart. Exit 2 blocks with `[<command>]: <stderr>` (PreToolUse denies, UserPromptSubmit
 * and Stop block), unless its JSON output decided; for other events it is reported. Any other
 * exit, a signal or the timeout is a non-blocking error: the text of the failure.
 */
export function readCommandResult(
  event: string,
  command: string,
  timeoutMs: number,
  result: HookCommandRun['result'],
): HookRead | string {
  const tag = `[${command}]`;
  const { exitCode, stdout, stderr } = result;
  if (result.timedOut) return `${tag}: no answer within ${timeoutMs / 1000} s`;
  if (exitCode !== 0 && exitCode !== 2) return `${tag}: ${stderr.trim() || 'No stderr output'}`;
  const output = parseObject(stdout.trim());
  const read = output === undefined ? {} : readHookOutput(event, output);
  if (typeof read === 'string') return `${tag}: ${read}`;
  if (exitCode === 0) {
    const text = stdout.trim();
    if (output !== undefined || !contextEvents.includes(event) || text === '') return read;
    return { additionalContext: [text] };
  }
  if (read.decision === 'deny' || read.block !== undefined) return read;
  const reason = `${tag}: ${stderr || 'No stderr output'}`;
  if (!blockingEvents.includes(event)) return reason;
  if (event === 'PreToolUse') return { ...read, decision: 'deny', reason };
  return { ...read, block: event === 'Stop' ? `Stop hook feedback:\n${reason}` : reason };
}
