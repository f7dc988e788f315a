import { describe, expect, it } from 'vitest';
import { formatArgvNotes, parseCommandLine } from './parse-command-line.js';

const booleans = ['--bare', '--safe-mode', '--brief', '--disable-slash-commands', '--restricted'];

describe('claude flag arity', () => {
  it.each(booleans)('CL-01: %s does not eat the prompt and is noted', (flag) => {
    const commandLine = parseCommandLine(['-p', flag, 'hello there']);
    expect(commandLine.prompt).toBe('hello there');
    expect(commandLine.unsupportedFlags).toEqual([flag.slice(2)]);
    expect(formatArgvNotes(commandLine).join('')).toContain(
      `--${flag.slice(2)} cannot be honoured`,
    );
  });

  it('CL-02: --debug takes an optional filter as claude does (`--debug api hi`)', () => {
    expect(parseCommandLine(['-p', '--debug', 'api', 'hi'])).toMatchObject({
      debug: true,
      prompt: 'hi',
    });
    expect(parseCommandLine(['-p', '--debug', '--verbose', 'hi'])).toMatchObject({
      debug: true,
      verbose: true,
      prompt: 'hi',
    });
  });

  it.each([
    [
      ['-p', '--include-partial-messages', 'hi'],
      /^Error: --include-partial-messages requires --print and --output-format=stream-json\.$/,
    ],
    [
      ['-p', '--output-format', 'stream-json', '--verbose', '--replay-user-messages', 'hi'],
      /^Error: --replay-user-messages requires both --input-format=stream-json and --output-format=stream-json\.$/,
    ],
  ])("CL-03: %j is refused in claude's words", (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});
