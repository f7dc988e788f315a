import { describe, expect, it } from 'vitest';
import type { Harness, Line } from '../__fixtures__/bridge-harness.js';
import { backendWithQuirks, seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { mapToolName, rawInputFromContent } from '../tools/map-tool-name.js';
import { sdkSession } from './__fixtures__/mcp-harness.js';

const options = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

/** Gemini CLI's and codex-acp's quirks for MCP calls (their manifests hold the same data). */
const quirks = {
  ...seedVendorQuirks,
  rawInputFromContentJson: true,
  mcpApprovalInput: {
    textPath: 'request.message',
    pattern: '^Allow the (.+) MCP server to run tool "(.+)"\\?',
    argumentsPath: 'request._meta.tool_params',
  },
};

function askPermission(harness: Harness, toolCall: Line): Line | undefined {
  harness.agent({
    jsonrpc: '2.0',
    id: 9,
    method: 'session/request_permission',
    params: { sessionId: 'sess-1', toolCall, options },
  });
  return harness.clientLines.find((line) => line.request?.subtype === 'can_use_tool')?.request;
}

const toolUses = (harness: Harness) =>
  harness.clientLines
    .filter((line) => line.type === 'assistant')
    .flatMap((line) => line.message.content)
    .filter((block: Line) => block.type === 'tool_use');

describe('MCP tool names as Claude shows them', () => {
  it('MCP-04 Gemini CLI: the title names the tool, the JSON content is its input; can_use_tool says the server', () => {
    const harness = sdkSession({ backend: backendWithQuirks(quirks) });
    harness.user('add');
    const request = askPermission(harness, {
      toolCallId: 'mcp_calc_add__mcp_calc_add_1_0',
      kind: 'other',
      status: 'pending',
      title: 'add (calc MCP Server)',
      content: [{ type: 'content', content: { type: 'text', text: '{"a":2,"b":3}' } }],
    });
    expect(request).toMatchObject({
      tool_name: 'mcp__calc__add',
      display_name: 'mcp__calc__add',
      input: { a: 2, b: 3 },
      mcp_server: { name: 'calc', source: 'sdk' },
    });
    expect(toolUses(harness)).toEqual([
      expect.objectContaining({ name: 'mcp__calc__add', input: { a: 2, b: 3 } }),
    ]);
  });

  it('MCP-04 codex-acp: the approval names server and tool in its message; the call that follows keeps the name', () => {
    const harness = sdkSession({ backend: backendWithQuirks(quirks) });
    harness.user('add');
    const request = askPermission(harness, {
      toolCallId: 'call_1',
      status: 'pending',
      title: 'Approve MCP tool call',
      rawInput: {
        server_name: 'calc',
        request: {
          message: 'Allow the calc MCP server to run tool "add"?',
          _meta: { codex_approval_kind: 'mcp_tool_call', tool_params: { a: 2, b: 3 } },
        },
      },
    });
    expect(request).toMatchObject({
      tool_name: 'mcp__calc__add',
      input: { a: 2, b: 3 },
      mcp_server: { name: 'calc', source: 'sdk' },
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'Tool: calc/add',
      status: 'completed',
      rawInput: { server: 'calc', tool: 'add', arguments: { a: 2, b: 3 } },
    });
    expect(toolUses(harness).map((block: Line) => block.name)).toEqual(['mcp__calc__add']);
  });

  it('MCP-04 Qwen Code: the `_meta` tool name names it, though the permission is titled with the arguments', () => {
    const harness = sdkSession({ backend: backendWithQuirks({ toolNameMetaKey: 'toolName' }) });
    harness.user('add');
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      status: 'pending',
      title: 'add (calc MCP Server)',
      kind: 'other',
      rawInput: {},
      _meta: { toolName: 'mcp__calc__add', provenance: 'mcp', serverId: 'calc' },
    });
    const request = askPermission(harness, {
      toolCallId: 'call_1',
      status: 'pending',
      title: '{"a":2,"b":3}',
      kind: 'other',
      rawInput: { a: 2, b: 3 },
      _meta: { toolName: 'mcp__calc__add' },
    });
    expect(request).toMatchObject({
      tool_name: 'mcp__calc__add',
      input: { a: 2, b: 3 },
      mcp_server: { name: 'calc', source: 'sdk' },
    });
    expect(toolUses(harness)).toEqual([
      expect.objectContaining({ name: 'mcp__calc__add', input: { a: 2, b: 3 } }),
    ]);
  });

  it('MCP-04 a configured server’s tool is of source dynamic; the bridge’s own tool is never asked about', () => {
    const harness = sdkSession({
      backend: backendWithQuirks(quirks),
      launch: { mcpServers: { fs: { type: 'http', url: 'http://fs.example/mcp' } } },
      jsonSchema: { type: 'object' },
    });
    harness.user('go');
    const request = askPermission(harness, { toolCallId: 'c-1', title: 'read (fs MCP Server)' });
    expect(request?.mcp_server).toEqual({ name: 'fs', source: 'dynamic' });
    harness.agent({
      jsonrpc: '2.0',
      id: 10,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: 'c-2', title: 'StructuredOutput (agentbridge MCP Server)' },
        options,
      },
    });
    expect(harness.toAgentLines.find((line) => line.id === 10)?.result).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
    expect(toolUses(harness).map((block: Line) => block.name)).toEqual([
      'mcp__fs__read',
      'StructuredOutput',
    ]);
  });

  it('MCP-04 the approval quirk needs both names; a content that is not one JSON object is no input', () => {
    const context = { mcpServerNames: ['calc'], quirks };
    const approval = (message: string) => ({ rawInput: { request: { message } } });
    expect(mapToolName(approval('Allow the calc MCP server to run tool "add"?'), context)).toBe(
      'mcp__calc__add',
    );
    expect(mapToolName(approval('Allow it?'), context)).not.toMatch(/^mcp__/);
    const text = (value: string) => [{ type: 'content', content: { type: 'text', text: value } }];
    expect(rawInputFromContent(text('{"a":1}'))).toEqual({ a: 1 });
    expect(rawInputFromContent(text('[1]'))).toBeUndefined();
    expect(rawInputFromContent(text('{oops'))).toBeUndefined();
    expect(rawInputFromContent([...text('{}'), ...text('{}')])).toBeUndefined();
  });
});
