import type { MachineContext } from '../machine/bridge-state.js';
import { currentModelOf } from '../machine/bridge-state.js';
import { sdkToolNamesOf } from '../mcp/mcp-state.js';

/**
 * U-30: the `get_context_usage` answer from what the agent tells: the tokens in use (its last
 * `usage_update.used`, or a `_meta` reading) and the window (`usage_update.size`, else the model's
 * from the catalogue). ACP gives no breakdown: everything in use is `Messages`; the in-process
 * servers' tools are listed without a count of their own.
 */
export function contextUsageOf(context: MachineContext) {
  const model = currentModelOf(context.state) ?? '';
  const used = context.ledger.assistantUsage().cache_read_input_tokens ?? 0;
  const rows = context.ledger.resultUsage(model || undefined).modelUsage;
  const window = rows[model || 'agent']?.contextWindow ?? 0;
  const row = (id: string, name: string, tokens: number, kind: string, color: string) => ({
    id,
    name,
    tokens,
    color,
    kind,
  });
  const categories = [row('messages', 'Messages', used, 'used', 'purple')];
  if (window > 0)
    categories.push(
      row('free_space', 'Free space', Math.max(0, window - used), 'free', 'promptBorder'),
    );
  return {
    categories,
    totalTokens: used,
    maxTokens: window,
    rawMaxTokens: window,
    percentage: window > 0 ? Math.round((used / window) * 100) : 0,
    gridRows: [],
    model,
    memoryFiles: [],
    mcpTools: sdkToolNamesOf(context.state.mcp)
      .filter((name) => name.startsWith('mcp__'))
      .map((name) => ({ name, serverName: name.split('__')[1], tokens: 0, isLoaded: true })),
    agents: [],
    isAutoCompactEnabled: false,
    apiUsage: null,
  };
}
