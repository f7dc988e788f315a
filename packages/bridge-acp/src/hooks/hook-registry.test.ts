import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultHookTimeoutMs, matchesHook, readHookRegistry } from './hook-registry.js';

describe('the client hooks', () => {
  it('HK-01 initialize.hooks as the SDK sends them: matchers, callback ids, timeouts in seconds, onFailure', () => {
    const registry = readHookRegistry(
      JSON.parse(
        JSON.stringify({
          PreToolUse: [
            { matcher: 'Bash', hookCallbackIds: ['hook_0', 'hook_1'], timeout: 5 },
            { hookCallbackIds: ['hook_2'], onFailure: 'block', timeout: 0 },
          ],
          Stop: [{ hookCallbackIds: ['hook_3', ''] }],
        }).replace('"Stop"', '"__proto__":[{"hookCallbackIds":["hook_4"]}],"Stop"'),
      ),
    );
    expect(registry).toEqual({
      PreToolUse: [
        {
          matcher: 'Bash',
          callbackIds: ['hook_0', 'hook_1'],
          timeoutMs: 5_000,
          blockOnFailure: false,
        },
        {
          matcher: undefined,
          callbackIds: ['hook_2'],
          timeoutMs: defaultHookTimeoutMs,
          blockOnFailure: true,
        },
      ],
      Stop: [
        { matcher: undefined, callbackIds: ['hook_3'], timeoutMs: 60_000, blockOnFailure: false },
      ],
    });
  });

  it.each([
    [undefined, 'Bash', true],
    ['', 'Bash', true],
    ['*', 'mcp__files__read', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'MultiEdit', false],
    ['mcp__memory__.*', 'mcp__memory__create', true],
    ['mcp__memory__.*', 'mcp__files__read', false],
    ['Notebook.*', 'NotebookEdit', true],
    ['^Read$', 'Read', true],
    ['([', 'Read', false],
    ['Bash', undefined, false],
  ])('HK-02 Claude Code matcher %j against %j: %j', (matcher, value, expected) => {
    expect(matchesHook(matcher, value)).toBe(expected);
  });

  it('HK-02 a plain name matches only itself (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z_][\w]{0,12}$/),
        fc.stringMatching(/^[A-Za-z_][\w]{0,12}$/),
        (name, other) => matchesHook(name, other) === (name === other),
      ),
    );
  });
});
