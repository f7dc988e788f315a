import type { BridgeEvent } from '@agentbridge/core/contracts';

/**
 * FT-09: one line on stderr while a print-mode run waits 3 s or more for its agent (starting,
 * signing in, silent in a turn): which agent (as it names itself in `initialize`, else the
 * backend's name), for how long, what it last said. Any message of the agent counts as activity.
 * On a terminal it is redrawn in place and cleared when output comes; elsewhere (`--verbose`)
 * printed every 10 s.
 */
export function createStatusLine(options: {
  readonly agentName: string;
  readonly write: (text: string) => void;
  readonly terminal: boolean;
  readonly columns?: number;
}) {
  const { write, terminal } = options;
  let { agentName } = options;
  let [doing, since, inTurn, shown, printed] = [
    `starting ${agentName}`,
    Date.now(),
    false,
    false,
    -1,
  ];
  let lastSaid = '';
  const clear = () => {
    if (shown) write('\r\u001b[2K');
    shown = false;
  };
  const timer = setInterval(() => {
    const seconds = Math.floor((Date.now() - since) / 1000);
    if (seconds < 3) return clear();
    const what = inTurn ? `${agentName} has been silent for ${seconds}` : `${doing}… ${seconds}`;
    const text = `agentbridge: ${what} s${lastSaid && `; it last said: ${lastSaid}`}`;
    if (terminal) write(`\r\u001b[2K${text.slice(0, (options.columns ?? 80) - 1)}`);
    else if (Math.floor(seconds / 10) !== printed) write(`${text}\n`);
    [shown, printed] = [terminal, Math.floor(seconds / 10)];
  }, 1_000).unref();
  const restart = (next: string, turn = inTurn) => {
    clear();
    [doing, inTurn, since, printed] = [next, turn, Date.now(), -1];
  };
  return {
    /** Every event of the run: progress restarts the clock; agent output is what it last said. */
    observe(event: BridgeEvent) {
      if (event.type === 'agent-output') lastSaid = event.line.trim().slice(0, 120);
      else if (event.type === 'agent-initialized') {
        const { agentInfo } = event.response;
        agentName = agentInfo?.title || agentInfo?.name || agentName;
      } else if (event.type === 'auth-started')
        restart(`signing in to ${agentName} (${event.methodName})`);
      else if (event.type === 'auth-finished') restart(`opening a session with ${agentName}`);
      else if (event.type === 'client-message') restart(doing, true);
    },
    /** The agent sent a message: in a turn, it is not silent. */
    activity() {
      if (inTurn) [since, printed] = [Date.now(), -1];
    },
    /** Writes `text` without mixing it into the status line. */
    write(text: string) {
      clear();
      write(text);
    },
    stop() {
      clearInterval(timer);
      clear();
    },
  };
}
