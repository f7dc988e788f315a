import type { BackendManifest, HostResult } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness, type Line } from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';

const backend: BackendManifest = { ...seedVendorBackend, client: { fs: true, terminal: true } };

function clientHarness(launch: Line = {}, hooks?: Line) {
  const harness = createHarness({ backend, launch: { permissionPromptTool: 'stdio', ...launch } });
  harness.client({
    type: 'control_request',
    request_id: 'init',
    request: { subtype: 'initialize', ...(hooks && { hooks }) },
  });
  harness.user('go');
  return harness;
}

let nextId = 100;
/** The agent calls a client method; returns its request id. */
function call(harness: Harness, method: string, params: Line) {
  const id = nextId++;
  harness.agent({ jsonrpc: '2.0', id, method, params: { sessionId: 'sess-1', ...params } });
  return id;
}

const operations = (harness: Harness) =>
  harness.actions.flatMap((action) => (action.type === 'host-operation' ? [action] : []));
/** The host answers its last operation. */
function hostAnswers(harness: Harness, result: HostResult) {
  const operation = operations(harness).at(-1);
  if (operation === undefined) throw new Error('no host operation');
  harness.bridge.onHostResult(operation.operationId, result);
  return operation.operation;
}
const reply = (harness: Harness, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined);
const toolBlocks = (harness: Harness) =>
  harness.clientLines.flatMap((line) =>
    (line.message?.content ?? []).filter(
      (block: Line) => block.type === 'tool_use' || block.type === 'tool_result',
    ),
  );
const canUseTools = (harness: Harness) =>
  harness.linesOf('control_request').filter((line) => line.request.subtype === 'can_use_tool');
function answerCanUseTool(harness: Harness, response: Line) {
  const request = canUseTools(harness).at(-1);
  harness.client({
    type: 'control_response',
    response: { subtype: 'success', request_id: request?.request_id, response },
  });
}

