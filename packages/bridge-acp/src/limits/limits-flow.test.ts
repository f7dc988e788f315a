import type { BackendManifest } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  type Harness,
  type Line,
  seedSessionResult,
} from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';

const allOptions = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

function limitsHarness(limits: Line, options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({
    ...options,
    launch: { allowedTools: ['Bash'], ...options.launch, limits },
  });
  harness.initialize();
  harness.user('go');
  return harness;
}

function askBash(harness: Harness, id: number, command = 'ls') {
  harness.agent({
    jsonrpc: '2.0',
    id,
    method: 'session/request_permission',
    params: {
      sessionId: 'sess-1',
      toolCall: {
        toolCallId: `call_${id}`,
        title: command,
        kind: 'execute',
        rawInput: { command },
      },
      options: allOptions,
    },
  });
}

const finish = (harness: Harness, id: number) =>
  harness.update({
    sessionUpdate: 'tool_call_update',
    toolCallId: `call_${id}`,
    status: 'completed',
  });
const agentAnswer = (harness: Harness, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined)?.result;
const result = (harness: Harness) => harness.linesOf('result').at(-1);
const warnings = (harness: Harness) =>
  harness.linesOf('system', 'informational').map((line) => line.content as string);
const allow = { outcome: { outcome: 'selected', optionId: 'proceed_once' } };
const reject = { outcome: { outcome: 'selected', optionId: 'cancel' } };

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

describe('--tools and --disallowedTools', () => {
  it('LM-04 a built-in tool outside --tools is refused (MCP tools are not concerned); system/init lists only the set', () => {
    const harness = limitsHarness(
      { tools: ['Read'] },
      { backend: seedVendorBackend, launch: { mcpServers: { files: { command: 'files' } } } },
    );
    expect(harness.linesOf('system', 'init')[0]?.tools).not.toContain('Bash');
    askBash(harness, 1);
    expect(agentAnswer(harness, 1)).toEqual(reject);
    expect(harness.linesOf('user').at(-1)?.message.content[0]).toMatchObject({
      content: 'No such tool available: Bash',
      is_error: true,
    });
    harness.agent({
      jsonrpc: '2.0',
      id: 2,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: {
          toolCallId: 'm',
          title: 'mcp__files__read',
          rawInput: { tool: 'mcp__files__read' },
        },
        options: allOptions,
      },
    });
    expect(agentAnswer(harness, 2)).toEqual(reject);
    expect(harness.linesOf('user').at(-1)?.message.content[0].content).not.toContain(
      'No such tool',
    );
  });

  it('LM-04 LM-05 a refused tool the agent runs without asking cancels the turn, listed in permission_denials', () => {
    const cases: [Line, string][] = [
      [{ limits: { tools: [] } }, 'No such tool available: Bash'],
      [
        { disallowedTools: ['Bash(touch:*)'] },
        "Permission to use Bash has been denied by the session's permission settings.",
      ],
    ];
    for (const [launch, text] of cases) {
      const harness = createHarness({ launch });
      harness.initialize();
      harness.user('go');
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: 'call_1',
        title: 'touch x',
        kind: 'execute',
        status: 'in_progress',
        rawInput: { command: 'touch x' },
      });
      expect(harness.sent('session/cancel')).toHaveLength(1);
      harness.endPrompt('cancelled');
      expect(result(harness)).toMatchObject({
        subtype: 'error_during_execution',
        errors: [text],
        terminal_reason: 'aborted_tools',
        permission_denials: [{ tool_name: 'Bash', tool_use_id: 'call_1' }],
      });
    }
  });
});

