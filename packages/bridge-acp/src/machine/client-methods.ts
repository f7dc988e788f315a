import type { HostOperationKind, HostOperationMap, HostResult } from '@agentbridge/core/contracts';
import {
  type ClientMethodParams,
  type ClientMethodResult,
  clientMethodParams,
  clientMethodResult,
} from '../json-rpc/agent-schemas.js';
import type { JsonRpcId } from '../json-rpc/json-rpc.js';
import { shellCommandLine } from '../permissions/read-only-command.js';
import { runsExactly, terminalCommandLine } from '../permissions/shell-command.js';
import type { ToolInput } from '../tools/build-tool-input.js';
import type { MachineContext, ToolCall, Turn } from './bridge-state.js';
import { sessionOf } from './bridge-state.js';
import { judgeToolCall } from './permissions.js';
import { settleToolCall } from './settle-tool-call.js';
import { newToolCall } from './tool-calls.js';

/** ACP's "resource not found" (a missing file). */
const resourceNotFoundCode = -32002;
const terminalKinds = [
  'terminal/output',
  'terminal/wait_for_exit',
  'terminal/kill',
  'terminal/release',
];

type Params = ClientMethodParams;

/** CF-11: the Claude tools whose allowance may stand for each client method. */
const allowedAs: Readonly<Record<string, readonly string[]>> = {
  'fs/read_text_file': ['Read'],
  'fs/write_text_file': ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'],
  'terminal/create': ['Bash'],
};

/** CF-01: the client methods offered in `initialize`: as the backend's manifest says (none by default). */
export function clientCapabilities(context: MachineContext) {
  const { fs = false, terminal = false } = context.backend?.client ?? {};
  return { fs: { readTextFile: fs, writeTextFile: fs }, terminal };
}

/** CF-01: the client methods the backend's manifest lets the bridge offer (else -32601, F-01). */
export function isOfferedClientMethod(
  context: MachineContext,
  method: string,
): method is HostOperationKind {
  const offered = context.backend?.client;
  if (method === 'fs/read_text_file' || method === 'fs/write_text_file')
    return offered?.fs === true;
  return (
    offered?.terminal === true && (method === 'terminal/create' || terminalKinds.includes(method))
  );
}

/**
 * CF-02..CF-06: one client `fs`/`terminal` call of the agent. Reading, writing and starting a
 * command are tool calls under the session's policy (limits, PreToolUse, the client's rules,
 * `can_use_tool` as Claude's Read, Write and Bash) unless the agent already asked for that very
 * call (CF-11: a tool of the same kind, the same path or exact command line, covering one call
 * only); the client sees each as a `tool_use` and its `tool_result`. The host does the I/O.
 */
export function onClientMethod(
  context: MachineContext,
  id: JsonRpcId,
  method: HostOperationKind,
  raw: unknown,
) {
  const params = clientMethodParams.parse(raw);
  const { turn } = context.state;
  const fail = (message: string, code = -32603) => context.rpc.respondError(id, code, message);
  if (params.sessionId !== sessionOf(context.state)?.id || context.state.phase.name !== 'ready')
    return fail('Unknown session.', -32602);
  if (terminalKinds.includes(method)) return perform(context, id, method, params, turn);
  if (turn === undefined || turn.prompt !== 'sent')
    return fail(`No prompt is running: ${method} is refused outside a turn.`);
  const { path = '', command = '', args = [] } = params;
  // CF-12: with no args the command is a whole line the host runs in a shell; with args the
  // program runs them as given, judged as the shell line that would run the same words.
  const commandLine = terminalCommandLine(command, args);
  const waiting = new Set([...turn.permissions.values()].map((entry) => entry.toolCallId));
  // A call the agent was allowed (asked, not refused, not still waiting) is not judged again, once.
  const asked = [...turn.tools.values()].find(
    (tool) =>
      tool.permissionRequested &&
      tool.allowanceUsed !== true &&
      tool.stage !== 'completed' &&
      !waiting.has(tool.id) &&
      allowedAs[method]?.includes(tool.name) === true &&
      (method === 'terminal/create'
        ? runsExactly(shellCommandLine(tool.input), command, args)
        : [tool.input.file_path, tool.input.path, tool.locations?.[0]?.path].includes(path)),
  );
  if (asked !== undefined) {
    asked.allowanceUsed = true;
    // CF-12: the agent runs its own call in a client terminal: that call gets its output.
    if (method === 'terminal/create')
      return perform(context, id, method, params, turn, asked, true);
    return perform(context, id, method, params, turn);
  }
  const [name, input]: [string, ToolInput] =
    method === 'fs/read_text_file'
      ? [
          'Read',
          {
            file_path: path,
            ...optional('offset', params.line),
            ...optional('limit', params.limit),
          },
        ]
      : method === 'fs/write_text_file'
        ? ['Write', { file_path: path, content: params.content }]
        : ['Bash', { command: commandLine }];
  const tool: ToolCall = { ...newToolCall(`toolu_${context.newId()}`), name, input };
  tool.stage = 'announced';
  tool.permissionRequested = true;
  tool.allowanceUsed = true; // its allowance is for this call alone
  turn.tools.set(tool.id, tool);
  context.stream.toolUse({ id: tool.id, name, input });
  judgeToolCall(context, turn, {
    toolCallId: tool.id,
    toolUseId: tool.id,
    toolName: name,
    input,
    // A changed path or text can be written; a command line is run as it was judged.
    inputChangeable: name !== 'Bash',
    allowAlways: false,
    // Reads are not asked for, as in Claude Code; a command always is (no classifier vouches for
    // what the bridge runs: `env rm -rf x` looks read-only).
    autoAllow: name === 'Read',
    settle: (outcome) => {
      if (outcome === undefined) return fail('The tool call was cancelled.');
      if (!outcome.allow) return fail(`Permission denied: ${outcome.text}`);
      const { file_path, content, offset, limit } = outcome.input;
      // The client's changed input is read as the agent's params are.
      const changed =
        name === 'Bash'
          ? params
          : clientMethodParams.parse({
              ...params,
              path: file_path,
              ...(name === 'Read' ? { line: offset, limit } : { content }),
            });
      perform(context, id, method, changed, turn, tool);
    },
  });
}

