import { kindOf, readUntil } from '@agentbridge/test-kit';
import type {
  CanUseTool,
  PermissionResult,
  PermissionUpdate,
  SDKMessage,
} from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createPromptQueue } from './__fixtures__/create-prompt-queue.js';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';

let sandbox: SdkSandbox;
beforeEach(() => {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
});
afterEach(async () => {
  expect(await sandbox.dispose()).toEqual([]);
});

type PermissionCall = {
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly toolUseID: string;
  readonly hasSignal: boolean;
  readonly suggestions: readonly PermissionUpdate[];
};

/** Runs the `run the tests` turn, answering every permission prompt with `decide`. */
async function runWithPermission(
  decide: PermissionResult | ((suggestions: PermissionUpdate[]) => PermissionResult),
): Promise<{ messages: SDKMessage[]; calls: PermissionCall[]; error?: Error }> {
  const calls: PermissionCall[] = [];
  const canUseTool: CanUseTool = async (toolName, input, options) => {
    calls.push({
      toolName,
      input,
      toolUseID: options.toolUseID,
      hasSignal: options.signal instanceof AbortSignal,
      suggestions: options.suggestions ?? [],
    });
    return typeof decide === 'function' ? decide(options.suggestions ?? []) : decide;
  };
  const messages: SDKMessage[] = [];
  try {
    for await (const message of query({
      prompt: 'run the tests',
      options: sandbox.options({ canUseTool }),
    })) {
      messages.push(message);
    }
  } catch (error) {
    return { messages, calls, error: error as Error };
  }
  return { messages, calls };
}

function toolResults(messages: readonly SDKMessage[]): unknown[] {
  return messages.flatMap((message) =>
    message.type === 'user' && Array.isArray(message.message.content)
      ? message.message.content.filter((block) => block.type === 'tool_result')
      : [],
  );
}

function permissionAnswers(sandbox: SdkSandbox): unknown[] {
  const requestIds = new Set(
    sandbox
      .receivedFromAgent()
      .filter((message) => message.method === 'session/request_permission')
      .map((message) => message.id),
  );
  return sandbox
    .sentToAgent()
    .filter((message) => message.method === undefined && requestIds.has(message.id as number))
    .map((message) => message.result);
}

describe('the Claude Agent SDK drives agentbridge: canUseTool', () => {
  it('PM-01/PM-02/PM-04: allow → the callback sees the tool, the agent gets allow_once, the tool result follows', async () => {
    const { messages, calls, error } = await runWithPermission({ behavior: 'allow' });
    expect(error).toBeUndefined();

    expect(calls).toEqual([
      {
        toolName: 'Bash',
        input: { command: 'npm test' },
        toolUseID: 'call-exec-1',
        hasSignal: true,
        suggestions: [
          {
            type: 'addRules',
            rules: [{ toolName: 'Bash' }],
            behavior: 'allow',
            destination: 'session',
          },
        ],
      },
    ]);
    expect(permissionAnswers(sandbox)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'allow' } },
    ]);

    const toolUse = messages.findIndex(
      (message) =>
        message.type === 'assistant' &&
        message.message.content.some(
          (block) => block.type === 'tool_use' && block.id === 'call-exec-1',
        ),
    );
    expect(toolUse).toBeGreaterThan(0);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: 'call-exec-1',
        content: '12 tests passed',
      }),
    ]);
    expect(toolResults(messages)[0]).not.toMatchObject({ is_error: true });
    const result = messages.at(-1);
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'The tests pass.',
      permission_denials: [],
    });
  });

  it('PM-03/PM-04: allow with the suggested rules (always allow) → the agent gets allow_always', async () => {
    const { messages, error } = await runWithPermission((suggestions) => ({
      behavior: 'allow',
      updatedPermissions: suggestions,
    }));
    expect(error).toBeUndefined();
    expect(permissionAnswers(sandbox)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'allow_always' } },
    ]);
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'The tests pass.' });
  });

  it('PM-04/PM-05: deny → the agent gets reject_once, the tool call closes as an error and the denial is listed', async () => {
    const { messages, calls, error } = await runWithPermission({
      behavior: 'deny',
      message: 'not on this machine',
    });
    expect(error).toBeUndefined();

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'Bash', toolUseID: 'call-exec-1' });
    expect(permissionAnswers(sandbox)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'call-exec-1', is_error: true }),
    ]);
    expect(messages.map(kindOf).at(-1)).toBe('result/success');
    expect(messages.at(-1)).toMatchObject({
      is_error: false,
      result: 'I did not run the tests.',
      permission_denials: [
        expect.objectContaining({ tool_name: 'Bash', tool_use_id: 'call-exec-1' }),
      ],
    });
  });

  it('PM-06: deny with interrupt → reject_once and session/cancel; the turn ends as an interrupted error result', async () => {
    const { messages, error } = await runWithPermission({
      behavior: 'deny',
      message: 'stop here',
      interrupt: true,
    });
    expect(permissionAnswers(sandbox)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
    const methods = sandbox.sentToAgent().map((message) => message.method);
    expect(methods.indexOf('session/cancel')).toBeGreaterThan(methods.indexOf('session/prompt'));
    const results = messages.filter((message) => message.type === 'result');
    expect(results).toEqual([
      expect.objectContaining({ subtype: 'error_during_execution', is_error: true }),
    ]);
    // As with `claude`, a run whose last turn is an error result exits 1: the SDK throws.
    expect(error?.message).toMatch(/^Claude Code returned an error result: /);
  });
});

describe('the Claude Agent SDK drives agentbridge: interrupt while canUseTool is pending', () => {
  it('PM-07/C-01: session/cancel goes first, then the pending permission is answered cancelled (ACP order) and the callback is aborted', async () => {
    const prompts = createPromptQueue();
    let asked: (() => void) | undefined;
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let aborted = false;
    const canUseTool: CanUseTool = (_toolName, _input, options) =>
      new Promise((resolve) => {
        options.signal.addEventListener('abort', () => {
          aborted = true;
          resolve({ behavior: 'deny', message: 'withdrawn' });
        });
        asked?.();
      });
    const running = query({ prompt: prompts, options: sandbox.options({ canUseTool }) });
    onTestFailed(() => running.close());
    prompts.push('run the tests');
    const reading = readUntil(running, (message) => message.type === 'result');
    await wasAsked;

    await running.interrupt();
    const messages = await reading;

    const requestId = sandbox
      .receivedFromAgent()
      .find((message) => message.method === 'session/request_permission')?.id;
    const toAgent = sandbox.sentToAgent();
    const answerIndex = toAgent.findIndex(
      (message) => message.method === undefined && message.id === requestId,
    );
    expect(toAgent[answerIndex]?.result).toEqual({ outcome: { outcome: 'cancelled' } });
    // ACP §8: the client answers pending permission requests `cancelled` after `session/cancel`.
    const cancelIndex = toAgent.findIndex((message) => message.method === 'session/cancel');
    expect(cancelIndex).toBeGreaterThanOrEqual(0);
    expect(cancelIndex).toBeLessThan(answerIndex);
    expect(aborted).toBe(true);
    expect(messages.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
    });

    prompts.push('hello again');
    const next = await readUntil(running, (message) => message.type === 'result');
    expect(next.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
    prompts.end();
    await readUntil(running, () => false);
  });
});
