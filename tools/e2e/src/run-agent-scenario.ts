import { basename } from 'node:path';
import type { AcpTestClient } from './acp-test-client.js';
import { connectAcpTestClient } from './acp-test-client.js';
import type { FakeModelServer } from './fake-model-server.js';
import type { LaunchedAgent, RecordedConnection } from './launch-agent.js';
import type { TranscriptReplacement } from './transcript-file.js';
import { normalizeTranscript, writeTranscript } from './transcript-file.js';

/** What one scenario needs. */
export type AgentScenario = {
  /** `<agent>-<scenario>`: the transcript file name. */
  readonly name: string;
  readonly server: FakeModelServer;
  readonly agent: LaunchedAgent;
  /** Write the normalised transcript to `tools/e2e/transcripts/<name>.jsonl`. */
  readonly recordTranscript: boolean;
  /** Keep the scratch directories (a later process resumes the session). */
  readonly keepDirectories?: boolean;
};

/** What the scenario body gets. */
export type ScenarioContext = {
  readonly acpClient: AcpTestClient;
  readonly agent: LaunchedAgent;
};

/** Connections that went anywhere but the fake server (must be empty). */
export function foreignConnections(
  connections: readonly RecordedConnection[],
  serverPort: number,
): RecordedConnection[] {
  return connections.filter((connection) => !connection.allowed || connection.port !== serverPort);
}

/**
 * Connects a recording ACP client to a launched agent, runs `body`, then always stops the agent.
 * Afterwards it fails if the agent tried to reach anything but the fake server, and (when asked)
 * writes the normalised transcript. Scratch paths and the server port are normalised away.
 */
export async function runAgentScenario<T>(
  scenario: AgentScenario,
  body: (context: ScenarioContext) => Promise<T>,
): Promise<T> {
  const acpClient = connectAcpTestClient(scenario.agent.stream);
  let result: T;
  try {
    result = await body({ acpClient, agent: scenario.agent });
  } finally {
    acpClient.connection.close();
    await scenario.agent.stop({ keepDirectories: scenario.keepDirectories ?? false });
  }
  const foreign = foreignConnections(scenario.agent.connections(), scenario.server.port);
  if (foreign.length > 0) {
    throw new Error(`agent reached beyond the fake server: ${JSON.stringify(foreign)}`);
  }
  if (scenario.recordTranscript) {
    const replacements: TranscriptReplacement[] = [
      [scenario.agent.workDirectory, '/work/project'],
      [scenario.agent.homeDirectory, '/home/user'],
      // Gemini names its per-project directories after the lower-cased folder name.
      [basename(scenario.agent.workDirectory).toLowerCase(), 'project'],
      [scenario.server.url, 'http://127.0.0.1:PORT'],
      // Gemini's hidden <session_context> message carries the date.
      [/Today's date is [^.(]+/g, "Today's date is Thursday, January 1, 2026 "],
      // Qwen Code's shell output names its process group.
      [/Process Group PGID: \d+/g, 'Process Group PGID: 0'],
    ];
    writeTranscript(scenario.name, normalizeTranscript(acpClient.transcript, replacements));
  }
  return result;
}

/** True when `AGENTBRIDGE_E2E_RECORD=1`: scenarios rewrite their transcripts. */
export const recordTranscripts = process.env.AGENTBRIDGE_E2E_RECORD === '1';
