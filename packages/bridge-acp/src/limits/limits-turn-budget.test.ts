import type { BackendManifest } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import {
  agentAnswer,
  allow,
  askBash,
  finish,
  limitsHarness,
  reject,
  result,
  warnings,
} from './__fixtures__/limits-harness.js';

describe('--max-turns', () => {
  it('LM-01 LM-02 one round runs; the agent is stopped before its next model call: error_max_turns, num_turns 2', () => {
    const harness = limitsHarness({ maxTurns: 1 });
    askBash(harness, 1);
    expect(agentAnswer(harness, 1)).toEqual(allow);
    expect(harness.sent('session/cancel')).toEqual([]);
    finish(harness, 1);
    expect(harness.sent('session/cancel')).toHaveLength(1);
    // A second round's permission that crossed the cancel is refused.
    askBash(harness, 2, 'rm -rf /');
    expect(agentAnswer(harness, 2)).toEqual(reject);
    harness.endPrompt('cancelled');
    const line = result(harness);
    expect(line).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached maximum number of turns (1)'],
      num_turns: 2,
      terminal_reason: 'max_turns',
      stop_reason: 'tool_use',
    });
    expect(line).not.toHaveProperty('result');
  });

  it('LM-02 what the agent starts after the stop (text, thinking, a new call) is not shown; a shown call still settles', () => {
    const harness = limitsHarness({ maxTurns: 1 });
    askBash(harness, 1);
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_9',
      title: 'ls',
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: 'ls' },
    });
    finish(harness, 1);
    expect(harness.sent('session/cancel')).toHaveLength(0);
    finish(harness, 9);
    expect(harness.sent('session/cancel')).toHaveLength(1);
    const mark = harness.clientLines.length;
    harness.update({
      sessionUpdate: 'agent_thought_chunk',
      content: { type: 'text', text: 'Next…' },
    });
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Back again.' },
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_late',
      title: 'rm x',
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: 'rm x' },
    });
    expect(harness.since(mark)).toEqual([]);
    harness.endPrompt('cancelled');
    expect(result(harness)).toMatchObject({ subtype: 'error_max_turns', num_turns: 2 });
    expect(JSON.stringify(harness.clientLines)).not.toMatch(/Back again|Next…|rm x/);
  });

  it('LM-01 num_turns counts one model call per prompt and per tool round, as the real CLI', () => {
    const harness = limitsHarness({ maxTurns: 3 });
    askBash(harness, 1);
    finish(harness, 1);
    askBash(harness, 2);
    finish(harness, 2);
    expect(harness.sent('session/cancel')).toEqual([]);
    harness.endPrompt();
    expect(result(harness)).toMatchObject({ subtype: 'success', num_turns: 3 });
  });

  it('LM-01 PM-01 a refused tool call closes its round as a run one does: the turn stops before the next model call', () => {
    const harness = limitsHarness(
      { maxTurns: 1 },
      { launch: { allowedTools: [], disallowedTools: ['Bash'] } },
    );
    askBash(harness, 1);
    expect(agentAnswer(harness, 1)).toEqual(reject);
    expect(harness.linesOf('user').at(-1)).toMatchObject({
      message: { content: [{ type: 'tool_result', tool_use_id: 'call_1', is_error: true }] },
    });
    expect(harness.sent('session/cancel')).toHaveLength(1);
    harness.endPrompt('cancelled');
    expect(result(harness)).toMatchObject({
      subtype: 'error_max_turns',
      num_turns: 2,
      permission_denials: [{ tool_name: 'Bash', tool_use_id: 'call_1' }],
    });
  });

  it('LM-01 a message folded into a turn at its limit is not sent', () => {
    const harness = limitsHarness({ maxTurns: 1 });
    harness.user('and more');
    harness.endPrompt();
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(result(harness)).toMatchObject({ subtype: 'error_max_turns', num_turns: 1 });
  });
});

describe('--max-budget-usd', () => {
  it('LM-03 a cost the agent reports past the budget refuses the pending tool and stops the turn', () => {
    const harness = limitsHarness({ maxBudgetUsd: 0.05 });
    harness.update({
      sessionUpdate: 'usage_update',
      used: 10,
      size: 100,
      cost: { amount: 0.07, currency: 'USD' },
    });
    askBash(harness, 1);
    expect(agentAnswer(harness, 1)).toEqual(reject);
    expect(harness.sent('session/cancel')).toHaveLength(1);
    harness.endPrompt('cancelled');
    expect(result(harness)).toMatchObject({
      subtype: 'error_max_budget_usd',
      is_error: true,
      errors: ['Reached maximum budget ($0.05)'],
      total_cost_usd: 0.07,
      terminal_reason: 'budget_exhausted',
      permission_denials: [{ tool_name: 'Bash', tool_use_id: 'call_1' }],
    });
    // The next message is not sent at all.
    harness.user('more');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(result(harness)).toMatchObject({ subtype: 'error_max_budget_usd' });
  });

  it('LM-03 without a reported cost the backend prices the tokens; a finished turn over the budget ends error_max_budget_usd', () => {
    const backend: BackendManifest = {
      ...seedVendorBackend,
      cost: { pricesPerMillionTokens: { 'gemini-2.5-pro': { input: 1, output: 10 } } },
    };
    const harness = limitsHarness({ maxBudgetUsd: 0.001 }, { backend });
    expect(warnings(harness)).toEqual([]);
    harness.endPrompt('end_turn', {
      usage: { inputTokens: 100, outputTokens: 200, totalTokens: 300 },
    });
    expect(result(harness)).toMatchObject({
      subtype: 'error_max_budget_usd',
      total_cost_usd: 0.0021,
      errors: ['Reached maximum budget ($0.001)'],
    });
  });

  it('LM-03 LM-08 a budget nothing can price is named in-band at session start', () => {
    const harness = limitsHarness({ maxBudgetUsd: 2 });
    expect(warnings(harness)).toEqual([
      "--max-budget-usd 2 cannot be enforced: the agent is not known to report its cost in USD and agentbridge has no price for the model 'gemini-2.5-pro'. The limit applies only if the agent reports a cost.",
    ]);
    const backend: BackendManifest = {
      ...seedVendorBackend,
      cost: { pricesPerMillionTokens: { 'gemini-2.5-flash': { input: 0.3, output: 2.5 } } },
    };
    expect(warnings(limitsHarness({ maxBudgetUsd: 2 }, { backend })).at(-1)).toMatch(
      /no price for the model 'gemini-2.5-pro'\. .* or uses only models agentbridge prices \(gemini-2\.5-flash\)\.$/,
    );
    const reporting = { ...seedVendorBackend, cost: { reportsUsd: true } };
    expect(warnings(limitsHarness({ maxBudgetUsd: 2 }, { backend: reporting }))).toEqual([]);
  });
});
