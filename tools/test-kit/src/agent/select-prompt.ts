import type { FakeAgentScenario, ScenarioPrompt } from '../scenario/fake-agent-scenario.js';

const fallbackPrompt: ScenarioPrompt = { response: { stopReason: 'end_turn' } };

/**
 * Picks the script for one `session/prompt`: the first script whose `match` fits the prompt text
 * (matched scripts are reusable), else the first unused script without `match` (marked used), else
 * `defaultPrompt`.
 */
export function selectPrompt(
  scenario: FakeAgentScenario,
  prompt: readonly unknown[],
  used: Set<number>,
): ScenarioPrompt {
  const text = promptText(prompt);
  const scripts = scenario.prompts ?? [];
  const matched = scripts.find(
    (script) => script.match !== undefined && matches(script.match, text),
  );
  if (matched) return matched;
  const chosen = scripts.findIndex(
    (script, index) => !used.has(index) && script.match === undefined,
  );
  const script = scripts[chosen];
  if (script === undefined) return scenario.defaultPrompt ?? fallbackPrompt;
  used.add(chosen);
  return script;
}

/** The text blocks of a prompt, joined by newlines. */
export function promptText(prompt: readonly unknown[]): string {
  return prompt
    .map((block) => {
      const candidate = block as { type?: unknown; text?: unknown } | null;
      return candidate?.type === 'text' && typeof candidate.text === 'string' ? candidate.text : '';
    })
    .filter((text) => text !== '')
    .join('\n');
}

function matches(match: NonNullable<ScenarioPrompt['match']>, text: string): boolean {
  if (match.text !== undefined && !text.includes(match.text)) return false;
  if (match.pattern !== undefined && !new RegExp(match.pattern).test(text)) return false;
  return true;
}
