import { UsageError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { formatArgvNotes, parseCommandLine } from './parse-command-line.js';

function usageErrorOf(argv: readonly string[]): UsageError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`);
}

describe('parseCommandLine', () => {
  describe('usage errors, worded and coded as claude (stream-json.md §7)', () => {
    it.each([
      [
        ['-p', 'hi', '--output-format', 'stream-json'],
        'Error: When using --print, --output-format=stream-json requires --verbose',
      ],
      [
        ['-p', '--input-format', 'stream-json', '--output-format', 'json'],
        'Error: --input-format=stream-json requires output-format=stream-json.',
      ],
      [
        ['--input-format=stream-json'],
        'Error: --input-format=stream-json requires output-format=stream-json.',
      ],
      [
        ['--output-format', 'xml'],
        "error: option '--output-format <format>' argument 'xml' is invalid. Allowed choices are text, json, stream-json.",
      ],
      [
        ['--input-format', 'yaml'],
        "error: option '--input-format <format>' argument 'yaml' is invalid. Allowed choices are text, stream-json.",
      ],
      [['--session-id', 'nope', '-p', 'x'], 'Error: Invalid session ID. Must be a valid UUID.'],
    ] as const)('%j', (argv, message) => {
      const error = usageErrorOf(argv);
      expect(error.message).toBe(message);
      expect(error.exitCode).toBe(1);
    });

    it('rejects an unknown permission mode and lists the choices', () => {
      expect(usageErrorOf(['--permission-mode', 'yolo']).message).toContain(
        "argument 'yolo' is invalid. Allowed choices are acceptEdits, auto, bypassPermissions, manual, dontAsk, plan.",
      );
    });

    it('rejects --session-id with --resume unless --fork-session is given', () => {
      const id = '11111111-1111-4111-8111-111111111111';
      expect(usageErrorOf(['-p', 'x', '--session-id', id, '--resume', 'abc']).message).toContain(
        '--fork-session',
      );
      expect(
        parseCommandLine(['-p', 'x', '--session-id', id, '--resume', 'abc', '--fork-session']),
      ).toMatchObject({ sessionId: id, resume: 'abc', forkSession: true });
    });

    it('accepts stream-json output in print mode with --verbose', () => {
      expect(
        parseCommandLine(['-p', 'hi', '--output-format=stream-json', '--verbose']),
      ).toMatchObject({ mode: 'print', outputFormat: 'stream-json' });
    });
  });
});

describe('formatArgvNotes', () => {
  it('warns once per flag an ACP agent cannot honour', () => {
    expect(formatArgvNotes({ unsupportedFlags: ['task-budget', 'betas'] })).toEqual([
      'agentbridge: warning: --task-budget cannot be honoured by an ACP agent and is ignored\n',
      'agentbridge: warning: --betas cannot be honoured by an ACP agent and is ignored\n',
    ]);
  });
});
