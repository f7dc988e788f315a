import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedVendorQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import type { OpenObject } from '../json-rpc/agent-schemas.js';
import { toolFrame } from '../json-rpc/session-update-schemas.js';
import { buildToolInput, isInputKnown } from './build-tool-input.js';

describe('buildToolInput', () => {
  it('T-05 a shell call is Bash {command, ...}: the agent’s spellings renamed, its other keys kept', () => {
    const rawInput = { cmd: 'ls -la', cwd: '/w', description: 'List' };
    expect(buildToolInput({ rawInput, title: 'ls -la' }, 'Bash', {})).toEqual({
      command: 'ls -la',
      description: 'List',
      cwd: '/w',
    });
    expect(rawInput).toEqual({ cmd: 'ls -la', cwd: '/w', description: 'List' });
    expect(buildToolInput({ rawInput: { script: 'make' } }, 'Bash', {})).toEqual({
      command: 'make',
    });
  });

  it('T-05 a command given as argv or as a list of commands is still one command line', () => {
    const bash = (rawInput: OpenObject) => buildToolInput({ rawInput }, 'Bash', {}).command;
    expect(bash({ command: ['/bin/bash', '-lc', 'echo hi > shell.txt'] })).toBe(
      'echo hi > shell.txt',
    );
    expect(bash({ command: ['sh', '-c', 'ls | wc -l'] })).toBe('ls | wc -l');
    expect(bash({ command: ['ls', '-la', 'my file', "it's"] })).toBe("ls -la 'my file' 'it'\\''s'");
    expect(bash({ commands: ['npm ci', 'npm test'] })).toBe('npm ci\nnpm test');
    expect(bash({ command: ['ok', 3] })).toEqual(['ok', 3]);
  });

  it('T-05 a file write is Write {file_path, content}, from rawInput or from the diff and location', () => {
    expect(
      buildToolInput({ rawInput: { path: '/w/a.md', contents: '# A\n' } }, 'Write', {}),
    ).toEqual({ file_path: '/w/a.md', content: '# A\n' });
    // Gemini: no rawInput, the permission request's diff and location.
    const diff = { type: 'diff', path: '/w/hello.txt', oldText: '', newText: 'hi\n' } as const;
    expect(
      buildToolInput(
        { title: 'Writing to hello.txt', diff, locations: [{ path: '/w/x' }] },
        'Write',
        {},
      ),
    ).toEqual({ file_path: '/w/hello.txt', content: 'hi\n' });
    expect(buildToolInput({ locations: [{ path: '/w/x' }] }, 'Write', {})).toEqual({
      file_path: '/w/x',
    });
  });

  it('T-05 an edit is Edit {file_path, old_string, new_string}, from rawInput or from the diff', () => {
    expect(
      buildToolInput(
        { rawInput: { path: '/w/a.ts', old_str: 'a', new_str: 'b', replace_all: true } },
        'Edit',
        {},
      ),
    ).toEqual({ file_path: '/w/a.ts', old_string: 'a', new_string: 'b', replace_all: true });
    const diff = { type: 'diff', path: '/w/a.ts', oldText: 'x = 1\n', newText: 'x = 2\n' } as const;
    expect(buildToolInput({ diff }, 'Edit', {})).toEqual({
      file_path: '/w/a.ts',
      old_string: 'x = 1\n',
      new_string: 'x = 2\n',
    });
    // The agent's own strings win over the whole-file diff.
    expect(
      buildToolInput(
        { diff, rawInput: { file_path: '/w/a.ts', old_string: '1', new_string: '2' } },
        'Edit',
        {},
      ),
    ).toEqual({ file_path: '/w/a.ts', old_string: '1', new_string: '2' });
  });

  it('T-05 the backend’s sources come first; @title only where the backend names it', () => {
    const quirks = { toolInputKeys: { Bash: { command: ['@title'], description: ['reason'] } } };
    expect(buildToolInput({ title: 'echo hi' }, 'Bash', quirks)).toEqual({ command: 'echo hi' });
    expect(buildToolInput({ title: 'echo hi' }, 'Bash', {})).toEqual({});
    expect(buildToolInput({ rawInput: { reason: 'why' }, title: 't' }, 'Bash', quirks)).toEqual({
      command: 't',
      description: 'why',
    });
    expect(
      buildToolInput({ rawInput: { target: '/x' } }, 'Delete', {
        toolInputKeys: { Delete: { file_path: ['target'] } },
      }),
    ).toEqual({ file_path: '/x' });
  });

  it('T-05 never adds title or kind; other tools get file_path from the first location only', () => {
    const frame = {
      title: 'Edit a.ts',
      locations: [{ path: '/p/a.ts', line: 3 }, { path: '/p/b' }],
    };
    expect(buildToolInput(frame, 'Delete', {})).toEqual({ file_path: '/p/a.ts' });
    expect(buildToolInput({ ...frame, rawInput: { path: '/x' } }, 'Delete', {})).toEqual({
      path: '/x',
    });
    expect(buildToolInput({ locations: [{ line: 1 }] as never }, 'Read', {})).toEqual({});
    // The edge keeps only an object as `rawInput`.
    expect(buildToolInput(toolFrame.parse({ rawInput: 'text', title: 'x' }), 'Tool', {})).toEqual(
      {},
    );
  });

  it('T-04 with T-15: MCP tools get their unwrapped arguments and nothing else', () => {
    expect(
      buildToolInput(
        {
          title: 'use_tool',
          rawInput: { tool_name: 'unity-ops__uap_x', tool_input: { id: 7 } },
          locations: [{ path: '/w' }],
        },
        'mcp__unity-ops__uap_x',
        seedVendorQuirks,
      ),
    ).toEqual({ id: 7 });
    expect(
      buildToolInput(
        { rawInput: { server: 'blender', tool: 'render', arguments: { frame: 1 } } },
        'mcp__blender__render',
        seedVendorQuirks,
      ),
    ).toEqual({ frame: 1 });
  });

  it('T-06 an input is known once its Claude tool’s required fields are there', () => {
    expect(isInputKnown({ name: 'Write', input: { file_path: '/a' } })).toBe(false);
    expect(isInputKnown({ name: 'Write', input: { file_path: '/a', content: '' } })).toBe(true);
    expect(isInputKnown({ name: 'Bash', input: {} })).toBe(false);
    expect(isInputKnown({ name: 'mcp__a__b', input: {} })).toBe(true);
    expect(isInputKnown({ name: 'constructor', input: {} })).toBe(true);
  });
});

describe('tool input invariants', () => {
  it('T-05 never throws, never mutates rawInput, never invents title or kind (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.constantFrom('Bash', 'Write', 'Edit', 'Read', 'mcp__a__b', 'Tool', '__proto__'),
        (rawInput, locations, toolName) => {
          const before = JSON.stringify(rawInput);
          const input = buildToolInput(
            { ...toolFrame.parse({ rawInput }), locations: locations as never, title: 't' },
            toolName,
            seedVendorQuirks,
          );
          expect(typeof input).toBe('object');
          expect(JSON.stringify(rawInput)).toBe(before);
          const own = (key: string) =>
            typeof rawInput === 'object' && rawInput !== null && key in rawInput;
          if (!own('title')) expect(input).not.toHaveProperty('title');
          if (!own('kind')) expect(input).not.toHaveProperty('kind');
        },
      ),
    );
  });
});
