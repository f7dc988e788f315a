import { createHarness } from './bridge-harness.js';

/** A harness past the handshake: the session is open, no turn runs. */
export function readyHarness(launch: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(launch);
  harness.initialize();
  return harness;
}

/** An `agent_message_chunk` update with `text` (and a `messageId` when given). */
export const chunk = (text: string, messageId?: string) => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text },
  ...(messageId !== undefined ? { messageId } : {}),
});

/** An `agent_thought_chunk` update with `text`. */
export const thought = (text: string) => ({
  sessionUpdate: 'agent_thought_chunk',
  content: { type: 'text', text },
});