describe('--effort, --max-thinking-tokens, --thinking', () => {
  const effortSession = {
    ...seedSessionResult(),
    configOptions: [
      {
        id: 'reasoning_effort',
        name: 'Reasoning Effort',
        category: 'thought_level',
        type: 'select',
        currentValue: 'medium',
        options: ['low', 'medium', 'high', 'xhigh'].map((value) => ({ value, name: value })),
      },
    ],
  };
  const script = { 'session/new': { result: effortSession } };

  it.each([
    [{ effort: 'low' }, 'low'],
    [{ effort: 'max' }, 'xhigh'],
    [{ thinking: 'disabled' }, 'low'],
    [{ maxThinkingTokens: 0 }, 'low'],
    [{ maxThinkingTokens: 16_000 }, 'medium'],
    [{ maxThinkingTokens: 31_999 }, 'high'],
  ])('LM-06 %j sets the thought_level option to %s before the first prompt', (limits, value) => {
    const harness = limitsHarness(limits, { script });
    const methods = harness.toAgentLines.map((line) => line.method).filter(Boolean);
    expect(methods.indexOf('session/set_config_option')).toBeLessThan(
      methods.indexOf('session/prompt'),
    );
    expect(harness.lastRequest('session/set_config_option').params).toEqual({
      sessionId: 'sess-1',
      configId: 'reasoning_effort',
      value,
    });
    expect(warnings(harness)).toEqual([]);
  });

  it('LM-06 an agent without a thinking level is named in-band; adaptive thinking asks nothing', () => {
    expect(warnings(limitsHarness({ effort: 'high' }))).toEqual([
      '--effort high could not be applied: the agent offers no thinking-level setting.',
    ]);
    const adaptive = limitsHarness({ thinking: 'adaptive' }, { script });
    expect(adaptive.sent('session/set_config_option')).toEqual([]);
    expect(warnings(adaptive)).toEqual([]);
  });

  it('LM-06 set_max_thinking_tokens switches the thinking level of an agent that has one', () => {
    const harness = limitsHarness({}, { script });
    harness.client({
      type: 'control_request',
      request_id: 'think',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 2_000 },
    });
    expect(harness.lastRequest('session/set_config_option').params.value).toBe('low');
    expect(harness.linesOf('control_response').at(-1)?.response).toEqual({
      subtype: 'success',
      request_id: 'think',
    });
  });
});

describe('--fallback-model', () => {
  it('LM-07 a model-unavailable error switches once to the fallback and sends the prompt again, told in-band', () => {
    const harness = limitsHarness({ fallbackModel: 'gemini-2.5-flash' });
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: 404,
      message: 'models/gemini-2.5-pro is not found for API version v1beta',
    });
    expect(harness.lastRequest('session/set_model').params).toEqual({
      sessionId: 'sess-1',
      modelId: 'gemini-2.5-flash',
    });
    const prompts = harness.sent('session/prompt');
    expect(prompts).toHaveLength(2);
    expect(prompts[1]?.params.prompt).toEqual(prompts[0]?.params.prompt);
    expect(warnings(harness).at(-1)).toContain('switched to the fallback model gemini-2.5-flash');
    // Once: the fallback failing too ends the turn with its error.
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: 503,
      message: 'The model is overloaded.',
    });
    expect(harness.sent('session/prompt')).toHaveLength(2);
    expect(result(harness)).toMatchObject({
      subtype: 'error_during_execution',
      errors: [expect.stringContaining('overloaded')],
    });
  });

  it('LM-07 other errors end the turn; a fallback the agent does not offer is named in-band', () => {
    const harness = limitsHarness({ fallbackModel: 'gpt-9' });
    expect(warnings(harness)).toEqual([
      '--fallback-model gpt-9 is not offered by the agent: no fallback will be tried.',
    ]);
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: -32603,
      message: 'disk full',
    });
    expect(harness.sent('session/set_model')).toEqual([]);
    expect(result(harness)).toMatchObject({ subtype: 'error_during_execution' });
  });
});

describe('options an ACP agent cannot honour', () => {
  it('LM-08 are named to the client in-band after the first system/init', () => {
    const harness = limitsHarness({ ignoredOptions: ['task-budget', 'settings'] });
    const lines = harness.clientLines.filter((line) => line.type === 'system');
    expect(lines.map((line) => line.subtype)).toEqual(['init', 'informational', 'informational']);
    expect(warnings(harness)).toEqual([
      '--task-budget cannot be honoured by an ACP agent and is ignored.',
      '--settings cannot be honoured by an ACP agent and is ignored.',
    ]);
  });
});
