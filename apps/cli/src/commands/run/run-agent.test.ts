import { AgentError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, formatArgvNotes } from './run-agent.js';

const clean = { code: 0, signal: null, stderrTail: '' };

describe('exitCodeOf', () => {
  it.each([
    ['a clean end', { exit: clean, inputEnded: true, lastResultIsError: false }, 0, ''],
    [
      'an error result (claude exits 1)',
      { exit: clean, inputEnded: true, lastResultIsError: true },
      1,
      '',
    ],
    [
      'an agent exit code',
      {
        exit: { code: 3, signal: null, stderrTail: 'boom\n' },
        inputEnded: true,
        lastResultIsError: true,
      },
      1,
      'agentbridge: the agent exited with code 3\nboom\n',
    ],
    [
      'a signal before input ended',
      {
        exit: { code: null, signal: 'SIGKILL', stderrTail: '' },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: the agent was killed by SIGKILL\n',
    ],
    [
      'our own stop after input ended',
      {
        exit: { code: null, signal: 'SIGTERM', stderrTail: '' },
        inputEnded: true,
        lastResultIsError: false,
      },
      0,
      '',
    ],
    [
      'a transport failure',
      {
        exit: {
          code: null,
          signal: null,
          stderrTail: 'tail',
          error: new AgentError('handshake-failed', 'no answer'),
        },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: no answer\ntail\n',
    ],
  ])('%s', (_name, outcome, code, stderr) => {
    const written: string[] = [];
    expect(exitCodeOf(outcome, false, (text) => written.push(text))).toBe(code);
    expect(written.join('')).toBe(stderr);
  });

  it('passes a real claude exit code through', () => {
    const outcome = {
      exit: { code: 7, signal: null, stderrTail: '' },
      inputEnded: true,
      lastResultIsError: false,
    };
    expect(exitCodeOf(outcome, true, () => {})).toBe(7);
  });
});

describe('formatArgvNotes', () => {
  it('warns once per unknown flag and notes once per unsupported flag', () => {
    expect(
      formatArgvNotes({ unknownFlags: ['--foo bar'], unsupportedFlags: ['max-turns', 'effort'] }),
    ).toEqual([
      "agentbridge: warning: unknown option '--foo bar' ignored\n",
      'agentbridge: note: --max-turns cannot be honoured by an ACP agent and is ignored\n',
      'agentbridge: note: --effort cannot be honoured by an ACP agent and is ignored\n',
    ]);
  });
});
