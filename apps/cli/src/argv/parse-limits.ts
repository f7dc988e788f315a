import { UsageError } from '@agentbridge/core/contracts';

const effortLevels = ['low', 'medium', 'high', 'xhigh', 'max'];
const thinkingModes = ['adaptive', 'enabled', 'disabled'];

/** A number the flag must hold, checked as `claude` would refuse it. */
function number(flag: string, value: string | undefined, whole: boolean, min: number) {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(parsed) ||
    parsed < min ||
    (whole && !Number.isInteger(parsed))
  )
    throw new UsageError(
      `Error: --${flag} must be a ${whole ? 'whole number' : 'number'} ${min > 0 ? 'greater than 0' : 'of at least 0'}, got '${value}'.`,
    );
  return parsed;
}

function oneOf(flag: string, value: string | undefined, allowed: readonly string[]) {
  if (value === undefined || allowed.includes(value)) return value;
  throw new UsageError(
    `error: option '--${flag} <value>' argument '${value}' is invalid. Allowed choices are ${allowed.join(', ')}.`,
  );
}

/**
 * LM-01..LM-07: the limits of a `claude` command line (`last` reads a flag's last value, `values`
 * all of them): `--tools default` (or no `--tools`) leaves every tool, `--tools ""` none.
 */
export function parseLimits(
  last: (name: string) => string | undefined,
  values: (name: string) => readonly string[] | undefined,
  model: string | undefined,
) {
  const tools = values('tools');
  const fallbackModel = last('fallback-model');
  if (fallbackModel !== undefined && fallbackModel === model)
    throw new UsageError(
      'Error: Fallback model cannot be the same as the main model. Please specify a different model for fallbackModel option.',
    );
  return {
    maxTurns: number('max-turns', last('max-turns'), true, 1),
    maxBudgetUsd: number('max-budget-usd', last('max-budget-usd'), false, Number.MIN_VALUE),
    tools: tools === undefined || tools.includes('default') ? undefined : tools,
    effort: oneOf('effort', last('effort'), effortLevels),
    maxThinkingTokens: number('max-thinking-tokens', last('max-thinking-tokens'), true, 0),
    thinking: oneOf('thinking', last('thinking'), thinkingModes),
    fallbackModel,
  };
}
