import { describe, expect, it } from 'vitest';
import { cwd, matchesPermissionRule } from './__fixtures__/match-permission-rule.js';

describe('matchesPermissionRule', () => {
  it('path rules follow Claude Code: ./ and bare are cwd-relative, // absolute, ~ home', () => {
    const options = { cwd, homeDirectory: '/home/me' };
    expect(
      matchesPermissionRule('Read(./src/**)', 'Read', { file_path: `${cwd}/src/a/b.ts` }, options),
    ).toBe(true);
    expect(matchesPermissionRule('Read(src/**)', 'Read', { file_path: 'src/x.ts' }, options)).toBe(
      true,
    );
    expect(
      matchesPermissionRule('Read(./src/**)', 'Read', { file_path: `${cwd}/lib/b.ts` }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(//etc/**)', 'Read', { file_path: '/etc/passwd' }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(/etc/**)', 'Read', { file_path: '/etc/passwd' }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(~/.ssh/**)', 'Read', { file_path: '/home/me/.ssh/id' }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./src/*.ts)', 'Write', { file_path: `${cwd}/src/a.ts` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule(
        'Edit(./src/*.ts)',
        'Write',
        { file_path: `${cwd}/src/d/a.ts` },
        options,
      ),
    ).toBe(false);
  });

  it('path rules: a slash-free pattern matches at any depth; a directory covers its contents', () => {
    const options = { cwd };
    // gitignore's `*` also matches a leading dot, so `*.env` covers `.env` files.
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/b/.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/env.txt` }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule('Read(*.env)', 'Read', { file_path: `${cwd}/a/prod.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Read(.env)', 'Read', { file_path: `${cwd}/x/.env` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./docs)', 'Edit', { file_path: `${cwd}/docs/a/b.md` }, options),
    ).toBe(true);
    expect(
      matchesPermissionRule('Edit(./docs/)', 'Edit', { file_path: `${cwd}/docs/x.md` }, options),
    ).toBe(true);
  });

  it('path rules resolve .. and never escape by it', () => {
    const options = { cwd };
    expect(
      matchesPermissionRule(
        'Edit(./src/**)',
        'Edit',
        { file_path: `${cwd}/src/../secret.txt` },
        options,
      ),
    ).toBe(false);
    // RU-07: Claude Code asks under an allow rule through `..`; a deny rule resolves it.
    expect(
      matchesPermissionRule('Read(../other/**)', 'Read', { path: '/home/me/other/x' }, options),
    ).toBe(false);
    expect(
      matchesPermissionRule(
        'Read(../other/**)',
        'Read',
        { path: '/home/me/other/x' },
        {
          ...options,
          purpose: 'deny',
        },
      ),
    ).toBe(true);
  });

  it('path rules need a cwd for relative patterns and a path in the input', () => {
    expect(matchesPermissionRule('Read(./src/**)', 'Read', { file_path: '/p/src/a' })).toBe(false);
    expect(matchesPermissionRule('Read(./src/**)', 'Read', {}, { cwd })).toBe(false);
    expect(matchesPermissionRule('Read(~/x)', 'Read', { file_path: '/home/me/x' }, { cwd })).toBe(
      false,
    );
  });
});
