import { describe, expect, it } from 'vitest';
import { shapeOf } from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import { toolResults, turnHarness } from './__fixtures__/tool-call-harness.js';

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
