import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './parse-command-line.js';

describe('the limits of a command line', () => {
  it.each([
    [['--max-turns', '3'], { maxTurns: 3 }],
    [['--max-budget-usd=0.5'], { maxBudgetUsd: 0.5 }],
    [['--tools', 'Bash,Read'], { tools: ['Bash', 'Read'] }],
    [['--tools='], { tools: [] }],
    [['--tools', 'default'], { tools: undefined }],
    [['--effort', 'xhigh'], { effort: 'xhigh' }],
    [
      ['--max-thinking-tokens', '0', '--thinking=disabled'],
      { maxThinkingTokens: 0, thinking: 'disabled' },
    ],
    [['--model', 'a', '--fallback-model', 'b'], { fallbackModel: 'b' }],
  ] as const)('LM-01 LM-03 LM-04 LM-06 LM-07 parses %j', (argv, expected) => {
    expect(parseCommandLine(argv).limits).toEqual(expect.objectContaining(expected));
  });

  it.each([
    [['--max-turns', '0'], '--max-turns must be a whole number greater than 0'],
    [['--max-turns', '1.5'], '--max-turns must be a whole number'],
    [['--max-budget-usd', 'lots'], '--max-budget-usd must be a number greater than 0'],
    [['--max-budget-usd', '0'], '--max-budget-usd must be a number greater than 0'],
    [['--max-thinking-tokens', '-1'], '--max-thinking-tokens must be a whole number of at least 0'],
    [['--effort', 'extreme'], 'Allowed choices are low, medium, high, xhigh, max'],
    [['--thinking', 'always'], 'Allowed choices are enabled, adaptive, disabled.'],
    [
      ['--model', 'm', '--fallback-model', 'm'],
      'Fallback model cannot be the same as the main model',
    ],
  ])('LM-08 refuses %j as a usage error', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});
