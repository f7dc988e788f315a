import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import type { MachineContext } from '../machine/bridge-state.js';
import type { Gate } from '../machine/gate.js';
import type { TurnEnding } from '../north/build-result.js';
import type { McpState, SdkServer } from './mcp-state-types.js';

const listingTimerId = 'mcp-listing';
/** How long a prompt waits for the agent to list the in-process servers' tools (MCP-09). */
const listingWaitMs = 5_000;

/** The enabled in-process servers whose tools the agent has not listed yet. */
function unlisted(mcp: McpState): [string, SdkServer][] {
  return [...mcp.sdkServers].filter(
    ([name, server]) => !server.listed && server.status !== 'failed' && !mcp.disabled.has(name),
  );
}

function releaseListing(context: MachineContext) {
  const { mcp } = context.state;
  const done = mcp.listing?.done;
  mcp.listing = undefined;
  if (done !== undefined) context.continuations.resume(done, undefined);
}

/**
 * MCP-06, MCP-09: a prompt waits while the server set changes, and until the agent has listed the
 * tools of every in-process server (an agent that connects in the background would not offer them
 * to the model yet), at most {@link listingWaitMs}.
 */
export const mcpServersReadyGate: Gate<ContentBlock[], TurnEnding> = (
  context,
  turn,
  prompt,
  next,
) => {
  const { state, continuations } = context;
  const { mcp } = state;
  const again = () => mcpServersReadyGate(context, turn, prompt, next);
  if (mcp.reopening !== undefined) return continuations.wait(mcp.reopening.done, again);
  if (unlisted(mcp).length === 0) return next({ pass: prompt });
  if (mcp.listing === undefined) {
    mcp.listing = { done: continuations.key('mcp-listing') };
    context.emit({ type: 'start-timer', timerId: listingTimerId, delayMs: listingWaitMs });
  }
  continuations.wait(mcp.listing.done, again);
};

/** MCP-09: the agent listed a server's tools; waiting prompts go once every server is listed. */
export function markListed(context: MachineContext, server: SdkServer) {
  server.listed = true;
  const { mcp } = context.state;
  if (mcp.listing === undefined || unlisted(mcp).length > 0) return;
  context.emit({ type: 'cancel-timer', timerId: listingTimerId });
  releaseListing(context);
}

/** MCP-09: the wait is over: the prompt goes without the tools not listed; false for other timers. */
export function onListingTimer(context: MachineContext, timerId: string): boolean {
  if (timerId !== listingTimerId) return false;
  const { mcp } = context.state;
  const late = unlisted(mcp);
  if (late.length > 0)
    context.log.info('the agent did not list the tools of in-process MCP servers in time', {
      servers: late.map(([name]) => name).join(', '),
    });
  for (const [, server] of late) server.listed = true;
  releaseListing(context);
  return true;
}
