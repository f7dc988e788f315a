// The module's setImmediate, not the global one: vi.useFakeTimers() replaces only the global.
import { setImmediate } from 'node:timers';
import type { AgentApp, AgentContext } from '@agentclientprotocol/sdk';
import * as acp from '@agentclientprotocol/sdk';
import type {
  ScenarioAnswer,
  ScenarioCancel,
  ScenarioSessionAnswer,
  ScenarioSetting,
} from '../scenario/fake-agent-scenario.js';
import type { JsonObject } from '../scenario/scenario-step.js';
import type { AgentRuntime } from './agent-runtime.js';
import { runSteps } from './run-steps.js';
import { selectPrompt } from './select-prompt.js';

type RunningPrompt = {
  readonly cancelReceived: AbortController;
  readonly stop: AbortController;
  readonly cancel: ScenarioCancel | undefined;
};

type SessionState = {
  readonly sessionId: string;
  modes: JsonObject | undefined;
  models: JsonObject | undefined;
  configOptions: JsonObject[] | undefined;
  running: RunningPrompt | undefined;
};

/**
 * Scenario payloads go on the wire as written (tests send invalid ones on purpose), so they are not
 * checked against the SDK's response types: `never` fits every one of them.
 */
type WireResult = never;

/** A request handler whose agent exited mid-answer never answers. */
const never = () => new Promise<never>(() => {});

/**
 * Builds the SDK agent app that plays `runtime.scenario`. One app per connection: it holds the
 * session and authentication state.
 */
