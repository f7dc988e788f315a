import type { MachineContext } from './bridge-state.js';
import { abandonPrompt } from './finish-turn.js';

/** GA-14: the stall watchdog's timer (run by the host, as every timer of the bridge). */
export const stallTimerId = 'stall-watchdog';

/** How long the agent may write nothing during a turn: `.agentrc`, the backend, else 10 minutes. */
const stallTimeoutMs = (context: MachineContext): number =>
  context.launch.stallTimeoutMs ?? context.backend?.process.stallTimeoutMs ?? 600_000;

/** Starts one watch period: it counts as active unless no agent line comes until it ends. */
function startPeriod(context: MachineContext) {
  const { stall } = context.state;
  stall.armed = true;
  stall.linesAtStart = stall.lines;
  context.emit({ type: 'start-timer', timerId: stallTimerId, delayMs: stallTimeoutMs(context) });
}

/** GA-14: a prompt was sent: a period starts unless one runs (the prompt counts as activity). */
export function armStallWatchdog(context: MachineContext) {
  const { stall } = context.state;
  stall.lines += 1;
  if (!stall.armed) startPeriod(context);
}

/**
 * GA-14: a watch period ended. With a prompt in flight, no agent line in the whole period and
 * nobody waiting on the client or the host for the agent (a permission, a client terminal), the
 * prompt is cancelled and abandoned and the turn ends with an error result that says so; else the
 * next period starts. The bridge keeps no clock: the silence it finds lasted one to two periods.
 */
export function onStallTimer(context: MachineContext, timerId: string) {
  if (timerId !== stallTimerId) return;
  const { stall, turn } = context.state;
  stall.armed = false;
  if (turn?.prompt !== 'sent') return;
  const waiting = turn.permissions.size > 0 || context.host.hasPending();
  if (waiting || stall.lines !== stall.linesAtStart) return startPeriod(context);
  const seconds = Math.round(stallTimeoutMs(context) / 1000);
  const errorText = `The agent wrote nothing for ${seconds} s during the turn (stallTimeoutMs), so its prompt was cancelled.`;
  context.log.warn('the agent stalled; its prompt is cancelled', { seconds });
  abandonPrompt(context, turn, { kind: 'prompt-error', errorText });
}
