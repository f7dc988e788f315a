import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { buildToolInput } from './build-tool-input.js';

describe('buildToolInput', () => {
  it('T-04 an edit that writes a new file (empty oldText) carries content when rawInput says nothing else', () => {
    const frame = {
      title: 'Writing to hello.txt',
      kind: 'edit',
      locations: [{ path: '/w/hello.txt' }],
      writtenText: 'hi\n',
    };
    expect(buildToolInput(frame, 'Write')).toEqual({
      title: 'Writing to hello.txt',
      kind: 'edit',
      path: '/w/hello.txt',
      file_path: '/w/hello.txt',
      content: 'hi\n',
    });
    expect(
      buildToolInput({ ...frame, rawInput: { file_path: '/w/a', content: 'own' } }, 'Write'),
    ).toMatchObject({ content: 'own' });
    expect(
      buildToolInput({ ...frame, rawInput: { old_string: 'a', new_string: 'b' } }, 'Edit'),
    ).not.toHaveProperty('content');
    expect(buildToolInput({ ...frame, kind: 'read' }, 'Read')).not.toHaveProperty('content');
  });

  it('T-04 copies rawInput and adds title and kind when absent (scenario 33)', () => {
    const rawInput = { command: 'ls -la' };
    const input = buildToolInput({ title: 'ls -la', kind: 'execute', rawInput }, 'Bash');
    expect(input).toEqual({ command: 'ls -la', title: 'ls -la', kind: 'execute' });
    expect(rawInput).toEqual({ command: 'ls -la' });
  });

  it('T-04 never overwrites the tool’s own title or kind', () => {
    expect(
      buildToolInput(
        { title: 'agent title', kind: 'edit', rawInput: { title: 'mine', kind: 'k' } },
        'Edit',
      ),
    ).toEqual({ title: 'mine', kind: 'k' });
  });

  it('T-04 scenario 34: the first location becomes path and file_path', () => {
    expect(
      buildToolInput(
        {
          title: 'Edit a.ts',
          kind: 'edit',
          locations: [{ path: '/p/a.ts', line: 3 }, { path: '/p/b.ts' }],
        },
        'Edit',
      ),
    ).toEqual({ title: 'Edit a.ts', kind: 'edit', path: '/p/a.ts', file_path: '/p/a.ts' });
  });

  it('T-04 locations are ignored when the input already names a path', () => {
    expect(
      buildToolInput({ rawInput: { path: '/x' }, locations: [{ path: '/y' }] }, 'Read'),
    ).toEqual({ path: '/x' });
    expect(
      buildToolInput({ rawInput: { file_path: '/x' }, locations: [{ path: '/y' }] }, 'Read'),
    ).toEqual({ file_path: '/x' });
    expect(buildToolInput({ locations: [] }, 'Read')).toEqual({});
    expect(buildToolInput({ locations: [{ line: 1 }] as never }, 'Read')).toEqual({});
  });

  it('T-04 with T-15: MCP tools get their unwrapped arguments (Grok and Codex envelopes)', () => {
    expect(
      buildToolInput(
        { title: 'use_tool', rawInput: { tool_name: 'unity-ops__uap_x', tool_input: { id: 7 } } },
        'mcp__unity-ops__uap_x',
        seedVendorQuirks.mcpArgumentEnvelopes,
      ),
    ).toEqual({ id: 7, title: 'use_tool' });
    expect(
      buildToolInput(
        {
          kind: 'execute',
          rawInput: { server: 'blender', tool: 'render', arguments: { frame: 1 } },
        },
        'mcp__blender__render',
        seedVendorQuirks.mcpArgumentEnvelopes,
      ),
    ).toEqual({ frame: 1, kind: 'execute' });
  });

  it('T-04 non-object rawInput gives an input of only the added fields', () => {
    expect(buildToolInput({ rawInput: 'text', title: '' }, 'Tool')).toEqual({});
    expect(buildToolInput({ rawInput: [1, 2], kind: 'other' }, 'Tool')).toEqual({ kind: 'other' });
  });
});

describe('tool input invariants', () => {
  it('T-04 never throws and never mutates rawInput (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.constantFrom('Bash', 'mcp__a__b', 'Tool'),
        (rawInput, locations, toolName) => {
          const before = JSON.stringify(rawInput);
          const input = buildToolInput(
            { rawInput, locations: locations as never, title: 't', kind: 'k' },
            toolName,
          );
          expect(typeof input).toBe('object');
          expect(JSON.stringify(rawInput)).toBe(before);
        },
      ),
    );
  });
});
