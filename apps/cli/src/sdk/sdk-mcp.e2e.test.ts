import { fileURLToPath } from 'node:url';
import { readUntil } from '@agentbridge/test-kit';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { createSdkMcpServer, query, tool } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPromptQueue } from './__fixtures__/create-prompt-queue.js';
import {
  createSdkSandbox,
  type SdkSandbox,
  sdkScenarioPath,
} from './__fixtures__/create-sdk-sandbox.js';

const agentScript = fileURLToPath(new URL('./__fixtures__/mcp-stdio-agent.mjs', import.meta.url));

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  expect(await sandbox?.dispose()).toEqual([]);
  sandbox = undefined;
});

/** One turn through agentbridge with the stdio-only MCP agent; every message the SDK got. */
async function runTurn(overrides: Options): Promise<SDKMessage[]> {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
  const env = {
    ...sandbox.env,
    AGENTBRIDGE_COMMAND: process.execPath,
    AGENTBRIDGE_ARGS: JSON.stringify([agentScript]),
  };
  const prompts = createPromptQueue();
  const running = query({ prompt: prompts, options: sandbox.options({ env, ...overrides }) });
  prompts.push('Add 2 and 3.');
  const messages = await readUntil(running, (message) => message.type === 'result');
  prompts.end();
  await readUntil(running, () => false);
  return messages;
}

const blocks = (messages: SDKMessage[], type: string) =>
  messages.flatMap((message) =>
    message.type === 'assistant' || message.type === 'user'
      ? (message.message.content as { type: string }[]).filter((block) => block.type === type)
      : [],
  );

describe('in-process MCP servers through agentbridge, over the stdio relay', () => {
  it('MCP-01 MCP-04 MCP-05: the agent calls the SDK tool through the relay; the SDK sees mcp__calc__add', async () => {
    const calls: unknown[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const messages = await runTurn({ mcpServers: { calc } });
    expect(calls).toEqual([{ a: 2, b: 3 }]);
    const init = messages.find(
      (message) => message.type === 'system' && message.subtype === 'init',
    );
    expect(init).toMatchObject({
      mcp_servers: [{ name: 'calc', status: 'connected', source: 'sdk' }],
      tools: expect.arrayContaining(['mcp__calc__add']),
    });
    expect(blocks(messages, 'tool_use')).toEqual([
      expect.objectContaining({ name: 'mcp__calc__add', input: { a: 2, b: 3 } }),
    ]);
    expect(blocks(messages, 'tool_result')).toEqual([
      expect.objectContaining({ content: '5', is_error: false }),
    ]);
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'The tool said: 5' });
  });

  it('SO-01 SO-02: outputFormat gives result.structured_output through the StructuredOutput tool', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    };
    const messages = await runTurn({ outputFormat: { type: 'json_schema', schema } });
    expect(blocks(messages, 'tool_use')).toEqual([
      expect.objectContaining({ name: 'StructuredOutput', input: { city: 'Paris' } }),
    ]);
    expect(messages.at(-1)).toMatchObject({
      subtype: 'success',
      structured_output: { city: 'Paris' },
      result: '{"city":"Paris"}',
    });
  });
});
