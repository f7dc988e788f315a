import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPathPattern, normalizePath } from './path-pattern.js';

describe('normalizePath', () => {
  it.each([
    ['/a/./b/../c', '/a/c'],
    ['/a/b/../../..', '/'],
    ['a/../../b', '../b'],
    ['C:\\work\\x', 'C:/work/x'],
    ['', '.'],
  ])('normalises %j to %j', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });

  it('is idempotent and never keeps . or empty segments (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', '.', '..', '', 'c.d'), { maxLength: 8 }),
        fc.boolean(),
        (parts, leadingSlash) => {
          const path = `${leadingSlash ? '/' : ''}${parts.join('/')}`;
          const absolute = path.startsWith('/');
          const normalized = normalizePath(path);
          expect(normalizePath(normalized)).toBe(normalized);
          if (normalized !== '.' && normalized !== '/') {
            expect(normalized.split('/').slice(absolute ? 1 : 0)).not.toContain('.');
            expect(normalized.split('/').slice(absolute ? 1 : 0)).not.toContain('');
          }
        },
      ),
    );
  });
});

describe('matchesPathPattern', () => {
  const context = { cwd: '/p', homeDirectory: '/home/me' };

  it('** spans directories, * and ? stay within one', () => {
    expect(matchesPathPattern('src/**/*.ts', '/p/src/a/b/c.ts', context)).toBe(true);
    expect(matchesPathPattern('src/**/*.ts', '/p/src/c.ts', context)).toBe(true);
    expect(matchesPathPattern('src/*.ts', '/p/src/a/c.ts', context)).toBe(false);
    expect(matchesPathPattern('src/?.ts', '/p/src/a.ts', context)).toBe(true);
    expect(matchesPathPattern('src/?.ts', '/p/src/ab.ts', context)).toBe(false);
  });

  it('regular-expression characters in patterns are literal', () => {
    expect(matchesPathPattern('a+b/(x).ts', '/p/a+b/(x).ts', context)).toBe(true);
    expect(matchesPathPattern('a.b', '/p/aXb', context)).toBe(false);
  });

  it('relative tool paths resolve against the cwd; Windows drive paths are absolute', () => {
    expect(matchesPathPattern('src/**', 'src/x', context)).toBe(true);
    expect(matchesPathPattern('//C:/work/**', 'C:\\work\\x.txt', context)).toBe(true);
  });

  it('a path outside the pattern root never matches, whatever the glob (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('**', '*', 'src/**', '*.ts', 'a/b'),
        fc.string(),
        (pattern, name) => {
          expect(matchesPathPattern(pattern, `/elsewhere/${name}`, context)).toBe(false);
        },
      ),
    );
  });
});
