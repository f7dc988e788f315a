import { describe, expect, it } from 'vitest';
import { createHarness, type Line, shapeOf } from '../__fixtures__/bridge-harness.js';
import { backendWithQuirks, seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';

function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  harness.initialize();
  harness.user('go');
  return harness;
}

const toolResults = (harness: ReturnType<typeof createHarness>) =>
  harness
    .linesOf('user')
    .map((line) => line.message.content[0])
    .filter((block) => block?.type === 'tool_result');

const png = 'iVBORw0KGgo=';

describe('tool calls', () => {
  it('seed#33 T-01 T-03 T-04 T-30 a tool call flushes the preceding text, emits tool_use, then tool_result', () => {
    const harness = turnHarness();
    const mark = harness.clientLines.length;
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Listing.' },
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'ls -la',
      kind: 'execute',
      status: 'pending',
      rawInput: { command: 'ls -la' },
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'total 0' } }],
    });
    // The unasked-tool warning (tested below) is not part of this scenario.
    const lines = harness.since(mark).filter((line) => line.type !== 'system');
    expect(lines.map(shapeOf)).toEqual([
      'assistant:text',
      'assistant:tool_use',
      'user:tool_result',
    ]);
    expect(lines[1]?.message.content[0]).toEqual({
      type: 'tool_use',
      id: 'call_1',
      name: 'Bash',
      input: { command: 'ls -la' },
    });
    expect(lines[2]?.message.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: 'total 0',
      is_error: false,
    });
    expect(lines[2]?.isReplay).toBeUndefined();
  });

  it('seed#34 T-04 T-20 a failed call gives an error tool_result with the diff rendered; file_path comes from locations', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_e',
      title: 'Edit a.cs',
      kind: 'edit',
      locations: [{ path: '/proj/a.cs' }],
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_e',
      status: 'failed',
      content: [{ type: 'diff', path: '/proj/a.cs', oldText: 'x', newText: 'y' }],
    });
    const toolUse = harness.linesOf('assistant').at(-1)?.message.content[0];
    // The tool_use waited for the call's end (T-06): its diff gives the Edit fields (T-05).
    expect(toolUse).toEqual({
      type: 'tool_use',
      id: 'call_e',
      name: 'Edit',
      input: { file_path: '/proj/a.cs', old_string: 'x', new_string: 'y' },
    });
    const [result] = toolResults(harness);
    expect(result.is_error).toBe(true);
    expect(result.content).toContain('/proj/a.cs');
    expect(result.content).toContain('+++ new');
  });

  it('gap fix T-20 tool output is replaced per frame (ACP semantics), not appended', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'c',
      kind: 'read',
      title: 'Read a',
      content: [{ type: 'content', content: { type: 'text', text: 'line 1' } }],
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'line 1\nline 2' } }],
    });
    expect(toolResults(harness)[0]?.content).toBe('line 1\nline 2');
  });

  it('seed#35 T-21 T-22 an MCP-result rawOutput with text and image becomes blocks, not stringified base64', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'm',
      kind: 'execute',
      title: 'mcp.tools.shot',
      rawInput: { server: 'tools', tool: 'shot', arguments: {} },
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      content: [],
      rawOutput: {
        result: {
          content: [
            { type: 'text', text: 'shot' },
            { type: 'image', data: png, mimeType: 'image/png' },
          ],
        },
      },
    });
    const [result] = toolResults(harness);
    expect(result.content).toEqual([
      { type: 'text', text: 'shot' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
    ]);
    expect(JSON.stringify(result.content).split(png)).toHaveLength(2);
  });

  it('seed#36 T-21 a text-only MCP-result rawOutput is the plain text', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'ping' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: { result: { content: [{ type: 'text', text: 'pong' }] } },
    });
    expect(toolResults(harness)[0]?.content).toBe('pong');
  });

  it('seed#37 T-21 several text blocks join with newlines', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'ping' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: {
        result: {
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      },
    });
    expect(toolResults(harness)[0]?.content).toBe('a\nb');
  });

  it('seed#38 seed#39 T-22 images are capped at 4 and oversized payloads become [image] text', () => {
    const harness = turnHarness();
    const big = 'A'.repeat(8 * 1024 * 1024 + 1);
    const images = [png, png, png, png, png, big].map((data) => ({
      type: 'image',
      data,
      mimeType: 'image/png',
    }));
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'm',
      kind: 'other',
      title: 'render it',
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: { result: { content: images } },
    });
    const content = toolResults(harness)[0]?.content as Line[];
    expect(content.filter((block) => block.type === 'image')).toHaveLength(4);
    expect(content.find((block) => block.type === 'text')?.text.match(/\[image\]/g)).toHaveLength(
      2,
    );
    expect(JSON.stringify(content)).not.toContain(big);
  });

  it('seed#40 T-21 other rawOutput shapes keep the stringify fallback', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'x y' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: { ok: true, n: 2 },
    });
    expect(toolResults(harness)[0]?.content).toBe('{"ok":true,"n":2}');
  });

  it('seed#41 T-21 a string rawOutput is used verbatim', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'x y' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: 'done.',
    });
    expect(toolResults(harness)[0]?.content).toBe('done.');
  });

  it('seed#42 T-21 an MCP result with empty content falls back to stringify', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'x y' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      rawOutput: { result: { content: [] } },
    });
    expect(toolResults(harness)[0]?.content).toBe('{"result":{"content":[]}}');
  });

  it('seed#43 T-21 rawOutput is ignored when content already produced output', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'x y' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'from content' } }],
      rawOutput: 'from raw',
    });
    expect(toolResults(harness)[0]?.content).toBe('from content');
  });

  it('seed#44 T-31 a tool call still open at turn end gets a synthetic result before the turn result', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'open',
      kind: 'read',
      title: 'Read x',
    });
    const mark = harness.clientLines.length;
    harness.endPrompt('end_turn');
    const lines = harness.since(mark);
    // Never announced while pending (T-06): the tool_use comes before its synthetic result.
    expect(lines.map(shapeOf)).toEqual([
      'assistant:tool_use',
      'user:tool_result',
      'result/success',
    ]);
    expect(lines[1]?.message.content[0]).toMatchObject({
      tool_use_id: 'open',
      is_error: false,
      content: 'The agent ended the turn before this tool call reported a result.',
    });
  });

  it('T-31 a cancelled turn names the cancellation; an exit names the exit', () => {
    const cancelled = turnHarness();
    cancelled.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'a',
      kind: 'read',
      title: 'Read x',
    });
    cancelled.endPrompt('cancelled');
    expect(toolResults(cancelled)[0]?.content).toBe(
      'Cancelled before the tool call reported a result.',
    );
    const exited = turnHarness();
    exited.update({ sessionUpdate: 'tool_call', toolCallId: 'a', kind: 'read', title: 'Read x' });
    exited.bridge.onAgentExit({ code: null, signal: 'SIGKILL' });
    expect(toolResults(exited)[0]?.content).toBe(
      'The agent process exited before this tool call reported a result.',
    );
  });

  it('seed#45 T-10 T-11 an MCP title of a configured server maps to its wire name', () => {
    const harness = turnHarness({
      launch: { mcpServers: { 'unity-ops': { type: 'http', url: 'http://127.0.0.1:1/mcp' } } },
      backend: seedVendorBackend,
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'u',
      kind: 'other',
      title: 'uap_scene_create_object (unity-ops MCP Server)',
      status: 'in_progress',
      rawInput: { name: 'Cube' },
    });
    expect(harness.linesOf('assistant').at(-1)?.message.content[0]).toMatchObject({
      name: 'mcp__unity-ops__uap_scene_create_object',
      input: { name: 'Cube' },
    });
  });

  it('T-02 T-33 a first frame already completed is announced and completed at once; later frames emit nothing', () => {
    const harness = turnHarness();
    const mark = harness.clientLines.length;
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'q',
      kind: 'read',
      title: 'Read q',
      status: 'completed',
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'q',
      status: 'completed',
      kind: 'edit',
    });
    expect(harness.since(mark).map(shapeOf)).toEqual(['assistant:tool_use', 'user:tool_result']);
  });

  it('T-12 a Grok meta kind names the tool when the frame has no kind (quirks.toolKindMetaKey)', () => {
    const harness = turnHarness({ backend: seedVendorBackend });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'g',
      title: 'run_terminal_command',
      status: 'in_progress',
      rawInput: { command: 'ls' },
      _meta: { 'x.ai/tool': { kind: 'execute', name: 'run_terminal_command' } },
    });
    expect(harness.linesOf('assistant').at(-1)?.message.content[0].name).toBe('Bash');
  });

  it('T-12 without quirks.toolKindMetaKey a vendor meta kind is not read', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'g',
      title: 'run_terminal_command',
      status: 'completed',
      _meta: { 'x.ai/tool': { kind: 'execute', name: 'run_terminal_command' } },
    });
    expect(harness.linesOf('assistant').at(-1)?.message.content[0].name).toBe(
      'run_terminal_command',
    );
  });

  it('T-32 tool state persists across folded prompts', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'x', kind: 'read', title: 'Read x' });
    harness.user('steer');
    harness.endPrompt();
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'x',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'late' } }],
    });
    expect(toolResults(harness).map((block) => block.content)).toEqual(['late']);
  });

  it('PM-01 an edit that ran with no permission request while the mode asks gives one system warning, at its end', () => {
    const harness = turnHarness();
    for (const id of ['e1', 'e2']) {
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: id,
        kind: 'edit',
        title: 'Edit f',
        status: 'in_progress',
        rawInput: { file_path: '/f', old_string: 'a', new_string: 'b' },
      });
      // codex reports a patch in progress before it asks: no warning yet.
      if (id === 'e1') expect(harness.linesOf('system', 'informational')).toEqual([]);
      harness.update({ sessionUpdate: 'tool_call_update', toolCallId: id, status: 'completed' });
    }
    const warnings = harness.linesOf('system', 'informational');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warning', session_id: 'sess-1' });
  });

  it('no unasked-tool warning in bypassPermissions or for reads', () => {
    const harness = turnHarness({ launch: { permissionMode: 'bypassPermissions' } });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'e',
      kind: 'edit',
      title: 'Edit f',
      status: 'in_progress',
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'r',
      kind: 'read',
      title: 'Read f',
      status: 'in_progress',
    });
    expect(harness.linesOf('system', 'informational')).toEqual([]);
  });

  it('PM-01 no unasked-tool warning for read-only commands (codex ls/echo in its sandbox); a writing command still warns, once', () => {
    const harness = turnHarness();
    const run = (id: string, command: string[]) =>
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: id,
        kind: 'execute',
        title: command.at(-1),
        status: 'completed',
        rawInput: { command, cwd: '/proj' },
      });
    run('c1', ['/bin/bash', '-lc', 'ls -la']);
    run('c2', ['/bin/bash', '-lc', 'echo hi | wc -c && git status']);
    expect(harness.linesOf('system', 'informational')).toEqual([]);
    run('c3', ['/bin/bash', '-lc', 'echo hi > shell.txt']);
    run('c4', ['/bin/bash', '-lc', 'rm -rf build']);
    expect(harness.linesOf('system', 'informational')).toHaveLength(1);
  });
});

