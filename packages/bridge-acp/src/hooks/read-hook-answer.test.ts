import { describe, expect, it } from 'vitest';
import { readHookAnswer } from './read-hook-answer.js';

const answered = (response: Record<string, unknown>) =>
  ({ outcome: 'answered', response }) as const;

describe('a hook callback answer', () => {
  it('HK-03 a PreToolUse output: the decision, its reason, a changed input and context', () => {
    expect(
      readHookAnswer(
        'PreToolUse',
        answered({
          continue: true,
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no shells',
            updatedInput: { command: 'ls' },
            additionalContext: 'be careful',
          },
        }),
        1000,
      ),
    ).toEqual({
      decision: 'deny',
      reason: 'no shells',
      updatedInput: { command: 'ls' },
      additionalContext: ['be careful'],
    });
  });

  it('HK-03 block, continue:false, the legacy approve, defer, async and systemMessage', () => {
    expect(
      readHookAnswer('Stop', answered({ decision: 'block', reason: 'go on' }), 1),
    ).toMatchObject({
      block: 'go on',
    });
    expect(
      readHookAnswer('Stop', answered({ continue: false, stopReason: 'enough' }), 1),
    ).toMatchObject({
      stop: 'enough',
    });
    expect(readHookAnswer('PreToolUse', answered({ decision: 'approve' }), 1)).toMatchObject({
      decision: 'allow',
    });
    const deferred = answered({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' },
    });
    expect(readHookAnswer('PreToolUse', deferred, 1)).toMatchObject({ decision: undefined });
    expect(readHookAnswer('PreToolUse', answered({ async: true }), 1)).toEqual({});
    expect(readHookAnswer('Stop', answered({ systemMessage: 'hi' }), 1)).toMatchObject({
      systemMessage: 'hi',
    });
  });

  it('HK-04 a timeout, an error answer and a withdrawal', () => {
    expect(readHookAnswer('Stop', { outcome: 'timeout' }, 5_000)).toBe('no answer within 5 s');
    expect(readHookAnswer('Stop', { outcome: 'error', message: 'hook threw' }, 1)).toBe(
      'hook threw',
    );
    expect(readHookAnswer('Stop', { outcome: 'withdrawn' }, 1)).toEqual({});
  });

  it.each([
    [{ continue: 'yes' }, '"continue"'],
    [{ decision: 'maybe' }, '"decision"'],
    [{ reason: 42 }, 'not text'],
    [{ hookSpecificOutput: 'x' }, '"hookSpecificOutput"'],
    [{ hookSpecificOutput: { hookEventName: 'Stop' } }, '"hookSpecificOutput"'],
    [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'sure' } },
      '"hookSpecificOutput"',
    ],
    [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: 'ls' } },
      '"hookSpecificOutput"',
    ],
    [
      { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 1 } },
      '"hookSpecificOutput"',
    ],
  ])('HK-05 a malformed output %j is a failure naming %s', (response, named) => {
    const read = readHookAnswer('PreToolUse', answered(response), 1);
    expect(read).toEqual(expect.stringContaining('invalid hook output'));
    expect(read).toEqual(expect.stringContaining(named));
  });
});
