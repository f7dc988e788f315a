import { afterEach, beforeEach, expect } from 'vitest';
import type { FakeOpenAiServer } from '../fake-openai-server.js';
import { startFakeOpenAiServer } from '../fake-openai-server.js';
import type { LaunchCodexOptions } from '../launch-codex.js';
import { launchCodex } from '../launch-codex.js';
import type { ScenarioContext } from '../run-agent-scenario.js';
import { recordTranscripts, runAgentScenario } from '../run-agent-scenario.js';

/** Per-test fake Responses API plus a scenario runner launching codex-acp against it. */
export type CodexSuite = {
  server(): FakeOpenAiServer;
  scenario<T>(
    name: string,
    body: (context: ScenarioContext) => Promise<T>,
    launchOptions?: Omit<LaunchCodexOptions, 'serverUrl'>,
    keepDirectories?: boolean,
  ): Promise<T>;
};

/** Registers hooks: a fresh fake server per test, closed after it with no unscripted request. */
export function useCodexSuite(): CodexSuite {
  let current: FakeOpenAiServer | undefined;
  beforeEach(async () => {
    current = await startFakeOpenAiServer();
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
    async scenario(name, body, launchOptions = {}, keepDirectories = false) {
      const agent = await launchCodex({ serverUrl: server().url, ...launchOptions });
      return runAgentScenario(
        {
          name: `codex-${name}`,
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
