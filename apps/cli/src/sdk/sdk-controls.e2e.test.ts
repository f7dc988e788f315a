import { kindOf, readUntil } from '@agentbridge/test-kit';
import type { Query, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PromptQueue } from './__fixtures__/create-prompt-queue.js';
import { createPromptQueue } from './__fixtures__/create-prompt-queue.js';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';
import { isProcessAlive } from './__fixtures__/find-processes-under.js';

let sandbox: SdkSandbox;
let prompts: PromptQueue;
let running: Query;
beforeEach(() => {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
  prompts = createPromptQueue();
  running = query({ prompt: prompts, options: sandbox.options({ includePartialMessages: true }) });
});
afterEach(async (context) => {
  prompts.end();
  if (context.task.result?.state === 'fail') running.close();
  // Drain: the run must end on its own once the input ended (no error result last, exit 0).
  else await readUntil(running, () => false);
  expect(await sandbox.dispose()).toEqual([]);
});

const isResult = (message: SDKMessage) => message.type === 'result';

/** Sends one prompt and reads its turn up to the result. */
async function turn(text: string): Promise<SDKMessage[]> {
  prompts.push(text);
  return readUntil(running, isResult);
}

function sent(method: string): Record<string, unknown>[] {
  return sandbox
    .sentToAgent()
    .filter((message) => message.method === method)
    .map((message) => message.params ?? {});
}

describe('the Claude Agent SDK drives agentbridge: control requests', () => {
  it('C-01: interrupt() cancels the running prompt; the turn ends interrupted and the session goes on', async () => {
    prompts.push('take your time');
    const beforeInterrupt = await readUntil(
      running,
      (message) =>
        message.type === 'stream_event' &&
        message.event.type === 'content_block_delta' &&
        message.event.delta.type === 'text_delta',
    );
    expect(beforeInterrupt.map(kindOf)).toContain('system/init');
    // The fake agent is alive now (and the sandbox can see it, so the final check means something).
    expect(sandbox.livingProcesses().length).toBeGreaterThanOrEqual(2);

    const receipt = await running.interrupt();
    expect(receipt).toMatchObject({ still_queued: [] });

    const rest = await readUntil(running, isResult);
    const result = rest.at(-1);
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
      session_id: 'sdk-session-1',
    });
    const texts = [...beforeInterrupt, ...rest].flatMap((message) =>
      message.type === 'assistant'
        ? message.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []))
        : [],
    );
    expect(texts).toEqual(['Starting a long answer']);
    expect(sent('session/cancel')).toEqual([{ sessionId: 'sdk-session-1' }]);

    const next = await turn('hello again');
    expect(next.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'Plain answer.',
    });
  });

  it('X-07/X-08: close() in the middle of a turn ends the CLI and its agent (no process left behind)', async () => {
    prompts.push('take your time');
    await readUntil(
      running,
      (message) =>
        message.type === 'stream_event' &&
        message.event.type === 'content_block_delta' &&
        message.event.delta.type === 'text_delta',
    );
    const alive = sandbox.livingProcesses();
    expect(alive.length).toBeGreaterThanOrEqual(2);

    running.close();
    await readUntil(running, () => false).catch(() => []);
    expect(await sandbox.dispose()).toEqual([]);
    expect(alive.filter(isProcessAlive)).toEqual([]);
  });

  it('C-01: interrupt() while idle answers and sends no session/cancel', async () => {
    await turn('hello');
    expect(await running.interrupt()).toMatchObject({ still_queued: [] });
    const next = await turn('hello again');
    expect(next.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
    expect(sent('session/cancel')).toEqual([]);
  });

  it('C-03/C-04: setPermissionMode() maps Claude modes onto the agent modes and refuses what has no match', async () => {
    await turn('hello');

    expect(await running.setPermissionMode('plan')).toMatchObject({ mode: 'plan' });
    expect(await running.setPermissionMode('acceptEdits')).toMatchObject({ mode: 'acceptEdits' });
    await expect(running.setPermissionMode('bypassPermissions')).rejects.toThrow(
      /no session mode matching 'bypassPermissions'/,
    );
    expect(sent('session/set_mode')).toEqual([
      { sessionId: 'sdk-session-1', modeId: 'plan' },
      { sessionId: 'sdk-session-1', modeId: 'auto-edit' },
    ]);

    const next = await turn('hello again');
    expect(next.find((message) => kindOf(message) === 'system/init')).toMatchObject({
      permissionMode: 'acceptEdits',
    });
    expect(next.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
  });

  it('C-02: setModel() sends session/set_model (ids as given, display names resolved); the next turn runs', async () => {
    await turn('hello');

    await running.setModel('fake-small');
    await running.setModel('Fake large');
    expect(sent('session/set_model')).toEqual([
      { sessionId: 'sdk-session-1', modelId: 'fake-small' },
      { sessionId: 'sdk-session-1', modelId: 'fake-large' },
    ]);

    const next = await turn('hello again');
    expect(next.find((message) => kindOf(message) === 'system/init')).toMatchObject({
      model: 'fake-large',
    });
    const assistant = next.find((message) => message.type === 'assistant');
    expect(assistant?.type === 'assistant' && assistant.message.model).toBe('fake-large');
    expect(next.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
  });

  it('H-11/S-11: supportedModels() lists the agent models', async () => {
    expect(await running.supportedModels()).toEqual([
      expect.objectContaining({
        value: 'fake-small',
        displayName: 'Fake small',
        description: 'Quick answers',
      }),
      expect.objectContaining({
        value: 'fake-large',
        displayName: 'Fake large',
        description: 'Careful answers',
      }),
    ]);
    await turn('hello');
  });

  it('N-06 H-13: supportedCommands() lists the agent commands (sent right after session/new, as Gemini does); one system/init per turn', async () => {
    const first = await turn('hello');
    // The commands came after session-ready's system/init: as commands_changed, not a second init.
    expect(first.filter((message) => kindOf(message) === 'system/init')).toHaveLength(1);
    expect(first.filter((message) => kindOf(message) === 'system/commands_changed')).toHaveLength(
      1,
    );
    expect(await running.supportedCommands()).toEqual([
      expect.objectContaining({
        name: 'review',
        description: 'Review the changes',
        argumentHint: '<path>',
      }),
    ]);
  });
});
