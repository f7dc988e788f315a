import { describe, expect, it } from 'vitest';
import { type createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';
import { backendWithQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { turnHarness } from './__fixtures__/tool-call-harness.js';

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
