import type { LaunchLimits } from '../acp-launch.js';
import type { SessionCatalog } from '../session/session-catalog.js';

/** Thinking levels from least to most, as Claude's `--effort` and ACP agents name them. */
const ladder = ['none', 'off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];
const rank = (level: string): number => ladder.indexOf(level.toLowerCase());

/**
 * LM-06: the level the client asked for: `--effort` as given; else `--thinking disabled` or a
 * thinking budget of 0 is the least, and a budget maps to `low` (< 8,000 tokens), `medium`
 * (< 24,000) or `high`; `undefined` when nothing was asked (adaptive thinking is the agent's own).
 */
export function requestedThoughtLevel(limits: LaunchLimits): string | undefined {
  const { effort, thinking, maxThinkingTokens: tokens } = limits;
  if (effort !== undefined) return effort;
  if (thinking === 'disabled' || tokens === 0) return 'none';
  if (tokens === undefined) return undefined;
  return tokens < 8_000 ? 'low' : tokens < 24_000 ? 'medium' : 'high';
}

/**
 * LM-06: the agent's config option of category `thought_level` (a reasoning effort) and
 * its value closest to `level` (the lower one on a tie); `undefined` when it has none.
 */
export function thoughtLevelChoice(
  catalog: SessionCatalog,
  level: string,
): { readonly configId: string; readonly value: string } | undefined {
  const option = catalog.configOptions.find((entry) => entry?.category === 'thought_level');
  const values = ((option as { options?: unknown } | undefined)?.options ?? []) as unknown[];
  const ids = values.flatMap((value) => {
    const id = (value as { value?: unknown } | null)?.value;
    return typeof id === 'string' && rank(id) >= 0 ? [id] : [];
  });
  const wanted = rank(level);
  if (option === undefined || ids.length === 0 || wanted < 0) return undefined;
  const distance = (id: string) => Math.abs(rank(id) - wanted) * 2 + (rank(id) > wanted ? 1 : 0);
  const value = ids.reduce((best, id) => (distance(id) < distance(best) ? id : best));
  return { configId: option.id, value };
}
