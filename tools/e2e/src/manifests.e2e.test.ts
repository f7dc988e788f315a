import { execFileSync, spawnSync } from 'node:child_process';
import { claudeAcpManifest } from '@agentbridge/backend-claude-acp';
import { codexManifest } from '@agentbridge/backend-codex';
import { geminiManifest } from '@agentbridge/backend-gemini';
import { qwenManifest } from '@agentbridge/backend-qwen';
import type { BackendManifest } from '@agentbridge/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer } from './fake-anthropic-server.js';
import { startFakeChatServer } from './fake-chat-server.js';
import { startFakeGeminiServer } from './fake-gemini-server.js';
import type { FakeModelServer } from './fake-model-server.js';
import { startFakeOpenAiServer } from './fake-openai-server.js';
import type { LaunchedAgent } from './launch-agent.js';
import { claudeAgentAcpEntryPoint, launchClaudeAgentAcp } from './launch-claude.js';
import { codexAcpBinary, launchCodex } from './launch-codex.js';
import { geminiEntryPoint, launchGemini } from './launch-gemini.js';
import { launchQwen, qwenEntryPoint } from './launch-qwen.js';
import { runAgentScenario } from './run-agent-scenario.js';

let server: FakeModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The launch arguments the manifest picks for `version` (highest matching `minVersion`). */
function argsForVersion(manifest: BackendManifest, version: string): readonly string[] {
  const toNumbers = (text: string) => text.split('.').map(Number);
  const atLeast = (left: number[], right: number[]) => {
    for (let index = 0; index < 3; index += 1) {
      if ((left[index] ?? 0) !== (right[index] ?? 0))
        return (left[index] ?? 0) > (right[index] ?? 0);
    }
    return true;
  };
  const installed = toNumbers(version);
  const rules = (manifest.launch.argsByVersion ?? [])
    .filter((rule) => atLeast(installed, toNumbers(rule.minVersion)))
    .sort((left, right) =>
      atLeast(toNumbers(left.minVersion), toNumbers(right.minVersion)) ? -1 : 1,
    );
  return rules[0]?.args ?? manifest.launch.args;
}

/** Opens a session and returns what the manifest is checked against. */
async function observe(
  manifest: BackendManifest,
  agent: LaunchedAgent,
  fakeServer: FakeModelServer,
) {
  return runAgentScenario(
    { name: 'manifest', server: fakeServer, agent, recordTranscript: false },
    async ({ acpClient }) => {
      const context = acpClient.connection.agent;
      const initialized = await context.request('initialize', {
        protocolVersion: 1,
        clientCapabilities: {},
      });
      const session = await context.request('session/new', {
        cwd: agent.workDirectory,
        mcpServers: [],
      });
      const offeredModes = session.modes?.availableModes.map((mode) => mode.id) ?? [];
      const otherMode = offeredModes.find((modeId) => modeId !== session.modes?.currentModeId);
      if (otherMode !== undefined) {
        await context.request('session/set_mode', {
          sessionId: session.sessionId,
          modeId: otherMode,
        });
        const pattern = manifest.quirks.modeChangeChunkPattern;
        if (pattern !== undefined) {
          await acpClient.waitForUpdate(
            (notification) =>
              notification.update.sessionUpdate === 'agent_message_chunk' &&
              notification.update.content.type === 'text' &&
              new RegExp(pattern).test(notification.update.content.text),
          );
        }
      }
      const chunkTexts = acpClient.updates.flatMap((notification) =>
        notification.update.sessionUpdate === 'agent_message_chunk' &&
        notification.update.content.type === 'text'
          ? [notification.update.content.text]
          : [],
      );
      return {
        authMethodIds: initialized.authMethods?.map((method) => method.id) ?? [],
        offeredModes,
        otherMode,
        chunkTexts,
      };
    },
  );
}

function expectSynonymsOffered(manifest: BackendManifest, offeredModes: readonly string[]) {
  for (const [claudeMode, candidates] of Object.entries(
    manifest.quirks.permissionModeSynonyms ?? {},
  )) {
    expect({
      claudeMode,
      offered: candidates.some((modeId) => offeredModes.includes(modeId)),
    }).toEqual({
      claudeMode,
      offered: true,
    });
  }
}

