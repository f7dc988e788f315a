import { afterEach, beforeEach, expect } from 'vitest';
import { startFakeAnthropicServer } from '../fake-anthropic-server.js';
import { startFakeChatServer } from '../fake-chat-server.js';
import { startFakeGeminiServer } from '../fake-gemini-server.js';
import type { FakeModelServer } from '../fake-model-server.js';
import { startFakeOpenAiServer } from '../fake-openai-server.js';
import type { LaunchedAgent } from '../launch-agent.js';
import { launchClaudeAgentAcp } from '../launch-claude.js';
import { launchCodex } from '../launch-codex.js';
import { launchGemini } from '../launch-gemini.js';
import { launchQwen } from '../launch-qwen.js';
import type { ScenarioContext } from '../run-agent-scenario.js';
import { recordTranscripts, runAgentScenario } from '../run-agent-scenario.js';

/** Per-test fake model server plus a scenario runner launching the real agent against it. */
export type AgentSuite<Server extends FakeModelServer, LaunchOptions> = {
  server(): Server;
  scenario<T>(
    name: string,
    body: (context: ScenarioContext) => Promise<T>,
    launchOptions?: Omit<LaunchOptions, 'serverUrl'>,
    keepDirectories?: boolean,
  ): Promise<T>;
};

/** How one agent is tested: its fake server, its launcher and its transcript name prefix. */
export type AgentSuiteSetup<Server extends FakeModelServer, LaunchOptions> = {
  readonly prefix: string;
  readonly startServer: () => Promise<Server>;
  readonly launch: (options: LaunchOptions) => LaunchedAgent | Promise<LaunchedAgent>;
};

/** Registers hooks: a fresh fake server per test, closed after it with no unscripted request. */
export function useAgentSuite<
  Server extends FakeModelServer,
  LaunchOptions extends { serverUrl: string },
>(setup: AgentSuiteSetup<Server, LaunchOptions>): AgentSuite<Server, LaunchOptions> {
  let current: Server | undefined;
  beforeEach(async () => {
    current = await setup.startServer();
  });
  afterEach(async () => {
    expect(current?.unscripted).toEqual([]);
    await current?.close();
  });
  const server = () => {
    if (current === undefined) throw new Error('no fake server outside a test');
    return current;
  };
  return {
    server,
    async scenario(name, body, launchOptions, keepDirectories = false) {
      const agent = await setup.launch({
        ...launchOptions,
        serverUrl: server().url,
      } as LaunchOptions);
      return runAgentScenario(
        {
          name: `${setup.prefix}-${name}`,
          server: server(),
          agent,
          recordTranscript: recordTranscripts,
          keepDirectories,
        },
        body,
      );
    },
  };
}

/** Registers the hooks of a Gemini CLI test file: a fake Gemini API per test. */
export const useGeminiSuite = () =>
  useAgentSuite({ prefix: 'gemini', startServer: startFakeGeminiServer, launch: launchGemini });

/** Registers the hooks of a codex-acp test file: a fake Responses API per test. */
export const useCodexSuite = () =>
  useAgentSuite({ prefix: 'codex', startServer: startFakeOpenAiServer, launch: launchCodex });

/** Registers the hooks of a Qwen Code test file: a fake Chat Completions API per test. */
export const useQwenSuite = () =>
  useAgentSuite({ prefix: 'qwen', startServer: startFakeChatServer, launch: launchQwen });

/** Registers the hooks of a claude-agent-acp test file: a fake Messages API per test. */
export const useClaudeAcpSuite = () =>
  useAgentSuite({
    prefix: 'claude-acp',
    startServer: startFakeAnthropicServer,
    launch: launchClaudeAgentAcp,
  });
