import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Line } from '../__fixtures__/bridge-harness.js';
import { readyHarness } from '../__fixtures__/ready-harness.js';

/** Subtypes the bridge serves, some core models and it does not, and some nobody models. */
const subtypes = [
  'initialize',
  'interrupt',
  'set_model',
  'set_permission_mode',
  'set_max_thinking_tokens',
  'mcp_status',
  'mcp_message',
  'mcp_set_servers',
  'mcp_reconnect',
  'mcp_toggle',
  'get_context_usage',
  'rewind_files',
  'no_such_subtype',
];

/** Any JSON, as a field value: right, wrong or missing for the field it lands in. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('default', 'plan', 'calc', '', 'hi'),
);

/** Lines shaped like the client's, with random fields: most get past the tags and some not. */
const clientLikeLine = fc.record(
  {
    type: fc.constantFrom('control_request', 'user', 'control_response', 'keep_alive', 'other'),
    request_id: fc.oneof(fc.constantFrom('r-1', 7), anyValue),
    request: fc.oneof(
      fc.record(
        {
          subtype: fc.oneof(fc.constantFrom(...subtypes), anyValue),
          model: anyValue,
          mode: anyValue,
          serverName: anyValue,
          hooks: anyValue,
          sdkMcpServers: anyValue,
          systemPrompt: anyValue,
        },
        { requiredKeys: [] },
      ),
      anyValue,
    ),
    response: fc.oneof(
      fc.record(
        { subtype: fc.oneof(fc.constantFrom('success', 'error'), anyValue), request_id: anyValue },
        { requiredKeys: [] },
      ),
      anyValue,
    ),
    message: fc.oneof(
      fc.record({ role: fc.constantFrom('user'), content: anyValue }, { requiredKeys: [] }),
      anyValue,
    ),
  },
  { requiredKeys: ['type'] },
);

const usableId = (id: unknown) => typeof id === 'string' || typeof id === 'number';

describe('a client line of any JSON', () => {
  it('P-05 P-01 P-04 C-05 never throws and gets one reaction: one answer for a request with a usable id, a result or a prompt for a user line, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), clientLikeLine), (value) => {
        const harness = readyHarness();
        const mark = harness.clientLines.length;
        const agentMark = harness.toAgentLines.length;
        expect(() => harness.client(JSON.stringify(value))).not.toThrow();
        expect(
          harness.log.entries.filter(
            (entry) => entry.message === 'bridge failed to handle an input',
          ),
        ).toEqual([]);
        const written = harness.since(mark);
        const toAgent = harness.toAgentLines.slice(agentMark);
        const line = (typeof value === 'object' && value !== null ? value : {}) as Line;
        const responses = written.filter((out) => out.type === 'control_response');
        if (line.type === 'control_request' && usableId(line.request_id)) {
          // One answer now, or one the agent's reply completes (a switch, a reopened session).
          expect(responses.length + (responses.length === 0 && toAgent.length > 0 ? 1 : 0)).toBe(1);
          for (const response of responses)
            expect(response.response.request_id).toEqual(line.request_id);
          const subtype = line.request?.subtype;
          if (!subtypes.slice(0, 11).includes(subtype))
            expect(responses.map((response) => response.response.error_code)).toEqual([
              'unsupported_request',
            ]);
        } else if (line.type === 'user' && !Array.isArray(value)) {
          const results = written.filter((out) => out.type === 'result');
          const prompts = toAgent.filter((out) => out.method === 'session/prompt');
          expect(results.length + prompts.length).toBe(1);
          expect(responses).toEqual([]);
        } else {
          expect(written).toEqual([]);
          expect(toAgent).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('P-05 a control request that fails its schema is refused naming the field; one of an unserved subtype is unsupported', () => {
    const harness = readyHarness();
    harness.client({
      type: 'control_request',
      request_id: 'm-1',
      request: { subtype: 'set_model', model: 5 },
    });
    harness.client({
      type: 'control_request',
      request_id: 'm-2',
      request: { subtype: 'rewind_files' },
    });
    harness.client({
      type: 'control_request',
      request_id: 'm-3',
      request: { subtype: 'initialize', hooks: { Stop: [{ matcher: 'x' }] } },
    });
    const answers = harness
      .linesOf('control_response')
      .slice(-3)
      .map((line) => line.response);
    expect(answers).toEqual([
      {
        subtype: 'error',
        request_id: 'm-1',
        error: expect.stringMatching(/^Invalid control request: .*'request\.model'/),
      },
      {
        subtype: 'error',
        request_id: 'm-2',
        error: 'Unsupported control request subtype: rewind_files',
        error_code: 'unsupported_request',
      },
      {
        subtype: 'error',
        request_id: 'm-3',
        error:
          "Invalid control request: control_request/initialize message without 'request.hooks.Stop.0.hookCallbackIds'",
      },
    ]);
  });

  it('P-05 PR-02 a malformed user line is one without content: an error result', () => {
    const harness = readyHarness();
    harness.client({ type: 'user', message: { role: 'user', content: 5 } });
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')).toMatchObject([
      { is_error: true, subtype: 'error_during_execution' },
    ]);
  });
});
