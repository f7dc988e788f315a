import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { mapToolName, type ToolNameFrame, toolMetaKind } from './map-tool-name.js';

/** The name an agent title alone gives (T-13): no kind, no MCP server, `Tool` when refused. */
const agentTitleAsToolName = (title: string | null | undefined): string | undefined => {
  const name = mapToolName({ title } as ToolNameFrame, { mcpServerNames: [] });
  return name === 'Tool' ? undefined : name;
};

describe('agentTitleAsToolName', () => {
  it.each([
    ['Write'],
    ['Bash'],
    ['Task'],
    ['AskUserQuestion'],
    ['Imagine'],
    ['mcp__unity-ops__uap_ping'],
    ['MCP__x'],
    [''],
    ['   '],
    ['\nWrite'],
  ])('T-13 scenario 70: refuses %j', (title) => {
    expect(agentTitleAsToolName(title)).toBeUndefined();
  });

  it.each([
    ['search_tool', 'search_tool'],
    ['X search:', 'X search:'],
    ['Generate image', 'Generate image'],
    ['  Generate image\nsecond line', 'Generate image'],
  ])('T-13 scenario 70: accepts %j as %j', (title, expected) => {
    expect(agentTitleAsToolName(title)).toBe(expected);
  });

  it('T-13 truncates to 48 characters (45 + ...)', () => {
    const long = `x ${'a'.repeat(60)}`;
    const name = agentTitleAsToolName(long);
    expect(name).toHaveLength(48);
    expect(name?.endsWith('...')).toBe(true);
    expect(agentTitleAsToolName(`y ${'b'.repeat(46)}`)).toHaveLength(48);
  });

  it('T-13 non-strings are refused', () => {
    expect(agentTitleAsToolName(undefined)).toBeUndefined();
    expect(agentTitleAsToolName(null)).toBeUndefined();
  });
});

describe('toolMetaKind', () => {
  it('T-12 reads _meta[quirks.toolKindMetaKey].kind only when it is an ACP kind (Grok "x.ai/tool")', () => {
    const key = seedVendorQuirks.toolKindMetaKey;
    expect(
      toolMetaKind({ 'x.ai/tool': { kind: 'execute', name: 'run_terminal_command' } }, key),
    ).toBe('execute');
    expect(toolMetaKind({ 'x.ai/tool': { kind: 'use_tool' } }, key)).toBeUndefined();
    expect(toolMetaKind({ 'x.ai/tool': { kind: 'search_tool' } }, key)).toBeUndefined();
    expect(toolMetaKind({ 'x.ai/tool': { kind: 'toString' } }, key)).toBeUndefined();
    expect(toolMetaKind({ 'x.ai/tool': { kind: 'execute' } }, 'other/tool')).toBeUndefined();
    expect(toolMetaKind({ toString: { kind: 'execute' } }, 'toString')).toBe('execute');
    expect(toolMetaKind({}, 'toString')).toBeUndefined();
    expect(toolMetaKind(undefined, key)).toBeUndefined();
  });

  it('T-12 without quirks.toolKindMetaKey no _meta is read', () => {
    expect(toolMetaKind({ 'x.ai/tool': { kind: 'execute' } }, undefined)).toBeUndefined();
  });
});
