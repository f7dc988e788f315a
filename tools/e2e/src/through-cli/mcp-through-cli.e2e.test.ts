import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FakeAnthropicServer } from '../fake-anthropic-server.js';
import type { FakeChatServer } from '../fake-chat-server.js';
import type { FakeGeminiServer } from '../fake-gemini-server.js';
import type { FakeModelServer } from '../fake-model-server.js';
import type { FakeOpenAiServer } from '../fake-openai-server.js';
import { backdateGeminiChats } from '../launch-gemini.js';
import { allowing } from './__fixtures__/allowing.js';
import { createCodexWorld, createGeminiWorld } from './__fixtures__/create-cli-world.js';
import { createClaudeAcpWorld, createQwenWorld } from './__fixtures__/create-more-worlds.js';
import { type CliWorlds, useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { assistantBlocks, resultOf, toolResults } from './__fixtures__/wire-queries.js';

/** `calc` with one tool, `add`, whose calls are kept. */
function calcServer() {
  const calls: unknown[] = [];
  const server = createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
        calls.push({ a, b });
        // Not bare JSON: Gemini CLI 0.61 turns a JSON text into structuredContent and fails on
        // one that is not an object (tools/e2e README, Gemini 13).
        return { content: [{ type: 'text', text: `${a} + ${b} = ${a + b}` }] };
      }),
    ],
  });
  return { server, calls };
}

const toolUses = (messages: SDKMessage[]) =>
  assistantBlocks(messages).filter((block) => block.type === 'tool_use');

