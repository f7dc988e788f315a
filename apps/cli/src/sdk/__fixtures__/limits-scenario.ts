import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindOf } from '@agentbridge/test-kit';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { expect } from 'vitest';
import { createSdkSandbox, type SdkSandbox } from './create-sdk-sandbox.js';

export type Json = Record<string, unknown>;

const scenarioRoots: string[] = [];
let sandbox: SdkSandbox | undefined;
/** A test that disposed its sandbox itself says so: `disposeScenario` leaves it alone. */
export function forgetSandbox(): void {
  sandbox = undefined;
}

/** For `afterEach`: disposes the sandbox `start` made (it must leave no process) and its scenario. */
export async function disposeScenario(): Promise<void> {
  if (sandbox !== undefined) expect(await sandbox.dispose()).toEqual([]);
  sandbox = undefined;
  for (const root of scenarioRoots.splice(0)) rmSync(root, { recursive: true, force: true });
}

export const chunk = (text: string) => ({
  type: 'update',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
export const completed = (toolCallId: string) => ({
  type: 'update',
  update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' },
});
export const askShell = (
  toolCallId: string,
  command: string,
  onAllow: Json[] = [completed(toolCallId)],
) => ({
  type: 'request-permission',
  toolCall: { toolCallId, title: command, kind: 'execute', rawInput: { command } },
  onAllow,
});

/** A sandbox whose fake agent plays `scenario` (written for the test: it may name the cwd). */
export function start(scenario: (cwd: string) => Json): SdkSandbox {
  const root = mkdtempSync(join(tmpdir(), 'agentbridge-limits-'));
  scenarioRoots.push(root);
  const file = join(root, 'scenario.json');
  const created = createSdkSandbox(file);
  writeFileSync(
    file,
    JSON.stringify({
      initialize: { agentInfo: { name: 'limits-agent', version: '1.0.0' } },
      sessionNew: { sessionId: 'limits-1', ...(scenario(created.cwd).sessionNew as Json) },
      ...scenario(created.cwd),
    }),
  );
  sandbox = created;
  return created;
}

/** The messages of one query; an error result also makes the SDK throw, after yielding it. */
export async function run(prompt: string, options: Options): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of query({ prompt, options })) messages.push(message);
  } catch (error) {
    if (!messages.some((message) => message.type === 'result')) throw error;
  }
  return messages;
}

export const resultOf = (messages: SDKMessage[]) =>
  messages.find((message) => message.type === 'result') as Json;
export const informational = (messages: SDKMessage[]) =>
  messages.flatMap((message) =>
    kindOf(message) === 'system/informational' ? [(message as Json).content] : [],
  );
export const toolBlocks = (messages: SDKMessage[], type: 'tool_use' | 'tool_result') =>
  messages.flatMap((message) =>
    (message.type === 'assistant' || message.type === 'user') &&
    Array.isArray(message.message.content)
      ? (message.message.content as unknown as Json[]).filter((block) => block.type === type)
      : [],
  );
export const permissionAnswers = (box: SdkSandbox) => {
  const asked = new Set(
    box
      .receivedFromAgent()
      .flatMap((message) => (message.method === 'session/request_permission' ? [message.id] : [])),
  );
  return box
    .sentToAgent()
    .flatMap((message) =>
      asked.has(message.id as number) && !message.method ? [message.result] : [],
    );
};
