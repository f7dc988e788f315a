import { AgentError } from '@agentbridge/core/contracts';
import type { LineTransport } from './line-transport.js';

/** How many characters of client-bound lines the readable holds before it pauses the process's stdout. */
const readableHighWaterMark = 1024 * 1024;

/**
 * Core's web-stream view of a {@link LineTransport}. The readable pauses the process's stdout while
 * its queue is full and resumes on pull; the writable waits for stdin to drain (backpressure both
 * ways). Closing the writable ends the client input; cancelling the readable drops further lines
 * but does not stop the process (the owner calls `close()`).
 */
export function createWebStreams(transport: LineTransport): {
  readable: ReadableStream<string>;
  writable: WritableStream<string>;
} {
  let drainWaiters: (() => void)[] = [];
  let transportClosed = false;
  const wake = () => {
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const waiter of waiters) waiter();
  };
  transport.onInputDrain(wake);
  void transport.closed.then(() => {
    transportClosed = true;
    wake();
  });

  let cancelled = false;
  const readable = new ReadableStream<string>(
    {
      start(controller) {
        transport.onClientLine((line) => {
          if (cancelled) return;
          controller.enqueue(line);
          if ((controller.desiredSize ?? 1) <= 0) transport.pauseOutput();
        });
        void transport.closed.then(() => {
          if (!cancelled) controller.close();
        });
      },
      pull() {
        transport.resumeOutput();
      },
      cancel() {
        cancelled = true;
        transport.resumeOutput();
      },
    },
    { highWaterMark: readableHighWaterMark, size: (line) => line.length },
  );

  const writable = new WritableStream<string>({
    write(line) {
      if (transport.writeClientLine(line)) return;
      if (transportClosed) throw new AgentError('transport-closed', 'The transport has closed.');
      return new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
      });
    },
    close() {
      transport.endClientInput();
    },
    abort() {
      transport.endClientInput();
    },
  });

  return { readable, writable };
}
