import { describe, expect, it } from 'vitest';
import {
  createHarness,
  type Harness,
  type Line,
  seedInitializeResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import { answerHost, hostOperations, sdkSession } from '../mcp/__fixtures__/mcp-harness.js';
import { parseJsonAnswer } from './structured-output-gates.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

/** Answers the last `json-schema/validate` with `errors`. */
const validate = (harness: Harness, errors: string[] = []) =>
  answerHost(harness, 'json-schema/validate', { ok: true, value: { errors } });

/** A ready session with the schema, the endpoint open, and a turn sent. */
function structuredTurn(options: { readonly agentMcp?: boolean } = {}): Harness {
  const harness = sdkSession({
    servers: [],
    jsonSchema: schema,
    backend: seedVendorBackend,
    ...(options.agentMcp === false
      ? { script: { initialize: { result: seedInitializeResult() } } }
      : {}),
  });
  harness.user('Where is the Eiffel tower?');
  return harness;
}

/** The agent's `StructuredOutput` call as codex-acp reports it, then the call on the endpoint. */
function callTool(harness: Harness, input: Line, id = 'call-1'): Line[] {
  const rawInput = { server: 'agentbridge', tool: 'StructuredOutput', arguments: input };
  harness.update({ sessionUpdate: 'tool_call', toolCallId: id, status: 'in_progress', rawInput });
  const answers = harness.mcp('agentbridge', {
    id: 5,
    method: 'tools/call',
    params: { name: 'StructuredOutput', arguments: input },
  });
  return answers;
}

describe('structured output (outputFormat, --json-schema)', () => {
  it('SO-01 the schema puts StructuredOutput on the bridge’s own endpoint server, offered with it as input schema', () => {
    const harness = sdkSession({ servers: [], jsonSchema: schema });
    expect(hostOperations(harness, 'mcp/open-endpoint')[0]?.operation.params).toEqual({
      names: ['agentbridge'],
      http: true,
    });
    expect(harness.linesOf('system', 'init')[0]?.tools).toEqual(['StructuredOutput']);
    const [list] = harness.mcp('agentbridge', { id: 1, method: 'tools/list' });
    expect(list?.result.tools).toEqual([
      expect.objectContaining({ name: 'StructuredOutput', inputSchema: schema }),
    ]);
    const [init] = harness.mcp('agentbridge', {
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18' },
    });
    expect(init?.result).toMatchObject({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
    });
  });

  it('SO-04 the first prompt of a turn says to call the tool', () => {
    const harness = structuredTurn();
    const prompt = harness.lastRequest('session/prompt').params.prompt;
    expect(prompt.at(-1).text).toBe(
      'When your answer is complete, call the StructuredOutput tool of the MCP server "agentbridge" exactly once, with the final answer as its input (its input schema is the required format).',
    );
  });

  it('SO-02 SO-03 a valid call is the result’s structured_output, its JSON text the result; the tool shows as StructuredOutput', () => {
    const harness = structuredTurn();
    const answers = callTool(harness, { city: 'Paris' });
    expect(hostOperations(harness, 'json-schema/validate')[0]?.operation.params).toEqual({
      schema,
      value: { city: 'Paris' },
    });
    validate(harness);
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        result: { content: [{ type: 'text', text: 'Structured output provided successfully' }] },
      },
    ]);
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call-1',
      status: 'completed',
    });
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Done.' },
    });
    harness.endPrompt();
    const toolUse = harness
      .linesOf('assistant')
      .flatMap((line) => line.message.content)
      .find((block: Line) => block.type === 'tool_use');
    expect(toolUse).toMatchObject({ name: 'StructuredOutput', input: { city: 'Paris' } });
    expect(harness.linesOf('result')[0]).toMatchObject({
      subtype: 'success',
      result: '{"city":"Paris"}',
      structured_output: { city: 'Paris' },
    });
  });

  it('SO-02 an invalid call is refused with the errors; the model’s corrected call is taken', () => {
    const harness = structuredTurn();
    const refused = callTool(harness, { town: 'Paris' });
    validate(harness, ["/ must have required property 'city'"]);
    expect(refused[0]?.result).toEqual({
      content: [
        {
          type: 'text',
          text: "Output does not match the required schema: / must have required property 'city'",
        },
      ],
      isError: true,
    });
    callTool(harness, { city: 'Paris' }, 'call-2');
    validate(harness);
    harness.endPrompt();
    expect(harness.linesOf('result')[0]?.structured_output).toEqual({ city: 'Paris' });
  });

  it('SO-05 a plain JSON answer that fits the schema is taken without the tool', () => {
    const harness = structuredTurn();
    const text = '```json\n{"city": "Paris"}\n```';
    harness.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
    harness.endPrompt();
    expect(harness.linesOf('result')).toEqual([]);
    validate(harness);
    expect(harness.linesOf('result')[0]).toMatchObject({
      subtype: 'success',
      structured_output: { city: 'Paris' },
      result: '{"city":"Paris"}',
    });
  });

  it('SO-05 a prose answer gets a nudge prompt in the same turn; one result follows the valid retry', () => {
    const harness = structuredTurn();
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'It is in Paris.' },
    });
    harness.endPrompt();
    const nudge = harness.lastRequest('session/prompt').params.prompt;
    expect(nudge).toEqual([
      {
        type: 'text',
        text: 'Your answer was not accepted (StructuredOutput was not called). Now call the StructuredOutput tool of the MCP server "agentbridge" exactly once, with the final answer as its input (its input schema is the required format).',
      },
    ]);
    callTool(harness, { city: 'Paris' });
    validate(harness);
    harness.endPrompt();
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.linesOf('result')[0]).toMatchObject({
      num_turns: 2,
      structured_output: { city: 'Paris' },
    });
  });

  it('SO-05 after five failed attempts the turn ends error_max_structured_output_retries', () => {
    const harness = structuredTurn();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      harness.update({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: '{"town": "Paris"}' },
      });
      harness.endPrompt();
      validate(harness, ["/ must have required property 'city'"]);
    }
    expect(harness.sent('session/prompt')).toHaveLength(5);
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({
        subtype: 'error_max_structured_output_retries',
        is_error: true,
        terminal_reason: 'structured_output_retry_exhausted',
        errors: [
          "Failed to provide valid structured output after 5 attempts — last error: it does not match the schema: / must have required property 'city'",
        ],
      }),
    ]);
  });

  it('SO-04 SO-05 without an endpoint the prompt asks for bare JSON of the schema, and the text is checked', () => {
    const harness = createHarness({ launch: { jsonSchema: schema } });
    harness.initialize();
    answerHost(harness, 'mcp/open-endpoint', { ok: false, message: 'no endpoint here' });
    harness.user('Where?');
    expect(harness.lastRequest('session/prompt').params.prompt.at(-1).text).toBe(
      `When your answer is complete, reply with the final answer as one JSON value and nothing else (no other text, no code fence), valid against this JSON Schema: ${JSON.stringify(schema)}.`,
    );
    expect(harness.linesOf('system', 'init')[0]?.tools).toEqual(['StructuredOutput']);
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Paris' },
    });
    harness.endPrompt();
    expect(harness.lastRequest('session/prompt').params.prompt[0].text).toMatch(
      /^Your answer was not accepted \(it is not JSON\)\. Now reply with the final answer as one JSON value/,
    );
  });

  it('SO-03 a host without a validator: the answer is taken unchecked, and a non-object schema offers no tool', () => {
    const harness = createHarness({ launch: { jsonSchema: { type: 'array' } } });
    harness.initialize();
    expect(hostOperations(harness, 'mcp/open-endpoint')).toEqual([]);
    harness.user('List.');
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: '[1, 2]' },
    });
    harness.endPrompt();
    answerHost(harness, 'json-schema/validate', { ok: false, message: 'no validator' });
    expect(harness.linesOf('result')[0]).toMatchObject({
      structured_output: [1, 2],
      result: '[1,2]',
    });
    expect(harness.log.entries.some((entry) => entry.message.includes('not checked'))).toBe(true);
  });

  it('SO-05 an interrupted or failed turn keeps its ending: no structured output is asked for', () => {
    const harness = structuredTurn();
    harness.client({
      type: 'control_request',
      request_id: 'i_1',
      request: { subtype: 'interrupt' },
    });
    harness.endPrompt('cancelled');
    expect(harness.linesOf('result').map(shapeOf)).toEqual(['result/error_during_execution']);
    expect(hostOperations(harness, 'json-schema/validate')).toEqual([]);
  });
});

describe('parseJsonAnswer', () => {
  it('SO-05 reads bare JSON and one fenced block, nothing else', () => {
    expect(parseJsonAnswer(' {"a": 1} ')).toEqual({ value: { a: 1 } });
    expect(parseJsonAnswer('```\n[1]\n```')).toEqual({ value: [1] });
    expect(parseJsonAnswer('null')).toEqual({ value: null });
    expect(parseJsonAnswer('Here: {"a": 1}')).toBeUndefined();
    expect(parseJsonAnswer('')).toBeUndefined();
  });
});