describe('backend manifests match the installed agents', () => {
  it('gemini: version flag, --acp rule, auth preference, mode synonyms, [MODE_UPDATE] pattern', async () => {
    const version = execFileSync(
      process.execPath,
      [geminiEntryPoint(), ...(geminiManifest.probe.versionArgs ?? [])],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', GEMINI_CLI_NO_RELAUNCH: 'true' },
      },
    ).trim();
    expect(version).toBe('0.61.0');
    expect(argsForVersion(geminiManifest, version)).toEqual(['--acp']);
    expect(argsForVersion(geminiManifest, '0.32.9')).toEqual(['--experimental-acp']);

    const fakeServer = await startFakeGeminiServer();
    server = fakeServer;
    const seen = await observe(
      geminiManifest,
      launchGemini({ serverUrl: fakeServer.url }),
      fakeServer,
    );
    expect(seen.authMethodIds).toEqual(
      expect.arrayContaining([...geminiManifest.auth.preferredMethodIds]),
    );
    expectSynonymsOffered(geminiManifest, seen.offeredModes);
    const pattern = new RegExp(geminiManifest.quirks.modeChangeChunkPattern ?? '(?!)');
    expect(seen.chunkTexts.map((text) => text.match(pattern)?.[1])).toEqual([seen.otherMode]);
  });

  it('codex: no version flag, auth preference offered, every mode synonym offered', async () => {
    const probe = spawnSync(codexAcpBinary(), ['--version'], { encoding: 'utf8' });
    expect(probe.status).toBe(2);
    expect(codexManifest.probe.versionArgs).toBeUndefined();

    const fakeServer = await startFakeOpenAiServer();
    server = fakeServer;
    const seen = await observe(
      codexManifest,
      await launchCodex({ serverUrl: fakeServer.url }),
      fakeServer,
    );
    expect(seen.authMethodIds).toEqual(
      expect.arrayContaining([...codexManifest.auth.preferredMethodIds]),
    );
    expectSynonymsOffered(codexManifest, seen.offeredModes);
    expect(codexManifest.quirks.modeChangeChunkPattern).toBeUndefined();
    expect(seen.chunkTexts).toEqual([]);
  });

  it('qwen: version flag, --acp, auth preference offered, every mode synonym offered, exits on stdin EOF', async () => {
    const version = execFileSync(
      process.execPath,
      [qwenEntryPoint(), ...(qwenManifest.probe.versionArgs ?? [])],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' } },
    ).trim();
    expect(version).toBe('0.24.4');
    expect(qwenManifest.launch.args).toEqual(['--acp']);

    const fakeServer = await startFakeChatServer();
    server = fakeServer;
    const agent = launchQwen({ serverUrl: fakeServer.url });
    const seen = await observe(qwenManifest, agent, fakeServer);
    expect(seen.authMethodIds).toEqual([...qwenManifest.auth.preferredMethodIds]);
    expectSynonymsOffered(qwenManifest, seen.offeredModes);
    // `stop()` closed stdin first: the agent left on its own, within the manifest's grace.
    expect((await agent.exited).signal).toBeNull();
  });

  it('claude-acp: version flag; modes are Claude’s words; no sign-in with an API key; exits on stdin EOF', async () => {
    const version = execFileSync(
      process.execPath,
      [claudeAgentAcpEntryPoint(), ...(claudeAcpManifest.probe.versionArgs ?? [])],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    ).trim();
    expect(version).toBe('0.101.0');

    const fakeServer = await startFakeAnthropicServer();
    server = fakeServer;
    const agent = launchClaudeAgentAcp({ serverUrl: fakeServer.url });
    const seen = await observe(claudeAcpManifest, agent, fakeServer);
    // Claude's own mode words: the generic synonym table maps each onto itself.
    expect(seen.offeredModes).toEqual(expect.arrayContaining(['default', 'acceptEdits', 'plan']));
    expect(claudeAcpManifest.quirks.permissionModeSynonyms).toBeUndefined();
    // The terminal sign-in is offered only to clients that run terminals: none here.
    expect(seen.authMethodIds).toEqual([]);
    expect((await agent.exited).signal).toBeNull();
  });
});
