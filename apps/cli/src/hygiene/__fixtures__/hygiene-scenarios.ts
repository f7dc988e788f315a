import type { FakeAgentScenario, ScenarioPrompt } from '@agentbridge/test-kit';

/** The prompt text answered at once (one chunk, `end_turn`). */
export const quickPromptText = 'quick';

const chunk = (text: string) =>
  ({
    type: 'update',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
  }) as const;

const quickPrompt: ScenarioPrompt = {
  match: { text: quickPromptText },
  steps: [chunk('done')],
  response: { stopReason: 'end_turn' },
};

/** Any other prompt streams one chunk and then works for ten minutes: a turn in flight. */
const longPrompt: ScenarioPrompt = {
  steps: [chunk('working'), { type: 'delay', ms: 600_000 }],
  response: { stopReason: 'end_turn' },
};

/** The prompt text answered with a chunk every 50 ms for a minute: output keeps flowing. */
export const tricklePromptText = 'trickle';

const tricklePrompt: ScenarioPrompt = {
  match: { text: tricklePromptText },
  steps: Array.from({ length: 1200 }, (_, index) => [
    chunk(`drop ${index} `),
    { type: 'delay', ms: 50 } as const,
  ]).flat(),
  response: { stopReason: 'end_turn' },
};

const base: FakeAgentScenario = {
  initialize: { agentInfo: { name: 'fake-acp-agent', version: '0.0.0' } },
  prompts: [quickPrompt, tricklePrompt],
  defaultPrompt: longPrompt,
};

/** How an agent reacts to being stopped. */
export type AgentKind = 'cooperative' | 'stubborn';

/**
 * The fake agent of the hygiene tests: it always spawns a long-lived grandchild. A `cooperative`
 * agent exits on stdin EOF and SIGTERM; a `stubborn` one ignores both (only SIGKILL stops it).
 */
export function hygieneScenario(kind: AgentKind): FakeAgentScenario {
  return {
    ...base,
    name: `hygiene-${kind}`,
    process:
      kind === 'cooperative'
        ? { spawnChild: true }
        : { spawnChild: true, ignoreStdinEof: true, ignoreSigterm: true },
  };
}

/** An agent that starts nothing and answers at once: the fresh start after a crash. */
export const plainScenario: FakeAgentScenario = { ...base, name: 'hygiene-plain' };
