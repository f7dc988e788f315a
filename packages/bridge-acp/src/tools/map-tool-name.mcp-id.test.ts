import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { isMcpIdSegment, mapToolName, parseMcpToolId } from './map-tool-name.js';

const servers = ['unity-ops', 'blender'];
const title = {
  allowTrailingText: true,
  titleSuffixPattern: seedVendorQuirks.mcpTitleSuffixPattern,
} as const;
const whole = { allowTrailingText: false } as const;

describe('parseMcpToolId', () => {
  it.each([
    ['mcp__unity-ops__uap_ping', 'unity-ops', 'uap_ping'],
    ['mcp.unity-ops.uap_ping', 'unity-ops', 'uap_ping'],
    ['unity-ops__uap_ping', 'unity-ops', 'uap_ping'],
    ['uap_x (unity-ops MCP Server)', 'unity-ops', 'uap_x'],
    ['mcp__blender__render', 'blender', 'render'],
    ['blender__render_scene', 'blender', 'render_scene'],
    ['render (blender MCP Server)', 'blender', 'render'],
    ['  mcp.blender.render  ', 'blender', 'render'],
    ['mcp__unity-ops__uap_ping now please', 'unity-ops', 'uap_ping'],
  ])('T-11 scenario 66: accepts the leading tool id %j', (text, server, tool) => {
    expect(parseMcpToolId(text, servers, title)).toEqual({ server, tool });
  });

  it.each([
    'other-server__uap_ping',
    'mcp.other.uap_ping',
    'mcp__other__uap_ping',
    'Call uap_x now',
    'Search tools: "uap_ping"',
    'uap_ping;rm',
    'mcp__unity-ops__uap_ping;rm',
    'xuap_no',
    'uap_',
    'uap_x',
    'unity-ops__',
    'mcp__unity-ops__',
    'uap_x (other MCP Server)',
    'uap_x (unity-ops MCP Server) trailing',
    '',
    '   ',
  ])('T-11 scenario 66: rejects %j', (text) => {
    expect(parseMcpToolId(text, servers, title)).toBeUndefined();
  });

  it('T-11 scenario 67: whole-value mode rejects trailing text', () => {
    expect(parseMcpToolId('unity-ops__uap_ping and more', servers, whole)).toBeUndefined();
    expect(parseMcpToolId('uap_x (unity-ops MCP Server)', servers, whole)).toBeUndefined();
    expect(parseMcpToolId('unity-ops__uap_ping', servers, whole)).toEqual({
      server: 'unity-ops',
      tool: 'uap_ping',
    });
  });

  it('T-11 the title suffix naming the server is data (quirks.mcpTitleSuffixPattern)', () => {
    const text = 'uap_x (unity-ops MCP Server)';
    expect(parseMcpToolId(text, servers, { allowTrailingText: true })).toBeUndefined();
    const bracketed = { allowTrailingText: true, titleSuffixPattern: '^\\[(.+)\\]$' };
    expect(parseMcpToolId('uap_x [unity-ops]', servers, bracketed)).toEqual({
      server: 'unity-ops',
      tool: 'uap_x',
    });
    expect(parseMcpToolId('uap_x [other]', servers, bracketed)).toBeUndefined();
    expect(parseMcpToolId(text, servers, bracketed)).toBeUndefined();
    // An invalid pattern (an unchecked override) attributes nothing instead of throwing.
    expect(
      parseMcpToolId(text, servers, { allowTrailingText: true, titleSuffixPattern: '(' }),
    ).toBeUndefined();
    expect(
      parseMcpToolId('uap_x [unity-ops]', servers, { ...bracketed, allowTrailingText: false }),
    ).toBeUndefined();
  });

  it('T-11 no configured server means no MCP tool', () => {
    expect(parseMcpToolId('mcp__unity-ops__uap_ping', [], title)).toBeUndefined();
  });

  it('T-11 the longest configured server name wins an overlap', () => {
    expect(parseMcpToolId('mcp__a__b__c', ['a', 'a__b'], whole)).toEqual({
      server: 'a__b',
      tool: 'c',
    });
  });

  it('T-11 whole-value mode never accepts a string containing whitespace (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(' ', '\t', '\n', '\u00a0'),
        fc.string(),
        (before, space, after) => {
          const text = `mcp__unity-ops__${before}${space}${after}`;
          const inner = `${before}${space}${after}`.trim();
          fc.pre(/\s/.test(inner));
          expect(parseMcpToolId(text, servers, whole)).toBeUndefined();
        },
      ),
    );
  });

  it('T-11 an accepted id is attributable: its server is configured, its tool a plain segment (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .constantFrom('mcp__', 'mcp.', 'unity-ops__', 'blender__')
            .chain((prefix) => fc.string().map((rest) => prefix + rest)),
        ),
        fc.boolean(),
        (text, allowTrailingText) => {
          const parsed = parseMcpToolId(text, servers, { allowTrailingText });
          if (parsed !== undefined) {
            expect(servers).toContain(parsed.server);
            expect(parsed.tool).toMatch(/^[A-Za-z0-9_-]+$/);
          }
        },
      ),
    );
  });
});

describe('isMcpIdSegment and the MCP wire name', () => {
  it('T-10 segments are non-empty [A-Za-z0-9_.-] without a double underscore', () => {
    expect(isMcpIdSegment('blender')).toBe(true);
    expect(isMcpIdSegment('my.server-1')).toBe(true);
    expect(isMcpIdSegment('a__b')).toBe(false);
    expect(isMcpIdSegment('')).toBe(false);
    expect(isMcpIdSegment('a b')).toBe(false);
    expect(isMcpIdSegment(3)).toBe(false);
  });

  it('T-10 the wire name is mcp__<server>__<tool>', () => {
    const frame = { rawInput: { server: 'unity-ops', tool: 'uap_ping' } };
    expect(mapToolName(frame, { mcpServerNames: [] })).toBe('mcp__unity-ops__uap_ping');
  });
});