/** A run whose SDK has the `calc` server and a `canUseTool` that allows everything. */
async function startCalc<Server extends FakeModelServer>(worlds: CliWorlds<Server>) {
  const calc = calcServer();
  const permission = allowing();
  const started = await worlds.start({
    query: { mcpServers: { calc: calc.server }, canUseTool: permission.canUseTool },
  });
  /** The model's `add(2, 3)` ran the SDK tool once, asked and shown as `mcp__calc__add`. */
  const expectAddRan = (messages: SDKMessage[]) => {
    expect(calc.calls).toEqual([{ a: 2, b: 3 }]);
    expect(permission.asked).toEqual([{ toolName: 'mcp__calc__add', input: { a: 2, b: 3 } }]);
    expect(toolUses(messages)).toEqual([
      expect.objectContaining({ name: 'mcp__calc__add', input: { a: 2, b: 3 } }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'The sum is 5.' });
  };
  return { ...started, expectAddRan };
}

describe('Gemini CLI 0.61.0: in-process MCP tools and structured output through agentbridge', () => {
  const worlds = useCliWorlds(createGeminiWorld);

  it('MCP-01 MCP-02 MCP-03 MCP-04: the model’s mcp_calc_add runs the SDK tool; the model gets its answer', async () => {
    const { world, run, expectAddRan } = await startCalc(worlds);
    const server: FakeGeminiServer = world.server;
    server.enqueueTurn({
      parts: [{ functionCall: { name: 'mcp_calc_add', args: { a: 2, b: 3 } } }],
    });
    server.enqueueTurn({ parts: [{ text: 'The sum is 5.' }] });
    const messages = await run.turn('Add 2 and 3 with the calc tool.');

    expectAddRan(messages);
    expect(JSON.stringify(toolResults(messages))).toContain('2 + 3 = 5');
    const answer = server.lastContents().at(-1)?.parts[0];
    expect(answer).toMatchObject({ functionResponse: { name: 'mcp_calc_add' } });
    expect(JSON.stringify(answer)).toContain('2 + 3 = 5');
    const init = run.seen.find(
      (message) => message.type === 'system' && message.subtype === 'init',
    );
    expect(init).toMatchObject({
      mcp_servers: [{ name: 'calc', status: 'connected', source: 'sdk' }],
      tools: expect.arrayContaining(['mcp__calc__add']),
    });
    // Gemini reached the endpoint on 127.0.0.1 with the session's token (the net guard saw it).
    const [entry] = (world.sent('session/new')[0]?.mcpServers ?? []) as { url: string }[];
    expect(entry?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/calc$/);
  });

  it('MCP-05 MCP-06: switching the SDK server off reopens the session without it; the conversation stays', async () => {
    const calc = calcServer();
    const { world, run } = await worlds.start({ query: { mcpServers: { calc: calc.server } } });
    const server: FakeGeminiServer = world.server;
    const toolsOfLastRequest = () => JSON.stringify(server.streamRequests().at(-1)?.body ?? {});
    server.enqueueTurn({ parts: [{ text: 'The magic word is plum.' }] });
    await run.turn('Remember a magic word.');
    expect(toolsOfLastRequest()).toContain('mcp_calc_add');
    const sessionId = (resultOf(run.seen) as { session_id: string }).session_id;

    // Gemini reloads its chat file, which must not be of the current minute (tools/e2e README, 9a).
    backdateGeminiChats(world.directories.homeDirectory);
    await run.query.toggleMcpServer('calc', false);
    const statuses = await run.query.mcpServerStatus();
    expect(statuses.find((status) => status.name === 'calc')).toMatchObject({ status: 'disabled' });
    expect(world.sent('session/load')).toEqual([
      expect.objectContaining({ sessionId, mcpServers: [] }),
    ]);

    server.enqueueTurn({ parts: [{ text: 'The word was plum.' }] });
    const messages = await run.turn('Say the word.');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', session_id: sessionId });
    expect(JSON.stringify(server.lastContents())).toContain('The magic word is plum.');
    expect(toolsOfLastRequest()).not.toContain('mcp_calc_add');
    expect(calc.calls).toEqual([]);
  });

  it('SO-01 SO-02 SO-04: outputFormat gives result.structured_output from the StructuredOutput call', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, country: { type: 'string' } },
      required: ['city', 'country'],
    };
    const { world, run } = await worlds.start({
      query: { outputFormat: { type: 'json_schema', schema } },
    });
    const server: FakeGeminiServer = world.server;
    const answer = { city: 'Paris', country: 'France' };
    server.enqueueTurn({
      parts: [{ functionCall: { name: 'mcp_agentbridge_StructuredOutput', args: answer } }],
    });
    server.enqueueTurn({ parts: [{ text: 'Done.' }] });
    const messages = await run.turn('Where is the Eiffel tower?');

    expect(toolUses(messages)).toEqual([
      expect.objectContaining({ name: 'StructuredOutput', input: answer }),
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      structured_output: answer,
      result: JSON.stringify(answer),
    });
    // The prompt said how to answer; the model got the tool's acceptance.
    const contents = JSON.stringify(server.lastContents());
    expect(contents).toContain('call the StructuredOutput tool of the MCP server');
    expect(contents).toContain('Structured output provided successfully');
  });

  it('SO-05: a prose answer is sent back with what was wrong; the JSON that follows is the structured output', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const { world, run } = await worlds.start({
      query: { outputFormat: { type: 'json_schema', schema } },
    });
    const server: FakeGeminiServer = world.server;
    server.enqueueTurn({ parts: [{ text: 'It is four.' }] });
    server.enqueueTurn({ parts: [{ text: '{"n": 4}' }] });
    const messages = await run.turn('What is 2 + 2?');

    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      structured_output: { n: 4 },
      result: '{"n":4}',
    });
    expect(messages.filter((message) => message.type === 'result')).toHaveLength(1);
    expect(JSON.stringify(server.lastContents())).toContain(
      'Your answer was not accepted (StructuredOutput was not called)',
    );
  });
});

