import type {
  ClientContext,
  InitializeResponse,
  NewSessionResponse,
  PromptResponse,
  SessionNotification,
  SessionUpdate,
} from '@agentclientprotocol/sdk';
import type { AcpTestClient } from './acp-test-client.js';

/**
 * The client capabilities the bridge advertises: everything off. (Gemini CLI: with
 * `fs.readTextFile` on, `write_file` to a new file fails, an upstream bug.)
 */
export const bridgeClientCapabilities = {
  fs: { readTextFile: false, writeTextFile: false },
  terminal: false,
} as const;

/** `session/new` / `session/load` results with the unstable `models` field (Gemini). */
export type WithModels = {
  readonly models?: {
    readonly currentModelId: string;
    readonly availableModels: readonly { readonly modelId: string }[];
  } | null;
};

/** Sends `initialize` (protocol 1, {@link bridgeClientCapabilities}). */
export function initializeAgent(acpClient: AcpTestClient): Promise<InitializeResponse> {
  return acpClient.connection.agent.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: bridgeClientCapabilities,
  });
}

/** What {@link openSession} returns. */
export type OpenedSession = {
  readonly agentContext: ClientContext;
  readonly initialized: InitializeResponse;
  readonly session: NewSessionResponse;
};

/** What {@link openSession} needs of a scenario: its client and the agent's working directory. */
export type SessionContext = {
  readonly acpClient: AcpTestClient;
  readonly agent: { readonly workDirectory: string };
};

/**
 * `initialize` then `session/new` in the agent's working directory. With
 * `waitForAvailableCommands`, also waits for the `available_commands_update` an agent sends right
 * after (keeps recorded transcripts in one order).
 */
export async function openSession(
  { acpClient, agent }: SessionContext,
  options: { readonly waitForAvailableCommands?: boolean } = {},
): Promise<OpenedSession> {
  const initialized = await initializeAgent(acpClient);
  const session = await acpClient.connection.agent.request('session/new', {
    cwd: agent.workDirectory,
    mcpServers: [],
  });
  if (options.waitForAvailableCommands) {
    await acpClient.waitForUpdate(
      (notification) => notification.update.sessionUpdate === 'available_commands_update',
    );
  }
  return { agentContext: acpClient.connection.agent, initialized, session };
}

/** Sends `session/prompt` with one text block. */
export function sendPrompt(
  agentContext: ClientContext,
  sessionId: string,
  text: string,
): Promise<PromptResponse> {
  return agentContext.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
}

/**
 * Sends "Count forever." (the fake server holds that stream open), waits for its first message
 * chunk, sends `session/cancel` and returns the prompt's answer.
 */
export async function cancelMidStream(
  acpClient: AcpTestClient,
  sessionId: string,
): Promise<PromptResponse> {
  const agentContext = acpClient.connection.agent;
  const prompt = sendPrompt(agentContext, sessionId, 'Count forever.');
  await acpClient.waitForUpdate(
    (notification) => notification.update.sessionUpdate === 'agent_message_chunk',
  );
  await agentContext.notify('session/cancel', { sessionId });
  return prompt;
}

/** The `update` of each notification. */
export function updatesOf(notifications: readonly SessionNotification[]): SessionUpdate[] {
  return notifications.map((notification) => notification.update);
}

/** Update kinds in order, without the bookkeeping ones (`available_commands_update`, `usage_update`). */
export function turnKinds(notifications: readonly SessionNotification[]): string[] {
  return updatesOf(notifications)
    .map((update) => update.sessionUpdate)
    .filter((kind) => kind !== 'available_commands_update' && kind !== 'usage_update');
}

/** The concatenated text of every chunk of `kind` (`agent_message_chunk`, ...). */
export function chunkText(notifications: readonly SessionNotification[], kind: string): string {
  return updatesOf(notifications)
    .flatMap((update) =>
      update.sessionUpdate === kind &&
      'content' in update &&
      typeof update.content === 'object' &&
      update.content !== null &&
      'text' in update.content
        ? [update.content.text]
        : [],
    )
    .join('');
}

/** `[kind, status]` of every `tool_call` / `tool_call_update`, in order. */
export function toolCallStates(notifications: readonly SessionNotification[]): unknown[][] {
  return updatesOf(notifications)
    .filter(
      (update) =>
        update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update',
    )
    .map((update) => [update.sessionUpdate, 'status' in update ? update.status : undefined]);
}

/** Index in the transcript of the first message `predicate` accepts (-1 when none). */
export function transcriptIndex(
  acpClient: AcpTestClient,
  predicate: (message: unknown) => boolean,
): number {
  return acpClient.transcript.findIndex((entry) => predicate(entry.message));
}

/** The wire name of a message: its method, or `sessionUpdate` for `session/update`, or `response`. */
export function wireName(message: unknown): string {
  const candidate = message as {
    method?: string;
    params?: { update?: { sessionUpdate?: string } };
  };
  if (candidate.method === 'session/update') {
    return candidate.params?.update?.sessionUpdate ?? 'session/update';
  }
  return candidate.method ?? 'response';
}
