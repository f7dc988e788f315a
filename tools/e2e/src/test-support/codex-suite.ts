import type { FakeOpenAiServer } from '../fake-openai-server.js';
import { startFakeOpenAiServer } from '../fake-openai-server.js';
import type { LaunchCodexOptions } from '../launch-codex.js';
import { launchCodex } from '../launch-codex.js';
import type { AgentSuite } from './use-agent-suite.js';
import { useAgentSuite } from './use-agent-suite.js';

/** Per-test fake Responses API plus a scenario runner launching codex-acp against it. */
export type CodexSuite = AgentSuite<FakeOpenAiServer, LaunchCodexOptions>;

/** Registers the hooks of a codex-acp test file (see {@link useAgentSuite}). */
export function useCodexSuite(): CodexSuite {
  return useAgentSuite({
    prefix: 'codex',
    startServer: startFakeOpenAiServer,
    launch: launchCodex,
  });
}
