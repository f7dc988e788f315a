import { describe, expect, it } from 'vitest';
import type { Line } from '../__fixtures__/bridge-harness.js';
import { png, toolResults, turnHarness } from './__fixtures__/tool-call-harness.js';

describe('tool calls', () => {
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

  /** The `tool_result` content of a call that completes with `update`'s `rawOutput`/`content`. */
  function resultOf(update: Line) {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'tool_call', toolCallId: 'm', kind: 'other', title: 'x y' });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'm',
      status: 'completed',
      ...update,
    });
    return toolResults(harness)[0]?.content;
  }
  const text = (value: string) => ({ type: 'text', text: value });
  const mcpResult = (...content: Line[]) => ({ rawOutput: { result: { content } } });

  it('seed#36 T-21 a text-only MCP-result rawOutput is the plain text', () => {
    expect(resultOf(mcpResult(text('pong')))).toBe('pong');
  });

  it('seed#37 T-21 several text blocks join with newlines', () => {
    expect(resultOf(mcpResult(text('a'), text('b')))).toBe('a\nb');
  });

  it('seed#40 T-21 other rawOutput shapes keep the stringify fallback', () => {
    expect(resultOf({ rawOutput: { ok: true, n: 2 } })).toBe('{"ok":true,"n":2}');
  });

  it('seed#41 T-21 a string rawOutput is used verbatim', () => {
    expect(resultOf({ rawOutput: 'done.' })).toBe('done.');
  });

  it('seed#42 T-21 an MCP result with empty content falls back to stringify', () => {
    expect(resultOf(mcpResult())).toBe('{"result":{"content":[]}}');
  });

  it('seed#43 T-21 rawOutput is ignored when content already produced output', () => {
    expect(
      resultOf({
        content: [{ type: 'content', content: text('from content') }],
        rawOutput: 'from raw',
      }),
    ).toBe('from content');
  });

  it('seed#38 seed#39 T-22 images are capped at 4 and oversized payloads become [image] text', () => {
    const big = 'A'.repeat(8 * 1024 * 1024 + 1);
    const images = [png, png, png, png, png, big].map((data) => ({
      type: 'image',
      data,
      mimeType: 'image/png',
    }));
    const content = resultOf(mcpResult(...images)) as Line[];
    expect(content.filter((block) => block.type === 'image')).toHaveLength(4);
    expect(content.find((block) => block.type === 'text')?.text.match(/\[image\]/g)).toHaveLength(
      2,
    );
    expect(JSON.stringify(content)).not.toContain(big);
  });
});
