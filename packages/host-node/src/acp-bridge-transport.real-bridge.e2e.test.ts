import { fakeAcpAgentBinPath, scenarioPath } from '@agentbridge/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcpBridgeTransport } from './acp-bridge-transport.js';
import type { LineTransport } from './line-transport.js';
import type { TransportEvent } from './transport-event.js';

const transports: LineTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

type ClientLine = {
  type: string;
  subtype?: string;
  response?: { subtype?: string; request_id?: string };
};

describe('createAcpBridgeTransport with the real bridge and the fake ACP agent', () => {
  it('X-02 runs one turn end to end and stops the agent once the client is done', async () => {
    const transport = createAcpBridgeTransport({
      command: process.execPath,
      args: [fakeAcpAgentBinPath, '--scenario', scenarioPath('basic')],
      env: { PATH: process.env.PATH ?? '' },
      cwd: process.cwd(),
      launch: { cwd: process.cwd() },
    });
    transports.push(transport);
    const lines: ClientLine[] = [];
    const events: TransportEvent[] = [];
    let resolveResult: () => void = () => {};
    const resultSeen = new Promise<void>((resolve) => {
      resolveResult = resolve;
    });
    transport.onClientLine((line) => {
      const message = JSON.parse(line) as ClientLine;
      lines.push(message);
      if (message.type === 'result') resolveResult();
    });
    transport.onEvent((event) => events.push(event));
    await transport.start();
    transport.writeClientLine(
      JSON.stringify({
        type: 'control_request',
        request_id: 'req_1',
        request: { subtype: 'initialize' },
      }),
    );
    transport.writeClientLine(
      JSON.stringify({
        type: 'user',
        session_id: '',
        parent_tool_use_id: null,
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      }),
    );
    await resultSeen;
    transport.endClientInput();
    const exit = await transport.closed;

    const kinds = lines.map((line) => (line.subtype ? `${line.type}/${line.subtype}` : line.type));
    expect(kinds[0]).toBe('control_response');
    expect(lines[0]?.response).toMatchObject({ subtype: 'success', request_id: 'req_1' });
    expect(kinds).toContain('system/init');
    expect(kinds).toContain('assistant');
    expect(kinds.at(-1)).toBe('result/success');
    expect(events.some((event) => event.type === 'session-opened')).toBe(true);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.error).toBeUndefined();
    expect(events.at(-1)?.type).toBe('agent-exited');
  });
});
