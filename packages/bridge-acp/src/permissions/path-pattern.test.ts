import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPathPattern } from './path-pattern.js';

describe('path normalisation', () => {
  // A path is normalised before matching: it matches the absolute pattern of its normal form.
  it.each([
    ['/a/./b/../c', '/a/c', '/a/b'],
    ['/a/b/../../..', '/', '/a'],
    ['a/../../b', '/w/b', '/w/x/b'],
    ['C:\\work\\x', '/C:/work/x', '/C:/work/y'],
    ['', '/w/x', '/w/x/y'],
  ])(
    'normalises %j to %j (not %j), relative paths against the cwd /w/x',
    (path, expected, other) => {
      const context = { cwd: '/w/x' };
      expect(matchesPathPattern(`/${expected}`, path, context)).toBe(true);
      expect(matchesPathPattern(`/${other}`, path, context)).toBe(false);
    },
  );

  it('. and empty segments and a/.. detours never change what a path matches (property)', () => {
    const part = fc.constantFrom('a', 'b', 'c.d');
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom('.', '', 'x/..'), { maxLength: 6 }),
        fc.constantFrom('//a/**', '//a/b', '//**/c.d', '*.d', 'b/**', '//a/*/c.d'),
        (parts, noise, pattern) => {
          const path = `/${parts.join('/')}`;
          const noisy = `/${parts.flatMap((segment, index) => [noise[index] ?? '.', segment]).join('/')}`;
          const context = { cwd: '/a' };
          expect(matchesPathPattern(pattern, noisy, context)).toBe(
            matchesPathPattern(pattern, path, context),
          );
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

describe('RU-07 path rules read as gitignore patterns (picomatch)', () => {
  const context = { cwd: '/p', homeDirectory: '/h' };
  it.each([
    // [pattern, path, allow, deny]
    ['./src/**', '/p/src/a/b.ts', true, true],
    ['src/**', '/p/lib/src/a.ts', false, true],
    ['/src/**', '/p/lib/src/a.ts', false, false],
    ['*.env', '/p/a/.env', true, true],
    ['.env', '/p/a/b/.env', true, true],
    ['secrets/', '/p/x/secrets/key', true, true],
    ['secrets/', '/p/secrets', false, false],
    ['src/*.ts', '/p/src/a/b.ts', false, false],
    ['src/**/*.ts', '/p/src/b.ts', true, true],
    ['**/*.pem', '/p/a/b/c.pem', true, true],
    ['//etc/**', '/etc/passwd', true, true],
    ['/etc/**', '/etc/passwd', false, false],
    ['~/.ssh/**', '/h/.ssh/id_rsa', true, true],
    ['~/.ssh/**', '/p/.ssh/id_rsa', false, false],
    ['{a,b}.txt', '/p/a.txt', false, false],
    ['\\*.txt', '/p/*.txt', true, true],
    ['\\*.txt', '/p/a.txt', false, false],
    ['[ab].txt', '/p/b.txt', true, true],
    ['!x', '/p/y', false, true],
    ['#x', '/p/#x', false, true],
    ['./**', '/p/deep/x', true, true],
    ['./**', '/elsewhere/x', false, false],
  ])('RU-07 %s on %s: allow %s, deny %s', (pattern, path, allow, deny) => {
    expect(matchesPathPattern(pattern, path, context, 'allow')).toBe(allow);
    expect(matchesPathPattern(pattern, path, context, 'deny')).toBe(deny);
  });
});
