import type { BackendQuirks } from '@agentbridge/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { toolFrame } from '../json-rpc/session-update-schemas.js';
import { mapToolName, type ToolNameFrame } from './map-tool-name.js';

const context = { mcpServerNames: ['unity-ops', 'blender'] };
const map = (frame: ToolNameFrame, quirks?: BackendQuirks): string =>
  mapToolName(frame, quirks === undefined ? context : { ...context, quirks });

/** The agent tool a `toolCallId` names, read through `toolNameByAgentTool` (`Tool` when none). */
const agentToolFromId = (toolCallId: string | undefined, pattern: string): string | undefined => {
  const agentTool = toolCallId?.split('__')[0] ?? 'x';
  const quirks = { toolCallIdPattern: pattern, toolNameByAgentTool: { [agentTool]: 'Named' } };
  const name = map({ kind: 'other', ...(toolCallId !== undefined ? { toolCallId } : {}) }, quirks);
  return name === 'Named' ? agentTool : undefined;
};

describe('mapToolName', () => {
  it('T-10 quirks.toolCallIdPattern: the agent tool name inside a Gemini toolCallId maps through toolNameByAgentTool', () => {
    const quirks: BackendQuirks = {
      toolCallIdPattern: '^([a-z_]+)__',
      toolNameByAgentTool: { write_file: 'Write' },
    };
    const frame = {
      kind: 'edit',
      title: 'Writing to hello.txt',
      toolCallId: 'write_file__write_file_1764000000000_0',
    };
    expect(map(frame, quirks)).toBe('Write');
    // Without the quirk the id means nothing: the kind decides.
    expect(map(frame, { toolNameByAgentTool: { write_file: 'Write' } })).toBe('Edit');
    // An unknown agent tool falls through to the kind.
    expect(map({ ...frame, toolCallId: 'mystery__mystery_1_0' }, quirks)).toBe('Edit');
  });

  it('T-10 the toolCallId pattern reads capture group 1 and never throws on a bad pattern', () => {
    expect(agentToolFromId('run_shell_command__run_shell_command_1_0', '^([a-z_]+)__')).toBe(
      'run_shell_command',
    );
    expect(agentToolFromId('call_1', '^([a-z_]+)__')).toBeUndefined();
    expect(agentToolFromId('x__y', '([')).toBeUndefined();
    expect(agentToolFromId(undefined, '^([a-z_]+)__')).toBeUndefined();
  });

  it.each([
    ['read', 'Read'],
    ['edit', 'Edit'],
    ['delete', 'Delete'],
    ['move', 'Move'],
    ['search', 'Search'],
    ['execute', 'Bash'],
    ['fetch', 'WebFetch'],
    ['think', 'Think'],
  ])('T-10 scenario 64: kind %s maps to %s', (kind, name) => {
    expect(map({ kind, title: 'anything' })).toBe(name);
  });

  it('T-10 scenario 64: kind other, missing or unknown with a letters-only title is Tool', () => {
    expect(map({ kind: 'other', title: 'anything' })).toBe('Tool');
    expect(map({ title: 'anything' })).toBe('Tool');
    expect(map({ kind: 'switch_mode' })).toBe('Tool');
    expect(map({})).toBe('Tool');
  });

  it('T-10 scenario 65: an MCP tool in rawInput.tool wins over the kind', () => {
    expect(
      map({
        kind: 'execute',
        title: 'x',
        rawInput: { server: 'unity-ops', tool: 'uap_property_set' },
      }),
    ).toBe('mcp__unity-ops__uap_property_set');
    expect(map({ kind: 'execute', rawInput: { tool: 'unity-ops__uap_property_set' } })).toBe(
      'mcp__unity-ops__uap_property_set',
    );
  });

  it('T-10 scenario 45: a Gemini title names the configured server (quirks.mcpTitleSuffixPattern)', () => {
    const quirks = { mcpTitleSuffixPattern: seedVendorQuirks.mcpTitleSuffixPattern };
    expect(
      map(
        {
          kind: 'other',
          title: 'uap_scene_create_object (unity-ops MCP Server)',
          rawInput: { name: 'Cube' },
        },
        quirks,
      ),
    ).toBe('mcp__unity-ops__uap_scene_create_object');
    expect(map({ kind: 'other', title: 'render (blender MCP Server)' }, quirks)).toBe(
      'mcp__blender__render',
    );
    // Without the quirk the suffix attributes nothing: the title is only a title.
    expect(map({ kind: 'other', title: 'render (blender MCP Server)' })).toBe(
      'render (blender MCP Server)',
    );
  });

  it('T-10 scenario 68: a shell command mentioning an MCP tool stays Bash', () => {
    expect(
      map({
        kind: 'execute',
        title: 'mcp__unity-ops__uap_ping',
        rawInput: { command: 'echo mcp__unity-ops__uap_ping' },
      }),
    ).toBe('Bash');
    expect(
      map({
        kind: 'execute',
        title: 'run',
        rawInput: { command: 'ls', tool: 'unity-ops__uap_ping', server: 'unity-ops' },
      }),
    ).toBe('Bash');
    expect(map({ title: 'unity-ops__uap_ping', rawInput: { script: 'x' } })).not.toMatch(/^mcp__/);
  });

  it('T-10 scenario 69: a tool on another server keeps its own server name', () => {
    expect(
      map({ kind: 'execute', rawInput: { server: 'evil', tool: 'uap_ping', arguments: {} } }),
    ).toBe('mcp__evil__uap_ping');
  });

  it('T-10 rule 3: a server named in rawInput must be configured for a bare tool value', () => {
    expect(map({ rawInput: { server: 'blender', tool_name: 'render' } })).toBe(
      'mcp__blender__render',
    );
    expect(map({ rawInput: { tool_name: 'render' } })).toBe('Tool');
    expect(map({ rawInput: { server: 'elsewhere', toolName: 'unity-ops__uap_ping' } })).toBe(
      'Tool',
    );
    expect(map({ rawInput: { toolName: 'mcp__blender__render' } })).toBe('mcp__blender__render');
  });

  it('T-10 rule 3: rawInput.name is never read as a tool id', () => {
    expect(map({ kind: 'other', rawInput: { name: 'unity-ops__uap_ping' } })).toBe('Tool');
  });

  it('T-10 the ACP name field is read as a whole-value tool id', () => {
    expect(map({ kind: 'other', title: 'Render', name: 'blender__render' })).toBe(
      'mcp__blender__render',
    );
  });

  it('T-10 execute titles are command lines, never tool ids (Codex)', () => {
    expect(map({ kind: 'execute', title: 'mcp.unity-ops.uap_ping' })).toBe('Bash');
  });

  it('T-10 scenario 71: Grok use_tool frame 1 (no kind) maps from tool_name', () => {
    const frame = {
      title: 'use_tool',
      rawInput: { tool_name: 'unity-ops__uap_x', tool_input: { path: 'a' } },
      metaKind: 'use_tool',
    };
    expect(map(frame)).toBe('mcp__unity-ops__uap_x');
  });

  it('T-10 scenario 72: a Grok permission request without a prior tool_call maps from its title', () => {
    expect(
      map({
        kind: 'other',
        title: 'unity-ops__uap_x',
        rawInput: { variant: 'UseTool', tool_name: 'unity-ops__uap_x', tool_input: {} },
      }),
    ).toBe('mcp__unity-ops__uap_x');
  });

  it('T-12 scenario 73: Grok own tools show their title, X search is Search, meta kind execute is Bash', () => {
    expect(map({ title: 'search_tool', metaKind: 'search_tool' })).toBe('search_tool');
    expect(map({ kind: 'search', title: 'X search:', rawInput: { variant: 'XSearch' } })).toBe(
      'Search',
    );
    expect(
      map({
        title: 'run_terminal_command',
        metaKind: 'execute',
        rawInput: { command: 'ls', description: 'list' },
      }),
    ).toBe('Bash');
  });

  it('T-12 the meta kind only stands in for a missing kind', () => {
    expect(map({ kind: 'read', metaKind: 'execute' })).toBe('Read');
    expect(map({ title: 'x y', metaKind: 'use_tool' })).toBe('x y');
  });

  it('T-10 scenario 74: a Codex MCP call maps to the wire name; a title-less permission keeps it', () => {
    const frame = {
      kind: 'execute',
      title: 'mcp.unity-ops.uap_ping',
      rawInput: { server: 'unity-ops', tool: 'uap_ping', arguments: { verbose: true } },
    };
    expect(map(frame)).toBe('mcp__unity-ops__uap_ping');
    expect(map({ kind: 'execute' })).toBe('Bash');
  });

  it('T-10 scenario 75: a Codex exec command stays Bash; another MCP server is not Bash', () => {
    expect(
      map({ kind: 'execute', title: 'ls -la', rawInput: { command: 'ls -la', cwd: '/p' } }),
    ).toBe('Bash');
    expect(
      map({
        kind: 'execute',
        title: 'mcp.blender.render',
        rawInput: { server: 'blender', tool: 'render' },
      }),
    ).toBe('mcp__blender__render');
  });

  it('T-10 backend quirks: agent tool names first, then kind overrides', () => {
    const quirks: BackendQuirks = {
      toolNameByAgentTool: { run_shell_command: 'Bash', write_file: 'Write' },
      toolNameByKind: { search: 'Grep' },
    };
    expect(map({ kind: 'execute', title: 'run_shell_command ls' }, quirks)).toBe('Bash');
    expect(map({ kind: 'edit', title: 'write_file a.txt' }, quirks)).toBe('Write');
    expect(map({ kind: 'other', name: 'write_file' }, quirks)).toBe('Write');
    expect(map({ kind: 'search', title: 'grep foo' }, quirks)).toBe('Grep');
    expect(map({ kind: 'read', title: 'constructor x' }, quirks)).toBe('Read');
    expect(map({ kind: 'toString', title: '__proto__' }, quirks)).toBe('__proto__');
  });

  it('T-13 never returns a bare Claude tool name from an agent title (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            'Write',
            'Bash',
            'Task',
            'Read',
            ' Edit ',
            'AskUserQuestion\nmore',
            'mcp__x__y',
          ),
          fc.string(),
        ),
        fc.option(fc.constantFrom('other', 'unknown', 'switch_mode'), { nil: undefined }),
        (title, kind) => {
          const name = mapToolName(
            { title, ...(kind !== undefined ? { kind } : {}) },
            {
              mcpServerNames: [],
            },
          );
          expect(name === 'Tool' || !/^[A-Za-z]+$/.test(name)).toBe(true);
          expect(name.toLowerCase().startsWith('mcp__')).toBe(false);
        },
      ),
    );
  });
});

describe('mapToolName invariants', () => {
  it('T-10 never throws on frames built from any JSON (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.jsonValue(),
        fc.jsonValue(),
        (kind, title, rawInput, name) => {
          // As a run builds it: the frame parsed at the edge (a `kind` of the agent's own kept).
          const parsed = toolFrame.parse({ kind, title, rawInput, name });
          const frame = { ...parsed, metaKind: parsed.kind };
          const mapped = mapToolName(frame, context);
          expect(typeof mapped).toBe('string');
          expect(mapped).not.toBe('');
        },
      ),
    );
  });
});
