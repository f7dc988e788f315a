import type { FakeGeminiServer } from '../fake-gemini-server.js';
import { startFakeGeminiServer } from '../fake-gemini-server.js';
import type { LaunchGeminiOptions } from '../launch-gemini.js';
import { launchGemini } from '../launch-gemini.js';
import type { AgentSuite } from './use-agent-suite.js';
import { useAgentSuite } from './use-agent-suite.js';

/** Per-test fake Gemini API plus a scenario runner launching the real CLI against it. */
export type GeminiSuite = AgentSuite<FakeGeminiServer, LaunchGeminiOptions>;

/** Registers the hooks of a Gemini test file (see {@link useAgentSuite}). */
export function useGeminiSuite(): GeminiSuite {
  return useAgentSuite({
    prefix: 'gemini',
    startServer: startFakeGeminiServer,
    launch: launchGemini,
  });
}