describe('tool calls in Claude’s shape', () => {
  const backend = (quirks: Parameters<typeof backendWithQuirks>[0]) => backendWithQuirks(quirks);
  const toolUses = (harness: ReturnType<typeof createHarness>) =>
    harness
      .linesOf('assistant')
      .map((line) => line.message.content[0])
      .filter((block) => block?.type === 'tool_use');

  it('T-06 T-14 claude-agent-acp: a streamed call waits for its whole input; the name comes from _meta.claudeCode', () => {
    const harness = turnHarness({ launch: { permissionPromptTool: 'stdio' } });
    const meta = { claudeCode: { toolName: 'Write' } };
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'toolu_1',
      _meta: meta,
      name: 'Write',
      rawInput: {},
      status: 'pending',
      title: 'Preparing file…',
      kind: 'edit',
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'toolu_1',
      _meta: meta,
      rawInput: { file_path: '/w/notes.md' },
    });
    expect(toolUses(harness)).toEqual([]);
    harness.agent({
      jsonrpc: '2.0',
      id: 3,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: {
          toolCallId: 'toolu_1',
          rawInput: { file_path: '/w/notes.md', content: '# Notes\n' },
          title: 'Write notes.md',
          kind: 'edit',
        },
        options: [{ optionId: 'allow-once', name: 'Yes', kind: 'allow_once' }],
      },
    });
    const input = { file_path: '/w/notes.md', content: '# Notes\n' };
    expect(toolUses(harness)).toEqual([{ type: 'tool_use', id: 'toolu_1', name: 'Write', input }]);
    expect(harness.linesOf('control_request').at(-1)?.request).toMatchObject({
      tool_name: 'Write',
      input,
    });
  });

  it('T-06 a running call is shown once its input is whole; one that never says it runs, at its end', () => {
    const harness = turnHarness();
    // Gemini in autoEdit: running, no content yet; the diff comes with the end.
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'write_file__write_file_1_0',
      status: 'in_progress',
      title: 'Writing to a.txt',
      kind: 'edit',
      content: [],
      locations: [{ path: '/w/a.txt' }],
    });
    expect(toolUses(harness)).toEqual([]);
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'write_file__write_file_1_0',
      status: 'completed',
      content: [{ type: 'diff', path: '/w/a.txt', oldText: '', newText: 'a\n' }],
    });
    expect(toolUses(harness).map(({ name, input }) => ({ name, input }))).toEqual([
      { name: 'Write', input: { file_path: '/w/a.txt', content: 'a\n' } },
    ]);
    // A running shell call with its command is shown at once.
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'c2',
      status: 'in_progress',
      kind: 'execute',
      title: 'ls',
      rawInput: { command: ['/bin/bash', '-lc', 'ls'] },
    });
    expect(toolUses(harness).at(-1)).toMatchObject({ name: 'Bash', input: { command: 'ls' } });
  });

  it('T-14 names: the backend’s _meta tool name (Qwen), the shared table of common ids and titles, Write for a new file', () => {
    const qwen = turnHarness({
      backend: backend({ toolNameMetaKey: 'toolName', toolNameByAgentTool: { edit: 'Edit' } }),
    });
    qwen.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'q',
      status: 'completed',
      title: 'Edit',
      kind: 'edit',
      rawInput: { file_path: '/w/a', old_string: 'a', new_string: 'b' },
      _meta: { toolName: 'edit' },
    });
    const generic = turnHarness();
    const named = (id: string, frame: Record<string, unknown>) => {
      generic.update({ sessionUpdate: 'tool_call', toolCallId: id, status: 'completed', ...frame });
      return toolUses(generic).at(-1);
    };
    expect(toolUses(qwen)[0]).toMatchObject({ name: 'Edit' });
    expect(
      named('s', { title: 'Shell', rawInput: { commands: ['make', 'make test'] } }),
    ).toMatchObject({ name: 'Bash', input: { command: 'make\nmake test' } });
    expect(named('r', { name: 'read_file', rawInput: { path: '/w/a' } })).toMatchObject({
      name: 'Read',
      input: { file_path: '/w/a' },
    });
    expect(
      named('p', {
        kind: 'edit',
        title: 'Edit /w/new.md',
        content: [{ type: 'diff', path: '/w/new.md', newText: 'x' }],
      }),
    ).toMatchObject({ name: 'Write', input: { file_path: '/w/new.md', content: 'x' } });
    // An execute call's title is a command line: `grep …` is still Bash.
    expect(named('g', { kind: 'execute', title: 'grep -r foo .' })).toMatchObject({ name: 'Bash' });
  });

  it('T-40 an ACP plan becomes the TodoWrite tool_use and tool_result the real CLI writes', () => {
    const harness = turnHarness();
    const mark = harness.clientLines.length;
    harness.update({
      sessionUpdate: 'plan',
      entries: [
        { content: 'Write the notes', status: 'in_progress', priority: 'high' },
        { content: 'Review', status: 'pending', priority: 'low' },
        { status: 'pending' },
      ],
    });
    const lines = harness.since(mark);
    expect(lines.map(shapeOf)).toEqual(['assistant:tool_use', 'user:tool_result']);
    const toolUse = lines[0]?.message.content[0];
    expect(toolUse).toMatchObject({
      name: 'TodoWrite',
      input: {
        todos: [
          { content: 'Write the notes', status: 'in_progress' },
          { content: 'Review', status: 'pending' },
        ],
      },
    });
    expect(lines[1]?.message.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: toolUse.id,
      content: expect.stringMatching(/^Todos have been modified successfully\./),
      is_error: false,
    });
  });

  it('T-21 T-30 claude-agent-acp: rawOutput is the tool_result (quirks.rawOutputIsToolResult); toolResponse is tool_use_result', () => {
    const harness = turnHarness({ backend: backend({ rawOutputIsToolResult: true }) });
    const meta = { claudeCode: { toolName: 'Bash' } };
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 't',
      _meta: meta,
      rawInput: { command: 'echo hi' },
      kind: 'execute',
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 't',
      _meta: { claudeCode: { toolName: 'Bash', toolResponse: { stdout: 'hi', stderr: '' } } },
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 't',
      _meta: meta,
      status: 'completed',
      rawOutput: 'hi',
      content: [{ type: 'content', content: { type: 'text', text: '```console\nhi\n```' } }],
    });
    const result = harness.linesOf('user').at(-1);
    expect(result?.message.content[0]).toMatchObject({ content: 'hi', is_error: false });
    expect(result?.tool_use_result).toEqual({ stdout: 'hi', stderr: '' });
  });
});