describe('codex-acp 0.16.0: in-process MCP tools and structured output through agentbridge', () => {
  const worlds = useCliWorlds(createCodexWorld);

  it('MCP-01 MCP-03 MCP-04: the model’s call in namespace mcp__calc runs the SDK tool; the model gets its answer', async () => {
    const { world, run, expectAddRan } = await startCalc(worlds);
    const server: FakeOpenAiServer = world.server;
    server.enqueueTurn({
      items: [
        {
          type: 'function_call',
          namespace: 'mcp__calc',
          name: 'add',
          arguments: { a: 2, b: 3 },
          callId: 'call_add',
        },
      ],
    });
    server.enqueueTurn({ items: [{ type: 'message', deltas: ['The sum is 5.'] }] });
    const messages = await run.turn('Add 2 and 3 with the calc tool.');

    expectAddRan(messages);
    const output = server.lastBody().input.find((item) => item.type === 'function_call_output');
    expect(output).toMatchObject({ call_id: 'call_add' });
    expect(output?.output).toContain('2 + 3 = 5');
  });
  it('SO-01 SO-02: outputFormat gives result.structured_output from the StructuredOutput call in namespace mcp__agentbridge', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const { world, run } = await worlds.start({
      query: { outputFormat: { type: 'json_schema', schema } },
    });
    const server: FakeOpenAiServer = world.server;
    server.enqueueTurn({
      items: [
        {
          type: 'function_call',
          namespace: 'mcp__agentbridge',
          name: 'StructuredOutput',
          arguments: { city: 'Paris' },
          callId: 'call_so',
        },
      ],
    });
    server.enqueueTurn({ items: [{ type: 'message', deltas: ['Done.'] }] });
    const messages = await run.turn('Where is the Eiffel tower?');

    expect(toolUses(messages)).toEqual([
      expect.objectContaining({ name: 'StructuredOutput', input: { city: 'Paris' } }),
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      structured_output: { city: 'Paris' },
      result: '{"city":"Paris"}',
    });
    const output = server.lastBody().input.find((item) => item.type === 'function_call_output');
    expect(output?.output).toContain('Structured output provided successfully');
  });
});

describe('Qwen Code 0.24.4: in-process MCP tools through agentbridge', () => {
  const worlds = useCliWorlds(createQwenWorld);

  // Qwen connects its MCP servers in the background (tools/e2e README, Qwen 7): the first prompt
  // waits until it listed the tools, so the model's first call finds the tool (MCP-09).
  it('MCP-03 MCP-04 MCP-09: the first prompt’s mcp__calc__add runs the SDK tool, named by the agent’s _meta; the model gets its answer', async () => {
    const { world, run, expectAddRan } = await startCalc(worlds);
    const server: FakeChatServer = world.server;
    server.enqueueTurn({
      parts: [{ type: 'tool_call', name: 'mcp__calc__add', arguments: { a: 2, b: 3 } }],
    });
    server.enqueueTurn({ parts: [{ type: 'text', text: 'The sum is 5.' }] });
    const messages = await run.turn('Add 2 and 3 with the calc tool.');

    expectAddRan(messages);
    const answer = server.lastMessages().find((message) => message.role === 'tool');
    expect(JSON.stringify(answer?.content)).toContain('2 + 3 = 5');
  });
});

describe('claude-agent-acp 0.101.0 (Claude Code 2.1.332): in-process MCP tools through agentbridge', () => {
  const worlds = useCliWorlds(createClaudeAcpWorld);

  it('MCP-03 MCP-04: the model’s mcp__calc__add runs the SDK tool; the model gets its answer', async () => {
    const { world, run, expectAddRan } = await startCalc(worlds);
    const server: FakeAnthropicServer = world.server;
    server.enqueueTurn({
      blocks: [{ type: 'tool_use', name: 'mcp__calc__add', input: { a: 2, b: 3 } }],
    });
    server.enqueueTurn({ blocks: [{ type: 'text', text: 'The sum is 5.' }] });
    const messages = await run.turn('Add 2 and 3 with the calc tool.');

    expectAddRan(messages);
    expect(JSON.stringify(server.lastMessages().at(-1))).toContain('2 + 3 = 5');
  });
});