describe('the bridge as an ACP client for files and terminals', () => {
  it('CF-01 fs and terminal are offered in initialize as the manifest says; by default none', () => {
    const offered = clientHarness();
    expect(offered.lastRequest('initialize').params.clientCapabilities).toEqual({
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
    });
    const plain = createHarness();
    plain.initialize();
    expect(plain.lastRequest('initialize').params.clientCapabilities).toEqual({
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
    });
  });

  it('CF-02 a read is Claude Read: shown as tool_use/tool_result, allowed without asking, the host reads', () => {
    const harness = clientHarness();
    const id = call(harness, 'fs/read_text_file', { path: '/proj/a.txt', line: 2, limit: 3 });
    expect(canUseTools(harness)).toEqual([]);
    expect(hostAnswers(harness, { ok: true, value: { content: 'two\nthree' } })).toEqual({
      kind: 'fs/read_text_file',
      params: { sessionId: 'sess-1', path: '/proj/a.txt', line: 2, limit: 3 },
    });
    expect(reply(harness, id)?.result).toEqual({ content: 'two\nthree' });
    const [use, result] = toolBlocks(harness);
    expect(use).toMatchObject({
      type: 'tool_use',
      name: 'Read',
      input: { file_path: '/proj/a.txt', offset: 2, limit: 3 },
    });
    expect(result).toEqual({
      type: 'tool_result',
      tool_use_id: use.id,
      content: 'two\nthree',
      is_error: false,
    });
  });

  it('CF-03 a write is Claude Write asked with can_use_tool; a deny refuses it and nothing is written', () => {
    const harness = clientHarness();
    const id = call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'hi' });
    expect(canUseTools(harness).at(-1)?.request).toMatchObject({
      tool_name: 'Write',
      input: { file_path: '/proj/b.txt', content: 'hi' },
    });
    answerCanUseTool(harness, { behavior: 'deny', message: 'not there' });
    expect(operations(harness)).toEqual([]);
    expect(reply(harness, id)?.error).toMatchObject({ message: 'Permission denied: not there' });
    harness.endPrompt();
    expect(harness.linesOf('result').at(-1)?.permission_denials).toEqual([
      expect.objectContaining({
        tool_name: 'Write',
        tool_input: { file_path: '/proj/b.txt', content: 'hi' },
      }),
    ]);
  });

  it('CF-03 HK-07 a changed input is applied to a call the bridge carries out (client or PreToolUse hook)', () => {
    const harness = clientHarness(
      {},
      { PreToolUse: [{ matcher: 'Write', hookCallbackIds: ['h'] }] },
    );
    const id = call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'hi' });
    const hook = harness.linesOf('control_request').at(-1);
    harness.client({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: hook?.request_id,
        response: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { file_path: '/proj/c.txt', content: 'hello' },
          },
        },
      },
    });
    expect(hostAnswers(harness, { ok: true, value: {} }).params).toMatchObject({
      path: '/proj/c.txt',
      content: 'hello',
    });
    expect(reply(harness, id)?.result).toEqual({});
    expect(toolBlocks(harness).at(-1)).toMatchObject({
      content: 'The file /proj/c.txt was written.',
      is_error: false,
    });
  });

  it('CF-03 a write the agent already asked permission for is not asked again (once allowed)', () => {
    const harness = clientHarness();
    const askWrite = (id: number, file: string) =>
      harness.agent({
        jsonrpc: '2.0',
        id,
        method: 'session/request_permission',
        params: {
          sessionId: 'sess-1',
          toolCall: {
            toolCallId: `write_file__${id}`,
            title: `Writing ${file}`,
            kind: 'edit',
            locations: [{ path: `/proj/${file}` }],
            content: [{ type: 'diff', path: `/proj/${file}`, oldText: null, newText: 'hi' }],
          },
          options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
        },
      });
    askWrite(7, 'b.txt');
    answerCanUseTool(harness, { behavior: 'allow' });
    call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'hi' });
    expect(canUseTools(harness)).toHaveLength(1);
    expect(operations(harness)).toHaveLength(1);
    expect(toolBlocks(harness).filter((block: Line) => block.type === 'tool_use')).toHaveLength(1);
    // A call whose permission is still waiting is not taken as allowed: the write is judged itself.
    askWrite(8, 'c.txt');
    call(harness, 'fs/write_text_file', { path: '/proj/c.txt', content: 'x' });
    expect(canUseTools(harness)).toHaveLength(3);
    expect(operations(harness)).toHaveLength(1);
  });

  /** The agent asks permission for its own tool call; the client allows it. */
  function agentAsks(harness: Harness, id: number, toolCall: Line) {
    harness.agent({
      jsonrpc: '2.0',
      id,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: `call_${id}`, ...toolCall },
        options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      },
    });
    answerCanUseTool(harness, { behavior: 'allow' });
  }

  it('CF-11 an allowed command covers one terminal/create of exactly that line, never one whose last argument equals it', () => {
    const harness = clientHarness();
    agentAsks(harness, 9, {
      title: 'echo approved-command',
      kind: 'execute',
      rawInput: { command: 'echo approved-command' },
    });
    expect(canUseTools(harness)).toHaveLength(1);
    call(harness, 'terminal/create', {
      command: 'sh',
      args: ['-c', 'echo UNAPPROVED > x', 'echo approved-command'],
    });
    expect(canUseTools(harness).map((line) => line.request.input)).toEqual([
      expect.anything(),
      { command: "sh -c 'echo UNAPPROVED > x' 'echo approved-command'" },
    ]);
    expect(operations(harness)).toEqual([]);
    answerCanUseTool(harness, { behavior: 'deny', message: 'no' });
    // Split differently, the same words are another argv: judged.
    call(harness, 'terminal/create', { command: 'echo', args: ['approved-command x'] });
    expect(canUseTools(harness)).toHaveLength(3);
    answerCanUseTool(harness, { behavior: 'deny', message: 'no' });
    // The exact line runs once on the allowance; the same line again is judged again.
    call(harness, 'terminal/create', { command: 'sh', args: ['-c', 'echo approved-command'] });
    expect(canUseTools(harness)).toHaveLength(3);
    expect(operations(harness)).toHaveLength(1);
    call(harness, 'terminal/create', { command: 'echo', args: ['approved-command'] });
    expect(canUseTools(harness)).toHaveLength(4);
    expect(canUseTools(harness).at(-1)?.request.input).toEqual({
      command: 'echo approved-command',
    });
  });

  it('CF-11 an allowed read never covers a write of the same path; an allowed write covers one write', () => {
    const harness = clientHarness();
    agentAsks(harness, 11, {
      title: 'Read /proj/a.txt',
      kind: 'read',
      locations: [{ path: '/proj/a.txt' }],
    });
    const asked = canUseTools(harness).length;
    call(harness, 'fs/write_text_file', { path: '/proj/a.txt', content: 'x' });
    expect(canUseTools(harness)).toHaveLength(asked + 1);
    expect(canUseTools(harness).at(-1)?.request.tool_name).toBe('Write');
    answerCanUseTool(harness, { behavior: 'deny', message: 'no' });
    expect(operations(harness)).toEqual([]);
    agentAsks(harness, 12, {
      title: 'Writing /proj/b.txt',
      kind: 'edit',
      locations: [{ path: '/proj/b.txt' }],
      content: [{ type: 'diff', path: '/proj/b.txt', oldText: null, newText: 'hi' }],
    });
    const before = canUseTools(harness).length;
    call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'hi' });
    expect(canUseTools(harness)).toHaveLength(before);
    expect(operations(harness)).toHaveLength(1);
    call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'again' });
    expect(canUseTools(harness)).toHaveLength(before + 1);
    expect(operations(harness)).toHaveLength(1);
  });

  it('CF-04 a command runs without a shell as Claude Bash; its output and exit status make the tool_result at release', () => {
    const harness = clientHarness();
    const create = call(harness, 'terminal/create', {
      command: 'rm',
      args: ['-r', 'build'],
      outputByteLimit: 100,
    });
    expect(canUseTools(harness).at(-1)?.request).toMatchObject({
      tool_name: 'Bash',
      input: { command: 'rm -r build' },
    });
    answerCanUseTool(harness, { behavior: 'allow' });
    expect(hostAnswers(harness, { ok: true, value: { terminalId: 't1' } }).params).toMatchObject({
      command: 'rm',
      args: ['-r', 'build'],
      outputByteLimit: 100,
    });
    expect(reply(harness, create)?.result).toEqual({ terminalId: 't1' });
    call(harness, 'terminal/wait_for_exit', { terminalId: 't1' });
    hostAnswers(harness, { ok: true, value: { exitCode: 1, signal: null } });
    call(harness, 'terminal/output', { terminalId: 't1' });
    hostAnswers(harness, { ok: true, value: { output: 'rm: build: not found', truncated: false } });
    expect(toolBlocks(harness).filter((block: Line) => block.type === 'tool_result')).toEqual([]);
    const release = call(harness, 'terminal/release', { terminalId: 't1' });
    hostAnswers(harness, { ok: true, value: {} });
    expect(reply(harness, release)?.result).toEqual({});
    expect(toolBlocks(harness).at(-1)).toMatchObject({
      content: 'rm: build: not found',
      is_error: true,
    });
  });

  it('CF-04 every command is asked, even one that looks read-only (env runs its arguments); a rule allows it; --tools without Bash refuses any', () => {
    const harness = clientHarness();
    call(harness, 'terminal/create', { command: 'env', args: ['rm', '-rf', 'x'] });
    expect(canUseTools(harness).map((line) => line.request.input)).toEqual([
      { command: 'env rm -rf x' },
    ]);
    expect(operations(harness)).toEqual([]);
    const ruled = clientHarness({ allowedTools: ['Bash(ls:*)'] });
    call(ruled, 'terminal/create', { command: 'ls', args: ['-la'] });
    expect(canUseTools(ruled)).toEqual([]);
    expect(operations(ruled)).toHaveLength(1);
    const limited = clientHarness({ limits: { tools: ['Read'] } });
    const id = call(limited, 'terminal/create', { command: 'ls' });
    expect(operations(limited)).toEqual([]);
    expect(reply(limited, id)?.error.message).toBe(
      'Permission denied: No such tool available: Bash',
    );
  });

  it('CF-12 a whole shell line without args is judged as that line and sent as it is; args are judged as the quoted line that runs them', () => {
    const harness = clientHarness();
    const line = "printf 'hello' > hello.txt && cat hello.txt";
    call(harness, 'terminal/create', { command: line });
    expect(canUseTools(harness).at(-1)?.request).toMatchObject({
      tool_name: 'Bash',
      input: { command: line },
    });
    answerCanUseTool(harness, { behavior: 'allow' });
    const sent = hostAnswers(harness, { ok: true, value: { terminalId: 't1' } });
    expect(sent.params).toMatchObject({ command: line });
    expect(sent.params).not.toHaveProperty('args');
    const quoted = clientHarness();
    call(quoted, 'terminal/create', { command: 'rm', args: ['-rf', 'a b', "it's"] });
    expect(canUseTools(quoted).at(-1)?.request.input).toEqual({
      command: "rm -rf 'a b' 'it'\\''s'",
    });
  });

  it('CF-12 GA-09 an agent that runs its own allowed call in a client terminal gets that output as the tool_result, not [terminal id]', () => {
    const harness = clientHarness();
    const line = "printf 'hello' > hello.txt && cat hello.txt";
    const toolCall = {
      toolCallId: 'bash-1',
      title: 'Run',
      kind: 'execute',
      rawInput: { command: line },
    };
    harness.agent({
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 'sess-1', update: { sessionUpdate: 'tool_call', ...toolCall } },
    });
    harness.agent({
      jsonrpc: '2.0',
      id: 9,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall,
        options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      },
    });
    answerCanUseTool(harness, { behavior: 'allow' });
    call(harness, 'terminal/create', { command: line });
    expect(canUseTools(harness)).toHaveLength(1);
    hostAnswers(harness, { ok: true, value: { terminalId: 't9' } });
    call(harness, 'terminal/wait_for_exit', { terminalId: 't9' });
    hostAnswers(harness, { ok: true, value: { exitCode: 0, signal: null } });
    call(harness, 'terminal/output', { terminalId: 't9' });
    hostAnswers(harness, { ok: true, value: { output: 'hello', truncated: false } });
    harness.agent({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 'sess-1',
        update: {
          sessionUpdate: 'tool_call_update',
          toolCallId: 'bash-1',
          status: 'completed',
          content: [{ type: 'terminal', terminalId: 't9' }],
        },
      },
    });
    const blocks = toolBlocks(harness);
    expect(blocks.filter((block: Line) => block.type === 'tool_use')).toHaveLength(1);
    expect(blocks.at(-1)).toMatchObject({ type: 'tool_result', content: 'hello', is_error: false });
  });

  it('CF-05 a host failure reaches the agent: a missing file is ACP resource-not-found; the call shows the error', () => {
    const harness = clientHarness();
    const id = call(harness, 'fs/read_text_file', { path: '/proj/none' });
    hostAnswers(harness, {
      ok: false,
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, open '/proj/none'",
    });
    expect(reply(harness, id)?.error).toMatchObject({ code: -32002 });
    expect(toolBlocks(harness).at(-1)).toMatchObject({
      is_error: true,
      content: expect.stringContaining('ENOENT'),
    });
    const outside = call(harness, 'fs/read_text_file', { path: '/etc/passwd' });
    hostAnswers(harness, {
      ok: false,
      message: 'Access denied: /etc/passwd is outside the session',
    });
    expect(reply(harness, outside)?.error).toMatchObject({
      code: -32603,
      message: expect.stringContaining('outside'),
    });
  });

  it('CF-02 a call outside a prompt, or for another session, is refused; each gets one answer', () => {
    const harness = clientHarness();
    harness.endPrompt();
    const idle = call(harness, 'fs/read_text_file', { path: '/proj/a' });
    expect(reply(harness, idle)?.error.message).toContain('outside a turn');
    harness.user('again');
    const other = call(harness, 'fs/read_text_file', { sessionId: 'other', path: '/proj/a' });
    expect(reply(harness, other)?.error.code).toBe(-32602);
    expect(operations(harness)).toEqual([]);
  });

  it('CF-03 a call waiting for the client when the turn ends is answered cancelled', () => {
    const harness = clientHarness();
    const id = call(harness, 'fs/write_text_file', { path: '/proj/b.txt', content: 'hi' });
    harness.client({
      type: 'control_request',
      request_id: 'stop',
      request: { subtype: 'interrupt' },
    });
    expect(reply(harness, id)?.error.message).toBe('The tool call was cancelled.');
    expect(harness.linesOf('control_cancel_request')).toHaveLength(1);
  });
});
