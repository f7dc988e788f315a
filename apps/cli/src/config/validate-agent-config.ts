import type { ConfigIssue } from '@agentbridge/core/contracts';
import { ConfigError } from '@agentbridge/core/contracts';
import type { z } from 'zod';
import type { AgentConfig } from './agent-config-schema.js';
import { agentConfigKeys, agentConfigSchema, backendSettingsKeys } from './agent-config-schema.js';

/**
 * Validates a config document (already interpolated). Throws `ConfigError` naming the file, each
 * wrong key (`backends.codex.command`) and how to fix it. An empty document is `{}`.
 */
export function validateAgentConfig(document: unknown, filePath: string): AgentConfig {
  const parsed = agentConfigSchema.safeParse(document ?? {});
  if (parsed.success) return parsed.data;
  throw new ConfigError({ filePath, issues: parsed.error.issues.flatMap(toConfigIssues) });
}

/** Formats a zod path as `backends.codex.args[0]`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    return text ? `${text}.${String(segment)}` : String(segment);
  }, '');
}

function toConfigIssues(issue: z.core.$ZodIssue): ConfigIssue[] {
  if (issue.code === 'unrecognized_keys') {
    const known = issue.path.length === 0 ? agentConfigKeys : backendSettingsKeys;
    return issue.keys.map((key) => {
      const suggestion = closest(key, known);
      const hint = suggestion ? `did you mean "${suggestion}"? ` : '';
      return {
        path: formatIssuePath([...issue.path, key]),
        message: `unknown key: ${hint}Known keys: ${known.join(', ')}.`,
      };
    });
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) {
    return [
      {
        path: '',
        message: 'the configuration must be an object of settings, e.g. { backend: "gemini" }',
      },
    ];
  }
  return [{ path: formatIssuePath(issue.path), message: issue.message }];
}

function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min(
          (previous[column] as number) + 1,
          (current[column - 1] as number) + 1,
          substitution,
        ),
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}
