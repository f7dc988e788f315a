import { describe, expect, it } from 'vitest';
import { createHarness, type Line, shapeOf } from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';

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
      input: { command: 'ls -la', title: 'ls -la', kind: 'execute' },
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
    expect(toolUse).toMatchObject({
      name: 'Edit',
      input: { file_path: '/proj/a.cs', path: '/proj/a.cs' },
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
    expect(lines.map(shapeOf)).toEqual(['user:tool_result', 'result/success']);
    expect(lines[0]?.message.content[0]).toMatchObject({
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

  it('the agent running an edit with no permission request while the mode asks gives one system warning', () => {
    const harness = turnHarness();
    for (const id of ['e1', 'e2']) {
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: id,
        kind: 'edit',
        title: 'Edit f',
        status: 'in_progress',
      });
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
        status: 'in_progress',
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
