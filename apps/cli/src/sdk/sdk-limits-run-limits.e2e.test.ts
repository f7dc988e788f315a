import type { Options } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  askShell,
  chunk,
  disposeScenario,
  forgetSandbox,
  informational,
  permissionAnswers,
  resultOf,
  run,
  start,
} from './__fixtures__/limits-scenario.js';

afterEach(disposeScenario);

describe('the Claude Agent SDK options that limit the agent, through agentbridge', () => {
  it('LM-01 maxTurns: 1 ends error_max_turns after the first tool round; the second tool is refused', async () => {
    const box = start(() => ({
      prompts: [{ steps: [askShell('t1', 'ls'), askShell('t2', 'rm -rf build'), chunk('Done.')] }],
    }));
    const messages = await run('two rounds', box.options({ maxTurns: 1, allowedTools: ['Bash'] }));
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached maximum number of turns (1)'],
      num_turns: 2,
    });
    expect(permissionAnswers(box)[0]).toEqual({
      outcome: { outcome: 'selected', optionId: 'allow' },
    });
    expect(permissionAnswers(box).slice(1)).not.toContainEqual({
      outcome: { outcome: 'selected', optionId: 'allow' },
    });
    expect(box.sentToAgent().some((message) => message.method === 'session/cancel')).toBe(true);
  });

  it('LM-03 maxBudgetUsd: a cost past the budget refuses the pending tool and ends error_max_budget_usd', async () => {
    const box = start(() => ({
      prompts: [
        {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'usage_update',
                used: 1,
                size: 9,
                cost: { amount: 0.5, currency: 'USD' },
              },
            },
            askShell('t1', 'ls'),
          ],
        },
      ],
    }));
    const messages = await run(
      'spend',
      box.options({ maxBudgetUsd: 0.25, allowedTools: ['Bash'] }),
    );
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_budget_usd',
      errors: ['Reached maximum budget ($0.25)'],
      total_cost_usd: 0.5,
    });
    expect(permissionAnswers(box)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
  });

  it('LM-03 LM-08 maxBudgetUsd on an agent that reports no cost is told in-band', async () => {
    const box = start(() => ({ prompts: [{ steps: [chunk('Hi.')] }] }));
    const messages = await run('hello', box.options({ maxBudgetUsd: 1 }));
    expect(informational(messages)).toEqual([
      expect.stringContaining('--max-budget-usd 1 cannot be enforced'),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success' });
  });

  it('LM-04 LM-05 tools and disallowedTools: a tool outside the set, or disallowed, is refused', async () => {
    const scenario = () => ({
      prompts: [{ steps: [askShell('t1', 'ls'), chunk('Could not list.')] }],
    });
    for (const options of [{ tools: ['Read'] }, { disallowedTools: ['Bash'] }] as Options[]) {
      const box = start(scenario);
      const messages = await run('list', box.options({ ...options, allowedTools: ['Bash'] }));
      expect(permissionAnswers(box)).toEqual([
        { outcome: { outcome: 'selected', optionId: 'reject' } },
      ]);
      expect(resultOf(messages)).toMatchObject({
        permission_denials: [expect.objectContaining({ tool_name: 'Bash' })],
      });
      expect(await box.dispose()).toEqual([]);
      forgetSandbox();
    }
  });
});