export function createFakeAgentApp(runtime: AgentRuntime): AgentApp {
  const { scenario } = runtime;
  const sessions = new Map<string, SessionState>();
  const usedPrompts = new Set<number>();
  let authenticated = false;
  let sessionCount = 0;

  const requireAuthentication = () => {
    if (scenario.authentication?.required && !authenticated) throw acp.RequestError.authRequired();
  };

  const sessionOf = (sessionId: string): SessionState => {
    const session = sessions.get(sessionId);
    if (!session) throw new acp.RequestError(-32002, 'Resource not found', { sessionId });
    return session;
  };

  /** Runs the answer's steps, then throws its error or returns the result; schedules afterSteps. */
  const answer = async <Result>(
    spec: ScenarioAnswer | undefined,
    client: AgentContext,
    sessionId: string,
    build: () => Result,
  ): Promise<Result> => {
    const outcome = await runSteps(spec?.steps, { runtime, client, sessionId });
    if (outcome === 'exited') return never();
    if (spec?.error)
      throw new acp.RequestError(spec.error.code, spec.error.message, spec.error.data);
    const result = build();
    if (spec?.afterSteps?.length) {
      const afterSteps = spec.afterSteps;
      // After the response is written: the SDK writes it in the promise chain of this handler.
      setImmediate(() => void runSteps(afterSteps, { runtime, client, sessionId }));
    }
    return result;
  };

  const openSession = (sessionId: string, spec: ScenarioSessionAnswer | undefined) => {
    const session: SessionState = {
      sessionId,
      modes: spec?.modes ? structuredClone(spec.modes) : undefined,
      models: spec?.models ? structuredClone(spec.models) : undefined,
      configOptions: spec?.configOptions ? structuredClone([...spec.configOptions]) : undefined,
      running: undefined,
    };
    sessions.set(sessionId, session);
    runtime.noteSession(sessionId);
    return session;
  };

  const sessionFields = (session: SessionState, spec: ScenarioSessionAnswer | undefined) =>
    definedOnly({
      modes: session.modes,
      models: session.models,
      configOptions: session.configOptions,
      _meta: spec?._meta,
    });

  const applySetting = async (
    spec: ScenarioSetting | undefined,
    client: AgentContext,
    sessionId: string,
    apply: () => JsonObject,
    notification: () => JsonObject | undefined,
  ) => {
    const result = await answer(spec, client, sessionId, () => ({
      ...apply(),
      ...definedOnly({ _meta: spec?._meta }),
    }));
    const update = spec?.notify ? notification() : undefined;
    if (update)
      setImmediate(
        () => void runSteps([{ type: 'update', update }], { runtime, client, sessionId }),
      );
    return result;
  };

  return acp
    .agent({ name: 'fake-acp-agent' })
    .onRequest('initialize', ({ client }) => {
      const spec = scenario.initialize;
      return answer(spec, client, runtime.latestSessionId(), () => ({
        protocolVersion: spec?.protocolVersion ?? acp.PROTOCOL_VERSION,
        agentCapabilities: spec?.agentCapabilities ?? {},
        authMethods: spec?.authMethods ?? [],
        agentInfo: spec?.agentInfo ?? { name: 'fake-acp-agent', version: '0.0.0' },
        ...definedOnly({ _meta: spec?._meta }),
      })) as WireResult;
    })
    .onRequest('authenticate', async ({ params, client }) => {
      const methods = scenario.authentication?.methods;
      const spec = methods?.[params.methodId];
      if (methods && !spec) throw acp.RequestError.invalidParams({ methodId: params.methodId });
      const result = await answer(spec, client, runtime.latestSessionId(), () =>
        definedOnly({ _meta: spec?._meta }),
      );
      authenticated = true;
      return result;
    })
    .onRequest('session/new', ({ client }) => {
      requireAuthentication();
      const spec = scenario.sessionNew;
      sessionCount += 1;
      const sessionId = spec?.sessionId ?? `fake-session-${sessionCount}`;
      const session = openSession(sessionId, spec);
      return answer(spec, client, sessionId, () => ({
        sessionId,
        ...sessionFields(session, spec),
      })) as WireResult;
    })
    .onRequest('session/load', async ({ params, client }) => {
      requireAuthentication();
      const spec = scenario.sessionLoad;
      if (!spec) throw acp.RequestError.methodNotFound('session/load');
      const session = openSession(params.sessionId, spec);
      const history = (spec.history ?? []).map((update) => ({ type: 'update' as const, update }));
      const replayed = await runSteps(history, { runtime, client, sessionId: params.sessionId });
      if (replayed === 'exited') return never();
      return answer(spec, client, params.sessionId, () =>
        sessionFields(session, spec),
      ) as WireResult;
    })
    .onRequest('session/resume', ({ params, client }) => {
      requireAuthentication();
      const spec = scenario.sessionResume;
      if (!spec) throw acp.RequestError.methodNotFound('session/resume');
      const session = openSession(params.sessionId, spec);
      return answer(spec, client, params.sessionId, () =>
        sessionFields(session, spec),
      ) as WireResult;
    })
    .onRequest('session/set_mode', ({ params, client }) => {
      const session = sessionOf(params.sessionId);
      const available = session.modes?.availableModes;
      if (
        !scenario.setMode?.error &&
        Array.isArray(available) &&
        !available.some((mode: { id?: unknown }) => mode?.id === params.modeId)
      ) {
        throw acp.RequestError.invalidParams({ modeId: params.modeId });
      }
      return applySetting(
        scenario.setMode,
        client,
        params.sessionId,
        () => {
          if (session.modes) session.modes = { ...session.modes, currentModeId: params.modeId };
          return {};
        },
        () => ({ sessionUpdate: 'current_mode_update', currentModeId: params.modeId }),
      );
    })
    .onRequest('session/set_config_option', ({ params, client }) => {
      const session = sessionOf(params.sessionId);
      const options = session.configOptions ?? [];
      if (
        !scenario.setConfigOption?.error &&
        !options.some((option) => option.id === params.configId)
      ) {
        throw acp.RequestError.invalidParams({ configId: params.configId });
      }
      return applySetting(
        scenario.setConfigOption,
        client,
        params.sessionId,
        () => {
          session.configOptions = options.map((option) =>
            option.id === params.configId ? { ...option, currentValue: params.value } : option,
          );
          return { configOptions: session.configOptions };
        },
        () => ({ sessionUpdate: 'config_option_update', configOptions: session.configOptions }),
      ) as WireResult;
    })
    .onRequest('session/prompt', async ({ params, client }) => {
      requireAuthentication();
      const session = sessionOf(params.sessionId);
      const script = selectPrompt(scenario, params.prompt, usedPrompts);
      const running: RunningPrompt = {
        cancelReceived: new AbortController(),
        stop: new AbortController(),
        cancel: script.onCancel ?? scenario.cancel,
      };
      session.running = running;
      try {
        const context = {
          runtime,
          client,
          sessionId: params.sessionId,
          cancelReceived: running.cancelReceived.signal,
          stopSignal: running.stop.signal,
        };
        const outcome = await runSteps(script.steps, context);
        if (outcome === 'exited') return never();
        if (outcome === 'stopped') {
          const afterCancel = await runSteps(running.cancel?.steps, {
            ...context,
            stopSignal: undefined,
          });
          if (afterCancel === 'exited') return never();
          const error = running.cancel?.error;
          if (error) throw new acp.RequestError(error.code, error.message, error.data);
          return (running.cancel?.response ?? { stopReason: 'cancelled' }) as WireResult;
        }
        if (script.error) {
          throw new acp.RequestError(script.error.code, script.error.message, script.error.data);
        }
        return (script.response ?? { stopReason: 'end_turn' }) as WireResult;
      } finally {
        if (session.running === running) session.running = undefined;
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      const running = sessions.get(params.sessionId)?.running;
      if (!running) return;
      running.cancelReceived.abort();
      if (!running.cancel?.ignore) running.stop.abort();
    })
    .onRequest('*', async ({ method, params, client }) => {
      const sessionId = sessionIdOf(params) ?? runtime.latestSessionId();
      if (method === 'session/set_model' && scenario.setModel) {
        const session = sessionOf(sessionId);
        const modelId = (params as { modelId?: unknown }).modelId;
        return applySetting(
          scenario.setModel,
          client,
          sessionId,
          () => {
            if (session.models) session.models = { ...session.models, currentModelId: modelId };
            return {};
          },
          () => undefined,
        );
      }
      const spec = scenario.methods?.[method];
      if (!spec) throw acp.RequestError.methodNotFound(method);
      return answer(spec, client, sessionId, () => spec.result ?? {});
    })
    .onNotification('*', () => {});
}

function sessionIdOf(params: unknown): string | undefined {
  const value = (params as { sessionId?: unknown } | null)?.sessionId;
  return typeof value === 'string' ? value : undefined;
}

function definedOnly(fields: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
