import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeEvent, LogData, Logger } from '@agentbridge/core/contracts';
import { errorMessage, noopLogger } from '@agentbridge/core/contracts';
import { type AcpTransportOptions, createAcpTransport } from '@agentbridge/host-node';
import { cliVersion } from '../../cli-context.js';

type InitializeResponse = Extract<BridgeEvent, { type: 'agent-initialized' }>['response'];
type SessionOpened = Extract<BridgeEvent, { type: 'session-opened' }>;
type Offered = Omit<SessionOpened, 'type' | 'sessionId' | 'resumed' | 'requestedSessionId'>;
type AgentInfo = { readonly name: string; readonly title?: string; readonly version?: string };

/** The modes, models and config options of the session opened in a scratch directory, or why not. */
type SessionReport =
  | ({ readonly ok: true } & Offered)
  | { readonly ok: false; readonly error: string; readonly needsLogin: boolean };

/** What the agent's ACP `initialize` told (and the session after it), or why it failed. */
export type HandshakeReport = { readonly durationMs: number } & (
  | {
      readonly ok: true;
      readonly protocolVersion: number;
      readonly agentInfo?: AgentInfo;
      readonly authMethods: readonly { readonly id: string; readonly name: string }[];
      readonly capabilities: NonNullable<InitializeResponse['agentCapabilities']>;
      readonly session: SessionReport;
    }
  | { readonly ok: false; readonly error: string; readonly stderrTail: string }
);

const requestId = 'agentbridge-doctor';

/**
 * The ACP handshake through the same host and bridge as a run (so the two never disagree): the
 * agent starts in a scratch directory, gets one stream-json `initialize`, and is stopped once that
 * is answered. Sign-in is not attempted: an agent that needs one "needs login". Never throws.
 */
export async function runHandshake(
  options: Omit<AcpTransportOptions, 'launch' | 'cwd'> & { readonly timeoutMs: number },
): Promise<HandshakeReport> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'agentbridge-doctor-'));
  const clientInfo = { name: 'agentbridge-doctor', version: cliVersion() };
  const launch = { cwd: scratch, signIn: false, clientInfo, handshakeTimeoutMs: options.timeoutMs };
  const logger = quiet(options.logger ?? noopLogger);
  const host = { logger, cwd: scratch, launch, newId: randomUUID, now: Date.now };
  const transport = createAcpTransport({ ...options, ...host });
  let initialized: InitializeResponse | undefined;
  let session: SessionReport | undefined;
  let needsLogin = false;
  let failure: string | undefined;
  let answeredAt: number | undefined;
  // The answer to our `initialize` (or the agent's exit) ends the probe: the agent is stopped.
  const settle = (error?: string) => {
    if (answeredAt !== undefined) return;
    [answeredAt, failure] = [performance.now(), error];
    void transport.close();
  };
  transport.onEvent((event) => {
    if (event.type === 'agent-initialized') initialized = event.response;
    else if (event.type === 'auth-finished' && !event.success) needsLogin = true;
    else if (event.type === 'session-opened') {
      const { type, sessionId, resumed, requestedSessionId, ...offered } = event;
      session = { ok: true, ...offered };
    } else if (event.type === 'agent-exited') {
      settle(`the agent exited (${event.signal ?? `code ${event.code}`}) before answering`);
    } else if (event.type === 'client-message' && event.message.type === 'control_response') {
      const { response } = event.message;
      if (response.request_id === requestId)
        settle(response.subtype === 'error' ? response.error : undefined);
    }
  });
  try {
    await transport.start();
    const request = { subtype: 'initialize' };
    transport.writeClientLine(
      JSON.stringify({ type: 'control_request', request_id: requestId, request }),
    );
  } catch (error) {
    settle(); // a later exit must not replace the reason
    failure = `could not start: ${errorMessage(error)}`;
  }
  const exit = await transport.closed;
  rmSync(scratch, { recursive: true, force: true });
  const durationMs = Math.round((answeredAt ?? performance.now()) - started);
  if (!initialized) {
    const error = failure ?? exit.error?.message ?? 'no answer';
    return { ok: false, durationMs, error, stderrTail: exit.stderrTail.trim() };
  }
  const { agentInfo, authMethods = [], agentCapabilities = {} } = initialized;
  return {
    ok: true,
    durationMs,
    protocolVersion: initialized.protocolVersion,
    agentInfo: agentInfo
      ? { name: agentInfo.name, title: agentInfo.title ?? undefined, version: agentInfo.version }
      : undefined,
    authMethods: authMethods.map(({ id, name }) => ({ id, name })),
    capabilities: agentCapabilities,
    session: session ?? { ok: false, error: failure ?? 'no session opened', needsLogin },
  };
}

/** A failed handshake is what `doctor` reports, not an error to log: everything at debug level. */
function quiet(base: Logger): Logger {
  const { debug } = base;
  const child = (more: LogData) => quiet(base.child(more));
  return { debug, info: debug, warn: debug, error: debug, child };
}
