import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeEvent, Logger } from '@agentbridge/core/contracts';
import { errorMessage, noopLogger } from '@agentbridge/core/contracts';
import type { AcpTransportOptions } from '@agentbridge/host-node';
import { createAcpTransport } from '@agentbridge/host-node';

type InitializeResponse = Extract<BridgeEvent, { type: 'agent-initialized' }>['response'];
type Offered = Omit<Extract<BridgeEvent, { type: 'session-opened' }>, 'type' | 'sessionId'>;
type AgentInfo = { readonly name: string; readonly title?: string; readonly version?: string };

/** The modes, models and config options of the session opened in a scratch directory, or why not. */
type SessionReport =
  | ({ readonly ok: true } & Omit<Offered, 'resumed' | 'requestedSessionId'>)
  | { readonly ok: false; readonly error: string; readonly needsLogin: boolean };

/** What the agent's ACP `initialize` told (and the session after it), or why it failed. */
export type HandshakeReport = { readonly durationMs: number } & (
  | {
      readonly ok: true;
      readonly protocolVersion: number;
      readonly agentInfo?: AgentInfo;
      readonly authMethods: readonly { readonly id: string; readonly name: string }[];
      readonly capabilities: Readonly<Record<string, unknown>>;
      readonly session: SessionReport;
    }
  | { readonly ok: false; readonly error: string; readonly stderrTail: string }
);

/** Options of {@link runHandshake}: the process of a run, the handshake deadline, what to mask. */
type HandshakeOptions = Omit<AcpTransportOptions, 'launch' | 'cwd'> & {
  readonly timeoutMs: number;
  readonly clientVersion: string;
  readonly redact: (text: string) => string;
};

const requestId = 'agentbridge-doctor';

/**
 * The ACP handshake through the same host and bridge as a run (so the two never disagree): the
 * agent starts in a scratch directory, gets one stream-json `initialize`, and is stopped once that
 * is answered. Sign-in is not attempted: an agent that needs one "needs login". Never throws.
 */
export async function runHandshake(options: HandshakeOptions): Promise<HandshakeReport> {
  const { redact } = options;
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'agentbridge-doctor-'));
  const clientInfo = { name: 'agentbridge-doctor', version: options.clientVersion };
  const transport = createAcpTransport({
    ...options,
    logger: quiet(options.logger ?? noopLogger),
    cwd: scratch,
    launch: { cwd: scratch, signIn: false, clientInfo, handshakeTimeoutMs: options.timeoutMs },
    newId: randomUUID,
    now: Date.now,
  });
  let initialized: InitializeResponse | undefined;
  let session: SessionReport | undefined;
  let failure: string | undefined;
  let needsLogin = false;
  let answeredAt: number | undefined;
  const answered = new Promise<void>((resolve) => {
    const settle = (error?: string) => {
      if (answeredAt !== undefined) return;
      [answeredAt, failure] = [performance.now(), error];
      resolve();
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
  });
  try {
    await transport.start();
    const request = { subtype: 'initialize' };
    transport.writeClientLine(
      JSON.stringify({ type: 'control_request', request_id: requestId, request }),
    );
    await answered;
  } catch (error) {
    failure = `could not start: ${errorMessage(error)}`;
  }
  const exit = await transport.close();
  rmSync(scratch, { recursive: true, force: true });
  const durationMs = Math.round((answeredAt ?? performance.now()) - started);
  if (!initialized) {
    const error = failure ?? exit.error?.message ?? 'no answer';
    const stderrTail = redact(exit.stderrTail.trim());
    return { ok: false, durationMs, error: redact(error), stderrTail };
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
    session: session ?? { ok: false, error: redact(failure ?? 'no session opened'), needsLogin },
  };
}

/** A failed handshake is what `doctor` reports, not an error to log: everything at debug level. */
function quiet(logger: Logger): Logger {
  const { debug } = logger;
  return {
    debug,
    info: debug,
    warn: debug,
    error: debug,
    child: (more) => quiet(logger.child(more)),
  };
}
