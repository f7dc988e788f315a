import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { unwrapMcpArguments } from './map-tool-name.js';

describe('unwrapMcpArguments', () => {
  const envelopes = { mcpArgumentEnvelopes: seedVendorQuirks.mcpArgumentEnvelopes };

  it('T-15 unwraps the Grok envelope', () => {
    expect(
      unwrapMcpArguments(
        'mcp__unity-ops__uap_x',
        { tool_name: 'unity-ops__uap_x', tool_input: { a: 1 } },
        envelopes,
      ),
    ).toEqual({ a: 1 });
  });

  it('T-15 unwraps the Codex envelope', () => {
    expect(
      unwrapMcpArguments(
        'mcp__blender__render',
        { server: 'blender', tool: 'render', arguments: { b: 2 } },
        envelopes,
      ),
    ).toEqual({ b: 2 });
  });

  it('T-15 the envelopes are data: the first matching one wins, none means rawInput as is', () => {
    const raw = { tool: 'render', arguments: { b: 2 }, params: { c: 3 } };
    expect(unwrapMcpArguments('mcp__blender__render', raw, {})).toBe(raw);
    expect(unwrapMcpArguments('mcp__blender__render', raw, { mcpArgumentEnvelopes: [] })).toBe(raw);
    expect(
      unwrapMcpArguments('mcp__blender__render', raw, {
        mcpArgumentEnvelopes: [
          { toolField: 'tool', argumentsField: 'params' },
          { toolField: 'tool', argumentsField: 'arguments' },
        ],
      }),
    ).toEqual({ c: 3 });
  });

  it('T-15 leaves other inputs and non-MCP names alone', () => {
    const raw = { tool_name: 'x', tool_input: { a: 1 } };
    expect(unwrapMcpArguments('Bash', raw, envelopes)).toBe(raw);
    const gemini = { name: 'Cube' };
    expect(unwrapMcpArguments('mcp__unity-ops__uap_x', gemini, envelopes)).toBe(gemini);
    expect(unwrapMcpArguments('mcp__a__b', { tool: 'b', arguments: 'text' }, envelopes)).toEqual({
      tool: 'b',
      arguments: 'text',
    });
    expect(unwrapMcpArguments('mcp__a__b', undefined, envelopes)).toBeUndefined();
  });
});
