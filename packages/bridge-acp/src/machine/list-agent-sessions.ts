import type { ListSessionsResponse } from '@agentclientprotocol/sdk';
import { formatRpcError } from '../json-rpc/format-rpc-error.js';
import type { AgentInfo, MachineContext } from './bridge-state.js';

/** Pages asked at most: a long history is listed by its newest sessions. */
const maxPages = 10;

/**
 * SN-12: asks the agent's own sessions of the cwd (ACP `session/list`) when the launch wants them
 * and the agent offers the method, one page after another; each page is an `agent-sessions` event
 * for the host. Nothing waits on it: the first prompt goes out as it would have.
 */
export function listAgentSessions(
  context: MachineContext,
  agent: AgentInfo,
  page = 1,
  cursor?: string,
) {
  if (context.launch.listSessions !== true || !agent.can.listSessions) return;
  const params = { cwd: context.launch.cwd, ...(cursor === undefined ? {} : { cursor }) };
  context.rpc.request<ListSessionsResponse>('session/list', params, (answer) => {
    if (!answer.ok) {
      context.log.info('session/list failed', { error: formatRpcError(answer.error) });
      return;
    }
    const sessions = Array.isArray(answer.result?.sessions) ? answer.result.sessions : [];
    context.emit({ type: 'agent-sessions', sessions });
    const next = answer.result?.nextCursor;
    if (typeof next === 'string' && next !== '' && page < maxPages)
      listAgentSessions(context, agent, page + 1, next);
  });
}
