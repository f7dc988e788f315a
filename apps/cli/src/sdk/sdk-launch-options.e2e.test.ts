import { fakeAcpAgentBinPath, kindOf } from '@agentbridge/test-kit';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';

let sandbox: SdkSandbox;
beforeEach(() => {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
});
afterEach(async () => {
  expect(await sandbox.dispose()).toEqual([]);
});

async function run(prompt: string, options: Options): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt, options })) messages.push(message);
  return messages;
}

describe('the Claude Agent SDK drives agentbridge: launch options', () => {
  it('S-20/S-21: the model and permissionMode options switch the new session before the first prompt', async () => {
    const messages = await run(
      'hello',
      sandbox.options({ model: 'fake-large', permissionMode: 'plan' }),
    );

    const methods = sandbox.sentToAgent().map((message) => message.method);
    const prompt = methods.indexOf('session/prompt');
    const setModel = sandbox
      .sentToAgent()
      .find((message) => message.method === 'session/set_model');
    const setMode = sandbox.sentToAgent().find((message) => message.method === 'session/set_mode');
    expect(setModel?.params).toEqual({ sessionId: 'sdk-session-1', modelId: 'fake-large' });
    expect(setMode?.params).toEqual({ sessionId: 'sdk-session-1', modeId: 'plan' });
    expect(methods.indexOf('session/set_model')).toBeLessThan(prompt);
    expect(methods.indexOf('session/set_mode')).toBeLessThan(prompt);
    expect(messages.find((message) => kindOf(message) === 'system/init')).toMatchObject({
      permissionMode: 'plan',
    });
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
  });

  it('PR-06: the systemPrompt option (sent in initialize) reaches the first prompt only, as standing instructions', async () => {
    const messages = await run('hello', sandbox.options({ systemPrompt: 'Answer in haiku.' }));
    expect(messages.at(-1)).toMatchObject({ subtype: 'success' });

    const prompts = sandbox
      .sentToAgent()
      .filter((message) => message.method === 'session/prompt')
      .map((message) => JSON.stringify(message.params?.prompt));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Answer in haiku.');
    expect(prompts[0]).toContain('hello');
  });

  it('own flags through extraArgs (--backend, --agent-command) work as well as AGENTBRIDGE_* variables', async () => {
    const env: Record<string, string> = { ...sandbox.env };
    for (const name of ['AGENTBRIDGE_BACKEND', 'AGENTBRIDGE_COMMAND', 'AGENTBRIDGE_ARGS']) {
      delete env[name];
    }
    env.FAKE_ACP_SCENARIO = sdkScenarioPath('sdk-agent');

    const messages = await run(
      'stream please',
      sandbox.options({
        env,
        extraArgs: { backend: 'acp', 'agent-command': fakeAcpAgentBinPath },
      }),
    );

    expect(messages.map(kindOf).at(-1)).toBe('result/success');
    expect(messages.at(-1)).toMatchObject({ result: 'Streaming through agentbridge.' });
  });
});
