import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  expect(await sandbox?.dispose()).toEqual([]);
  sandbox = undefined;
});

/** Runs one prompt and returns what the SDK yielded and the error its iterator threw. */
async function runExpectingFailure(
  scenario: string,
  prompt: string,
): Promise<{ messages: SDKMessage[]; error: Error | undefined }> {
  sandbox = createSdkSandbox(sdkScenarioPath(scenario));
  const messages: SDKMessage[] = [];
  try {
    for await (const message of query({ prompt, options: sandbox.options() })) {
      messages.push(message);
    }
  } catch (error) {
    return { messages, error: error as Error };
  }
  return { messages, error: undefined };
}

describe('the Claude Agent SDK drives agentbridge: an agent crash', () => {
  it('X-01: a crash mid-turn ends the turn with an error result and the SDK error carries the stderr tail', async () => {
    const { messages, error } = await runExpectingFailure('sdk-agent', 'crash now');

    const results = messages.filter((message) => message.type === 'result');
    expect(results).toEqual([
      expect.objectContaining({ is_error: true, stop_reason: 'process_exited' }),
    ]);
    // The CLI reports the exit and the agent's stderr tail on its own stderr...
    expect(sandbox?.stderr()).toContain(
      'agentbridge: error: the agent exited with code 1\nsdk-fake-agent: model quota exhausted (simulated)',
    );
    // ...and the SDK's error must carry that tail too.
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain('sdk-fake-agent: model quota exhausted (simulated)');
    expect(error?.message).toContain('simulated agent failure');
  });

  it('H-20: an agent that dies during the handshake makes the SDK throw its exit code and stderr tail', async () => {
    const { messages, error } = await runExpectingFailure('startup-crash', 'hello');

    expect(messages.filter((message) => message.type === 'assistant')).toEqual([]);
    expect(messages.filter((message) => message.type === 'result')).toEqual([
      expect.objectContaining({ is_error: true, stop_reason: 'handshake_failed' }),
    ]);
    expect(sandbox?.stderr()).toContain(
      'agentbridge: error: the agent exited with code 3\nsdk-fake-agent: cannot read ~/.fake/config.toml (simulated)',
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toMatch(/\bcode 3\b/);
    expect(error?.message).toContain('sdk-fake-agent: cannot read ~/.fake/config.toml (simulated)');
  });
});
