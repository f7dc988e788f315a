import { afterEach, beforeEach, expect } from 'vitest';
import type { FakeGeminiServer } from '../fake-gemini-server.js';
import { startFakeGeminiServer } from '../fake-gemini-server.js';
import type { LaunchGeminiOptions } from '../launch-gemini.js';
import { launchGemini } from '../launch-gemini.js';
import type { ScenarioContext } from '../run-agent-scenario.js';
import { recordTranscripts, runAgentScenario } from '../run-agent-scenario.js';

/** Per-test fake Gemini API plus a scenario runner launching the real CLI against it. */
export type GeminiSuite = {
  server(): FakeGeminiServer;
  scenario<T>(
    name: string,
    body: (context: ScenarioContext) => Promise<T>,
    launchOptions?: Omit<LaunchGeminiOptions, 'serverUrl'>,
    keepDirectories?: boolean,
  ): Promise<T>;
};

/** Registers hooks: a fresh fake server per test, closed after it with no unscripted request. */
export function useGeminiSuite(): GeminiSuite {
  let current: FakeGeminiServer | undefined;
  beforeEach(async () => {
    current = await startFakeGeminiServer();
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
    scenario(name, body, launchOptions = {}, keepDirectories = false) {
      const agent = launchGemini({ serverUrl: server().url, ...launchOptions });
      return runAgentScenario(
        {
          name: `gemini-${name}`,
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
