import type { Logger } from '@agentbridge/core/contracts';
import { spawnAgentProcess } from '@agentbridge/host-node';
import type { AnyMessage, ClientContext } from '@agentclientprotocol/sdk';
import * as acp from '@agentclientprotocol/sdk';

/** What the ACP `initialize` (and, when possible, `session/new`) of an agent told. */
export type HandshakeReport =
  | {
      readonly ok: true;
      readonly durationMs: number;
      readonly protocolVersion: number;
      readonly agentInfo?: {
        readonly name: string;
        readonly title?: string;
        readonly version?: string;
      };
      readonly authMethods: readonly { readonly id: string; readonly name: string }[];
      readonly capabilities: Readonly<Record<string, unknown>>;
      readonly session: SessionReport;
    }
  | {
      readonly ok: false;
      readonly durationMs: number;
      readonly error: string;
      readonly stderrTail: string;
    };

/** The result of `session/new` in a scratch directory. */
export type SessionReport =
  | {
      readonly ok: true;
      readonly modes: readonly string[];
      readonly currentModeId?: string;
      readonly models: readonly string[];
      readonly currentModelId?: string;
      readonly configOptions: readonly string[];
    }
  | { readonly ok: false; readonly error: string; readonly needsLogin: boolean };

/** Options of {@link runAcpHandshake}. */
export type AcpHandshakeOptions = {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  readonly timeoutMs: number;
  readonly clientVersion: string;
  readonly logger: Logger;
};

/**
 * Starts the agent, sends ACP `initialize` with the SDK's client, then `session/new` (which fails
 * cleanly when the agent needs a sign-in), and stops the agent's process tree. Never throws: a
 * spawn failure, an error answer or a silent agent (past `timeoutMs`) is a failed report.
 */
export async function runAcpHandshake(options: AcpHandshakeOptions): Promise<HandshakeReport> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const child = spawnAgentProcess({
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    env: options.env,
    platform: options.platform,
    logger: options.logger,
    label: 'agent',
  });
  child.onStderrLine((line) => options.logger.debug('agent stderr', { line }));

  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      child.onStdoutLine((line) => {
        try {
          controller.enqueue(JSON.parse(line) as AnyMessage);
        } catch {
          options.logger.info('agent stdout', { line });
        }
      });
      void child.exited.then(() => {
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      child.writeLine(JSON.stringify(message));
    },
  });

  const app = acp
    .client({ name: 'agentbridge-doctor' })
    .onRequest(acp.methods.client.session.requestPermission, () => ({
      outcome: { outcome: 'cancelled' as const },
    }))
    .onNotification(acp.methods.client.session.update, () => {});

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${Math.round(options.timeoutMs / 1000)} s`)),
      options.timeoutMs,
    );
  });
  const exitedEarly = child.exited.then((exit) => {
    throw new Error(
      exit.spawnError
        ? `could not start: ${exit.spawnError.message}`
        : `the agent exited (${exit.signal ?? `code ${exit.code}`}) before answering`,
    );
  });

  try {
    return await Promise.race([
      deadline,
      exitedEarly,
      app.connectWith({ writable, readable }, async (agent) => {
        const initialized = await agent.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {
            fs: { readTextFile: false, writeTextFile: false },
            terminal: false,
          },
          clientInfo: { name: 'agentbridge-doctor', version: options.clientVersion },
        });
        const session = await newSession(agent, options.cwd);
        const { agentInfo } = initialized;
        return {
          ok: true as const,
          durationMs: elapsed(),
          protocolVersion: initialized.protocolVersion,
          ...(agentInfo
            ? {
                agentInfo: {
                  name: agentInfo.name,
                  ...(agentInfo.title ? { title: agentInfo.title } : {}),
                  ...(agentInfo.version ? { version: agentInfo.version } : {}),
                },
              }
            : {}),
          authMethods: (initialized.authMethods ?? []).map((method) => ({
            id: method.id,
            name: method.name,
          })),
          capabilities: (initialized.agentCapabilities ?? {}) as Record<string, unknown>,
          session,
        };
      }),
    ]);
  } catch (error) {
    return {
      ok: false,
      durationMs: elapsed(),
      error: describe(error),
      stderrTail: child.stderrTail.trim(),
    };
  } finally {
    clearTimeout(timer);
    exitedEarly.catch(() => {});
    await child.stop();
  }
}

async function newSession(agent: ClientContext, cwd: string): Promise<SessionReport> {
  try {
    const response: Record<string, unknown> = await agent.request(acp.methods.agent.session.new, {
      cwd,
      mcpServers: [],
    });
    const modes = response.modes as
      | { currentModeId?: string; availableModes?: { id: string }[] }
      | null
      | undefined;
    const models = response.models as
      | { currentModelId?: string; availableModels?: { modelId: string }[] }
      | null
      | undefined;
    const configOptions = (response.configOptions ?? []) as {
      id: string;
      category?: string;
      currentValue?: unknown;
    }[];
    const modelOption = configOptions.find((option) => option.category === 'model');
    const modelIds =
      models?.availableModels?.map((model) => model.modelId) ?? optionValues(modelOption);
    const currentModelId =
      models?.currentModelId ??
      (typeof modelOption?.currentValue === 'string' ? modelOption.currentValue : undefined);
    return {
      ok: true,
      modes: modes?.availableModes?.map((mode) => mode.id) ?? [],
      ...(modes?.currentModeId ? { currentModeId: modes.currentModeId } : {}),
      models: modelIds,
      ...(currentModelId ? { currentModelId } : {}),
      configOptions: configOptions.map((option) => option.id),
    };
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    const message = describe(error);
    return { ok: false, error: message, needsLogin: code === -32000 || /auth/i.test(message) };
  }
}

function optionValues(option: unknown): string[] {
  const options = (option as { options?: unknown } | undefined)?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((entry: unknown) => {
    const record = entry as { value?: unknown; options?: unknown };
    if (typeof record.value === 'string') return [record.value];
    return optionValues(record);
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String(error.message);
  return String(error);
}
