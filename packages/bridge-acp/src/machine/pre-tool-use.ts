import type { HookVerdict } from '../hooks/hook-verdict.js';
import { runHooks } from '../hooks/run-hooks.js';
import type { MachineContext, ToolCall } from './bridge-state.js';

/** HK-06: runs the call's PreToolUse hooks once; a later ask for the same call reuses the verdict. */
export function preToolUse(
  context: MachineContext,
  call: {
    readonly tool?: ToolCall;
    readonly name: string;
    readonly input: unknown;
    readonly toolUseId: string;
  },
  then: (verdict: HookVerdict) => void,
) {
  const { continuations } = context;
  const memo = call.tool?.preToolUse;
  if (memo?.verdict !== undefined) return then(memo.verdict);
  if (memo !== undefined) return continuations.wait(memo.decided, then);
  const entry: NonNullable<ToolCall['preToolUse']> = {
    decided: continuations.once('pre-tool-use', then),
  };
  if (call.tool !== undefined) call.tool.preToolUse = entry;
  const input = { tool_name: call.name, tool_input: call.input, tool_use_id: call.toolUseId };
  runHooks(
    context,
    { event: 'PreToolUse', matchValue: call.name, toolUseId: call.toolUseId, input },
    (verdict) => {
      entry.verdict = verdict;
      continuations.resume(entry.decided, verdict);
    },
  );
}