const optional = (key: string, value: unknown) =>
  typeof value === 'number' ? { [key]: value } : {};

/**
 * Has the host carry the call out and answers the agent; the bridge's own call (`tool`) gets its
 * result: at once for files, for a terminal when it is released (its output and exit status are
 * followed through the agent's `terminal/output` and `terminal/wait_for_exit` calls).
 */
function perform(
  context: MachineContext,
  id: JsonRpcId,
  method: HostOperationKind,
  params: Params,
  turn: Turn | undefined,
  tool?: ToolCall,
  agentsOwn = false,
) {
  const { terminalId } = params;
  const calls = [...(turn?.tools.values() ?? [])];
  const own = agentsOwn ? tool : calls.find((call) => call.agentTerminalId === terminalId);
  const followed =
    (agentsOwn ? undefined : tool) ??
    (typeof terminalId === 'string'
      ? calls.find((call) => call.terminalId === terminalId)
      : undefined);
  const operation = params as HostOperationMap[typeof method]['params'];
  context.host.perform(method, operation, (result: HostResult) => {
    if (!result.ok) {
      const code = result.code === 'ENOENT' ? resourceNotFoundCode : -32603;
      context.rpc.respondError(id, code, result.message);
      if (tool !== undefined) settle(context, turn, tool, true, result.message);
      return;
    }
    const value = clientMethodResult.parse(result.value);
    context.rpc.respond(id, value);
    if (own !== undefined && context.state.turn === turn) followOwnTerminal(own, method, value);
    if (followed === undefined || turn === undefined || context.state.turn !== turn) return;
    if (method === 'fs/read_text_file')
      return settle(context, turn, followed, false, String(value.content ?? ''));
    if (method === 'fs/write_text_file')
      return settle(context, turn, followed, false, `The file ${String(params.path)} was written.`);
    if (method === 'terminal/create') followed.terminalId = String(value.terminalId);
    if (typeof value.output === 'string')
      followed.contentOutput = { text: value.output, images: [] };
    const exit = value.exitStatus
      ? value.exitStatus
      : method === 'terminal/wait_for_exit'
        ? value
        : undefined;
    if (exit !== undefined) followed.status = exit.exitCode === 0 ? 'completed' : 'failed';
    if (method === 'terminal/release')
      settle(context, turn, followed, followed.status === 'failed');
  });
}

/** CF-12, GA-09: what the agent's own call printed in its client terminal, and its exit. */
function followOwnTerminal(tool: ToolCall, method: HostOperationKind, value: ClientMethodResult) {
  if (method === 'terminal/create') tool.agentTerminalId = String(value.terminalId);
  if (typeof value.output === 'string') tool.terminalOutput = value.output;
  const exit = value.exitStatus ?? value;
  if (method !== 'terminal/create' && typeof exit.exitCode === 'number')
    tool.terminalExitCode = exit.exitCode;
}

/** A bridge-made call ends: its `tool_result`, its PostToolUse hooks, the round it closes (LM-01). */
function settle(
  context: MachineContext,
  turn: Turn | undefined,
  tool: ToolCall,
  failed: boolean,
  text?: string,
) {
  if (turn === undefined || context.state.turn !== turn || tool.stage === 'completed') return;
  if (text !== undefined) tool.contentOutput = { text, images: [] };
  settleToolCall(context, turn, tool, failed);
}
