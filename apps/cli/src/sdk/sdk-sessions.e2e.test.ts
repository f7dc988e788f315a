import { kindOf, readUntil } from '@agentbridge/test-kit';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createPromptQueue } from './__fixtures__/create-prompt-queue.js';
import type { RecordedRpc, SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox, sdkScenarioPath } from './__fixtures__/create-sdk-sandbox.js';

let sandbox: SdkSandbox;
beforeEach(() => {
  sandbox = createSdkSandbox(sdkScenarioPath('sdk-agent'));
});
afterEach(async () => {
  expect(await sandbox.dispose()).toEqual([]);
});

async function run(prompt: string, overrides: Options = {}): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt, options: sandbox.options(overrides) })) {
    messages.push(message);
  }
  return messages;
}

const sessionOpeners = ['session/new', 'session/load', 'session/resume'];
const openedWith = (messages: readonly RecordedRpc[]) =>
  messages.filter((message) => sessionOpeners.includes(message.method ?? ''));

function allText(messages: readonly SDKMessage[]): string {
  return JSON.stringify(messages.filter((message) => message.type !== 'system'));
}

describe('the Claude Agent SDK drives agentbridge: sessions', () => {
  it('S-01/S-04/S-06: resume reopens the session with session/load, keeps its id and replays no history', async () => {
    const first = await run('hello');
    expect(first.at(-1)).toMatchObject({ type: 'result', session_id: 'sdk-session-1' });

    const second = await run('hello again', { resume: 'sdk-session-1' });

    expect(openedWith(sandbox.sentToAgent())).toEqual([
      expect.objectContaining({ method: 'session/new' }),
      expect.objectContaining({
        method: 'session/load',
        params: { sessionId: 'sdk-session-1', cwd: sandbox.cwd, mcpServers: [] },
      }),
    ]);
    expect(second.map(kindOf)).not.toContain('user');
    expect(allText(second)).not.toContain('HISTORY');
    expect(second.find((message) => kindOf(message) === 'system/init')).toMatchObject({
      session_id: 'sdk-session-1',
      model: 'fake-large',
    });
    expect(second.at(-1)).toMatchObject({
      type: 'result',
      subtype: 'success',
      result: 'Plain answer.',
      session_id: 'sdk-session-1',
    });
    for (const message of second) expect(message.session_id).toBe('sdk-session-1');
  });

  it('message uuids are UUIDs, unique across the processes of one session (real claude writes UUIDs)', async () => {
    const first = await run('hello');
    const second = await run('hello again', { resume: 'sdk-session-1' });
    const uuids = [...first, ...second].map((message) => message.uuid);
    for (const uuid of uuids) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    }
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('S-01: continue finds the latest session of this cwd in the state directory', async () => {
    await run('hello');
    const second = await run('hello again', { continue: true });
    expect(openedWith(sandbox.sentToAgent()).map((message) => message.method)).toEqual([
      'session/new',
      'session/load',
    ]);
    expect(second.at(-1)).toMatchObject({ subtype: 'success', session_id: 'sdk-session-1' });
  });
});

describe('the Claude Agent SDK drives agentbridge: mcpServers', () => {
  const mcpServers: Options['mcpServers'] = {
    files: { command: 'mcp-fs', args: ['--root', '/srv'], env: { FS_TOKEN: 'fs-secret-1234' } },
    remote: {
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer http-secret-5678' },
    },
    legacy: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
  };

  it('S-02/S-03: servers from --mcp-config reach session/new in ACP form and system/init reports them', async () => {
    const messages = await run('hello', { mcpServers, mcpServersDelivery: 'argv' });

    const [opened] = openedWith(sandbox.sentToAgent());
    expect(opened?.params?.mcpServers).toEqual([
      {
        name: 'files',
        command: 'mcp-fs',
        args: ['--root', '/srv'],
        env: [{ name: 'FS_TOKEN', value: 'fs-secret-1234' }],
      },
      {
        type: 'http',
        name: 'remote',
        url: 'http://127.0.0.1:9/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer http-secret-5678' }],
      },
    ]);
    const init = messages.find((message) => kindOf(message) === 'system/init');
    expect(init).toMatchObject({
      mcp_servers: expect.arrayContaining([
        expect.objectContaining({ name: 'files', status: 'connected' }),
        expect.objectContaining({ name: 'remote', status: 'connected' }),
        expect.objectContaining({ name: 'legacy', status: 'failed' }),
      ]),
    });
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
    // Never logged: header and env values of MCP servers.
    expect(sandbox.stderr()).not.toContain('fs-secret-1234');
    expect(sandbox.stderr()).not.toContain('http-secret-5678');
  });

  it('S-03: mcpServerStatus() answers with the same verdicts as system/init', async () => {
    const prompts = createPromptQueue();
    const running = query({
      prompt: prompts,
      options: sandbox.options({ mcpServers, mcpServersDelivery: 'argv' }),
    });
    onTestFailed(() => running.close());
    prompts.push('hello');
    const messages = await readUntil(running, (message) => message.type === 'result');
    const init = messages.find((message) => kindOf(message) === 'system/init');

    const statuses = await running.mcpServerStatus();
    expect(statuses.map(({ name, status }) => ({ name, status }))).toEqual([
      { name: 'files', status: 'connected' },
      { name: 'remote', status: 'connected' },
      { name: 'legacy', status: 'failed' },
    ]);
    expect(init).toMatchObject({
      mcp_servers: statuses.map(({ name, status }) => expect.objectContaining({ name, status })),
    });
    prompts.end();
    await readUntil(running, () => false);
  });

  it('S-02/S-03: servers delivered in the initialize request (mcpServersDelivery: initialize) reach session/new', async () => {
    const messages = await run('hello', { mcpServers, mcpServersDelivery: 'initialize' });

    const [opened] = openedWith(sandbox.sentToAgent());
    expect(opened?.params?.mcpServers).toEqual([
      expect.objectContaining({ name: 'files', command: 'mcp-fs' }),
      expect.objectContaining({ type: 'http', name: 'remote' }),
    ]);
    expect(messages.at(-1)).toMatchObject({ subtype: 'success', result: 'Plain answer.' });
    expect(sandbox.stderr()).not.toContain('http-secret-5678');
  });
});
