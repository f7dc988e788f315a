import {
  createAgentDriver,
  createFakeAcpAgent,
  loadScenario,
  normalizeLines,
} from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { acmeManifest } from './acme-manifest.js';

const scenarioUrl = new URL('../scenarios/acme-agent.json', import.meta.url);

type ModeState = { availableModes: { id: string }[] };
type AuthMethod = { id: string };

/**
 * The shipped scenario plays the Acme CLI for the end-to-end test; these checks keep it and the
 * manifest telling the same story.
 */
describe('Acme Agent scenario (the fake ACP agent playing acme)', () => {
  const scenario = loadScenario(scenarioUrl);

  it('offers every mode the manifest maps a Claude mode to (C-04)', () => {
    const modes = scenario.sessionNew?.modes as ModeState | undefined;
    const offered = (modes?.availableModes ?? []).map((mode) => mode.id);
    expect(offered).toEqual(['ask', 'edit', 'auto']);
    for (const candidates of Object.values(acmeManifest.quirks.permissionModeSynonyms ?? {})) {
      expect(offered).toContain(candidates[0]);
    }
  });

  it('offers the preferred sign-in method, behind a browser login that fails (AU-05)', () => {
    const methods = scenario.initialize?.authMethods as AuthMethod[] | undefined;
    const offered = (methods ?? []).map((method) => method.id);
    const [preferred] = acmeManifest.auth.preferredMethodIds;
    expect(offered.indexOf(preferred ?? '')).toBeGreaterThan(0);
    expect(scenario.authentication?.methods?.[preferred ?? '']?.error).toBeUndefined();
    expect(scenario.authentication?.methods?.['browser-login']?.error).toBeDefined();
  });

  it('announces its shell tool with a name only the manifest maps (T-10)', () => {
    const toolCalls = (scenario.defaultPrompt?.steps ?? []).flatMap((step) =>
      step.type === 'update' && step.update.sessionUpdate === 'tool_call' ? [step.update] : [],
    );
    expect(toolCalls).toHaveLength(1);
    const [toolCall] = toolCalls;
    expect(toolCall?.kind).toBe('other');
    const leadingToken = String(toolCall?.title).split(' ')[0] ?? '';
    expect(acmeManifest.quirks.toolNameByAgentTool?.[leadingToken]).toBe('Bash');
  });

  it('requires sign-in before a session opens and accepts acme-sso (AU-01)', async () => {
    const driver = createAgentDriver(createFakeAcpAgent(scenario));
    await driver.initialize();
    const refused = driver.request('session/new', { cwd: '/work', mcpServers: [] });
    expect((await driver.take()).find((message) => message.id === refused)?.error?.code).toBe(
      -32000,
    );
    const signIn = driver.request('authenticate', { methodId: 'acme-sso' });
    expect((await driver.take()).find((message) => message.id === signIn)?.error).toBeUndefined();
    const opened = driver.request('session/new', { cwd: '/work', mcpServers: [] });
    expect((await driver.take()).find((message) => message.id === opened)?.result).toMatchObject({
      sessionId: 'acme-session-1',
      modes: { currentModeId: 'ask' },
    });
  });

  it('plays a whole Acme turn as pinned in its golden transcript (H-11, T-10)', async () => {
    const driver = createAgentDriver(createFakeAcpAgent(scenario));
    await driver.initialize();
    driver.request('session/new', { cwd: '/work', mcpServers: [] });
    await driver.take();
    driver.request('authenticate', { methodId: 'acme-sso' });
    await driver.take();
    driver.request('session/new', { cwd: '/work', mcpServers: [] });
    await driver.take();
    driver.request('session/set_mode', { sessionId: 'acme-session-1', modeId: 'edit' });
    await driver.take();
    driver.request('session/prompt', {
      sessionId: 'acme-session-1',
      prompt: [{ type: 'text', text: 'What is in this project?' }],
    });
    await driver.take();
    // `vitest -u` rewrites the file after an intended change of the scenario.
    const lines = normalizeLines(driver.agent.transcript.map((entry) => JSON.stringify(entry)));
    await expect(lines.map((line) => `${line}\n`).join('')).toMatchFileSnapshot(
      './__snapshots__/acme-turn.transcript.jsonl',
    );
  });
});
