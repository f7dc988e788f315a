import type { FakeAcpAgent } from '@agentbridge/test-kit';
import { createFakeAcpAgent, loadScenario, scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from './__fixtures__/assert-known-server-line.js';
import type { Line } from './__fixtures__/bridge-harness.js';
import type { AcpLaunch } from './acp-launch.js';
import { createAcpBridge } from './create-acp-bridge.js';

/**
 * The bridge against the test kit's in-memory agent, which speaks ACP through the official SDK
 * (its zod schemas validate every request the bridge sends). Lines are passed one call at a time,
 * as a host does.
 */
async function converse(
  scenario: 'basic' | 'demo' | 'auth-required',
  launch: Partial<AcpLaunch>,
  clientLines: Line[],
  answerPermission?: (request: Line) => Line,
) {
  const agent: FakeAcpAgent = createFakeAcpAgent(loadScenario(scenarioPath(scenario)));
  const toClient: Line[] = [];
  let id = 0;
  const bridge = createAcpBridge({
    launch: { cwd: '/tmp/project', ...launch },
    emit: (event) => {
      if (event.type === 'agent-message') agent.writeLine(JSON.stringify(event.message));
      else if (event.type === 'client-message')
        toClient.push(JSON.parse(JSON.stringify(event.message)));
    },
    newId: () => `id-${++id}`,
  });
  for (const line of clientLines) bridge.onClientLine(JSON.stringify(line));
  let answered = 0;
  for (let round = 0; round < 200 && !toClient.some((line) => line.type === 'result'); round++) {
    await agent.drain();
    for (const line of agent.takeLines()) bridge.onAgentLine(line);
    const asks = toClient.filter((line) => line.request?.subtype === 'can_use_tool');
    for (; answered < asks.length && answerPermission; answered++) {
      bridge.onClientLine(JSON.stringify(answerPermission(asks[answered] as Line)));
    }
  }
  agent.close();
  for (const line of toClient) assertKnownServerLine(line);
  return { toClient, agent };
}

const initialize = {
  type: 'control_request',
  request_id: 'req_1',
  request: { subtype: 'initialize', systemPrompt: [''] },
};
const user = (text: string) => ({
  type: 'user',
  session_id: '',
  parent_tool_use_id: null,
  message: { role: 'user', content: [{ type: 'text', text }] },
});

describe('the bridge against an ACP SDK agent', () => {
  it('H-10 PR-04 R-02 one turn end to end: initialize answer, system/init, text, result', async () => {
    const { toClient, agent } = await converse('basic', {}, [initialize, user('hi')]);
    expect(toClient[0]?.response).toMatchObject({ subtype: 'success', request_id: 'req_1' });
    expect(toClient.find((line) => line.subtype === 'init')).toMatchObject({
      claude_code_version: 'fake-acp-agent 0.0.0',
    });
    expect(toClient.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'success',
      result: 'Hello from the fake agent.',
    });
    expect(agent.outcomes).toEqual([]);
  });

  it('AU-07 AU-09 signs in with the method that works, then opens the session', async () => {
    const { toClient, agent } = await converse('auth-required', {}, [initialize, user('hi')]);
    const methods = agent.received
      .map((entry) => ('message' in entry ? (entry.message as Line) : {}))
      .filter((message) => message.method === 'authenticate')
      .map((message) => message.params.methodId);
    expect(methods).toEqual(['oauth', 'api-key']);
    expect(toClient.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });

  it('PM-02 PM-04 T-30 the demo edit asks permission, is allowed, and completes; model switch via config option', async () => {
    const { toClient, agent } = await converse(
      'demo',
      { permissionPromptTool: 'stdio', includePartialMessages: true, model: 'fake-large' },
      [initialize, user('Add a greeting to README.md')],
      (request) => ({
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: request.request_id,
          response: { behavior: 'allow' },
        },
      }),
    );
    expect(toClient.find((line) => line.subtype === 'init')?.model).toBe('fake-large');
    expect(toClient.some((line) => line.request?.subtype === 'can_use_tool')).toBe(true);
    expect(agent.outcomes[0]?.result).toMatchObject({ outcome: { outcome: 'selected' } });
    const toolResults = toClient.filter(
      (line) => line.type === 'user' && line.message.content[0]?.type === 'tool_result',
    );
    expect(toolResults.length).toBeGreaterThan(0);
    expect(toClient.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
  });
});
