import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConfigIssue } from '@agentbridge/core';
import type { FakeAgentScenario } from './fake-agent-scenario.js';
import { ScenarioError } from './scenario-error.js';
import { fakeAgentScenarioSchema } from './scenario-schema.js';

/**
 * Validates a scenario object. Throws a {@link ScenarioError} listing every problem with its path
 * (`prompts.0.steps.2.type: ...`).
 */
export function parseScenario(value: unknown, source?: string): FakeAgentScenario {
  const result = fakeAgentScenarioSchema.safeParse(value);
  if (result.success) return result.data;
  const issues: ConfigIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ScenarioError({ ...(source === undefined ? {} : { source }), issues });
}

/**
 * Parses scenario text: one JSON object, or JSONL where every line is a scenario fragment. Fragments
 * are merged in order: later keys win, except `prompts`, which are concatenated.
 */
export function parseScenarioText(text: string, source?: string): FakeAgentScenario {
  const fragments: unknown[] = [];
  const trimmed = text.trim();
  try {
    fragments.push(JSON.parse(trimmed));
  } catch {
    const lines = trimmed.split(/\r?\n/);
    for (const [index, line] of lines.entries()) {
      if (line.trim() === '') continue;
      try {
        fragments.push(JSON.parse(line));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ScenarioError({
          ...(source === undefined ? {} : { source }),
          issues: [{ path: `line ${index + 1}`, message: `not JSON: ${reason}` }],
        });
      }
    }
  }
  return parseScenario(mergeFragments(fragments), source);
}

/**
 * Loads a scenario from inline JSON (text starting with `{`), a file path or a `file:` URL.
 */
export function loadScenario(fileOrJson: string | URL): FakeAgentScenario {
  if (typeof fileOrJson === 'string' && fileOrJson.trimStart().startsWith('{')) {
    return parseScenarioText(fileOrJson);
  }
  const path = typeof fileOrJson === 'string' ? fileOrJson : fileURLToPath(fileOrJson);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScenarioError({ source: path, issues: [{ path: '', message: reason }] });
  }
  return parseScenarioText(text, path);
}

function mergeFragments(fragments: readonly unknown[]): unknown {
  if (fragments.length === 1) return fragments[0];
  const merged: Record<string, unknown> = {};
  for (const fragment of fragments) {
    if (typeof fragment !== 'object' || fragment === null || Array.isArray(fragment)) {
      return fragment;
    }
    for (const [key, value] of Object.entries(fragment)) {
      const previous = merged[key];
      merged[key] =
        key === 'prompts' && Array.isArray(previous) && Array.isArray(value)
          ? [...previous, ...value]
          : value;
    }
  }
  return merged;
}
