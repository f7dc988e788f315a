import { describe, expect, it } from 'vitest';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import { permissionHarness, requestPermission } from './__fixtures__/permission-harness.js';

describe('permissions', () => {
  it('T-10 PM-02 a Gemini permission without a prior tool_call: the name comes from the toolCallId, the input shows what is written', () => {
    const harness = permissionHarness({
      backend: {
        specificationVersion: 'backend-v1',
        id: 'gemini',
        displayName: 'Gemini CLI',
        protocol: 'acp',
        launch: { command: 'gemini', args: [] },
        probe: {},
        env: { forward: [], credentials: [] },
        process: { names: [], exitsOnStdinEof: true },
        hints: {},
        auth: { preferredMethodIds: [] },
        quirks: {
          toolCallIdPattern: '^([a-z_]+)__',
          toolNameByAgentTool: { write_file: 'Write' },
        },
      },
    });
    const mark = harness.clientLines.length;
    requestPermission(harness, 0, {
      toolCallId: 'write_file__write_file_1764000000000_0',
      status: 'pending',
      title: 'Writing to hello.txt',
      content: [
        {
          type: 'diff',
          path: '/proj/hello.txt',
          oldText: '',
          newText: 'hi\n',
          _meta: { kind: 'add' },
        },
      ],
      locations: [{ path: '/proj/hello.txt' }],
      kind: 'edit',
    });
    const lines = harness.since(mark);
    // Claude's Write shape from the diff (T-05): no title, kind or path of the bridge's own.
    const input = { file_path: '/proj/hello.txt', content: 'hi\n' };
    expect(lines[0]?.message.content[0]).toEqual({
      type: 'tool_use',
      id: 'write_file__write_file_1764000000000_0',
      name: 'Write',
      input,
    });
    expect(lines[1]?.request).toMatchObject({ subtype: 'can_use_tool', tool_name: 'Write', input });
  });

  it('seed#71 seed#72 PM-02 a titleless request maps from kind and input; an MCP name is shown as its wire name', () => {
    const harness = permissionHarness({
      launch: { mcpServers: { 'unity-ops': { type: 'http', url: 'http://127.0.0.1:1/mcp' } } },
      backend: seedVendorBackend,
    });
    requestPermission(harness, 5, {
      toolCallId: 'g1',
      kind: 'other',
      title: 'unity-ops__uap_ping',
      rawInput: { variant: 'UseTool', tool_name: 'unity-ops__uap_ping', tool_input: { a: 1 } },
    });
    const request = harness.linesOf('control_request').at(-1)?.request;
    expect(request).toMatchObject({
      tool_name: 'mcp__unity-ops__uap_ping',
      display_name: 'mcp__unity-ops__uap_ping',
      input: { a: 1 },
    });
  });
});
