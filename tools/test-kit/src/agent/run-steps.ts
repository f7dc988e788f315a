import type { AgentContext } from '@agentclientprotocol/sdk';
import { RequestError } from '@agentclientprotocol/sdk';
import type { JsonObject, RequestPermissionStep, ScenarioStep } from '../scenario/scenario-step.js';
import type { AgentRuntime } from './agent-runtime.js';
import type { FakeAgentOutcome } from './fake-acp-agent.js';

/** Where steps run: the connection, the session and (inside a prompt) the cancel state. */
export type StepContext = {
  readonly runtime: AgentRuntime;
  readonly client: AgentContext;
  readonly sessionId: string;
  /** Inside a prompt: aborts when `session/cancel` arrives. */
  readonly cancelReceived?: AbortSignal;
  /** Inside a prompt: aborts when the script must stop (cancel not ignored). */
  readonly stopSignal?: AbortSignal;
};

/** How a run of steps ended. */
export type StepRunResult = 'completed' | 'stopped' | 'exited';

const defaultPermissionOptions: readonly JsonObject[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

type Settled<T> = { readonly kind: 'value'; readonly value: T } | { readonly kind: 'interrupted' };

/** Runs `steps` in order. Stops early on exit, or when the prompt's stop signal aborts. */
export async function runSteps(
  steps: readonly ScenarioStep[] | undefined,
  context: StepContext,
): Promise<StepRunResult> {
  for (const step of steps ?? []) {
    const before = interruption(context);
    if (before !== undefined) return before;
    context.runtime.touch();
    const result = await runStep(step, context);
    if (result !== 'completed') return result;
  }
  return interruption(context) ?? 'completed';
}

/**
 * The steps after a request with every string `{{result.<key>}}` in them replaced by that field of
 * the request's result (a `terminal/create` answer's `terminalId` in the calls that follow it).
 */
function withResult<T>(steps: T, result: unknown): T {
  if (steps === undefined) return steps;
  const fields = (result ?? {}) as Record<string, unknown>;
  return JSON.parse(JSON.stringify(steps), (_key, value: unknown) => {
    const match = typeof value === 'string' ? /^\{\{result\.(\w+)\}\}$/.exec(value) : null;
    return match === null ? value : (fields[match[1] as string] ?? value);
  }) as T;
}

function interruption(context: StepContext): StepRunResult | undefined {
  if (context.runtime.terminatedSignal.aborted) return 'exited';
  if (context.stopSignal?.aborted) return 'stopped';
  return undefined;
}

async function runStep(step: ScenarioStep, context: StepContext): Promise<StepRunResult> {
  const { runtime } = context;
  switch (step.type) {
    case 'update':
      return notify(
        'session/update',
        { sessionId: step.sessionId ?? context.sessionId, update: step.update },
        context,
      );
    case 'client-notification':
      return notify(step.method, withSessionId(step.params, context.sessionId), context);
    case 'client-request': {
      const outcome = await request(
        step.method,
        withSessionId(step.params, context.sessionId),
        context,
      );
      if (outcome === undefined) return interruption(context) ?? 'stopped';
      if (outcome.error) return runSteps(step.onError, context);
      return runSteps(withResult(step.onResult, outcome.result), context);
    }
    case 'request-permission':
      return requestPermission(step, context);
    case 'delay': {
      const settled = await interruptible((signal) => runtime.sleep(step.ms, signal), context);
      return settled.kind === 'value' ? 'completed' : (interruption(context) ?? 'stopped');
    }
    case 'wait-for-cancel': {
      const cancelReceived = context.cancelReceived;
      if (cancelReceived === undefined) return 'completed';
      await new Promise<void>((resolve) => {
        if (cancelReceived.aborted || runtime.terminatedSignal.aborted) resolve();
        cancelReceived.addEventListener('abort', () => resolve(), { once: true });
        runtime.terminatedSignal.addEventListener('abort', () => resolve(), { once: true });
      });
      return interruption(context) ?? 'completed';
    }
    case 'stdout':
      runtime.emitLine(step.line.repeat(step.repeat ?? 1));
      return 'completed';
    case 'stderr':
      runtime.writeStderr(step.text.endsWith('\n') ? step.text : `${step.text}\n`);
      return 'completed';
    case 'exit':
      runtime.terminate({
        code: step.signal === undefined ? (step.code ?? 0) : null,
        signal: step.signal ?? null,
        reason: 'exit-step',
      });
      return 'exited';
    case 'crash': {
      const message = step.message ?? 'fake agent crashed';
      runtime.writeStderr(`Error: ${message}\n    at fakeAcpAgent (fake-acp-agent.mjs:1:1)\n`);
      runtime.terminate({ code: 1, signal: null, reason: 'crash-step' });
      return 'exited';
    }
  }
}

async function requestPermission(
  step: RequestPermissionStep,
  context: StepContext,
): Promise<StepRunResult> {
  const params = {
    sessionId: context.sessionId,
    toolCall: step.toolCall,
    options: step.options ?? defaultPermissionOptions,
  };
  const outcome = await request('session/request_permission', params, context);
  if (outcome === undefined) return interruption(context) ?? 'stopped';
  if (outcome.error) return runSteps(step.onError, context);
  const answer = (outcome.result as { outcome?: { outcome?: string; optionId?: string } })?.outcome;
  if (answer?.outcome === 'selected' && typeof answer.optionId === 'string') {
    const byId = step.onOption?.[answer.optionId];
    if (byId) return runSteps(byId, context);
    const kind = params.options.find((option) => option.optionId === answer.optionId)?.kind;
    if (typeof kind === 'string' && kind.startsWith('allow'))
      return runSteps(step.onAllow, context);
    if (typeof kind === 'string' && kind.startsWith('reject'))
      return runSteps(step.onReject, context);
    return 'completed';
  }
  return runSteps(step.onCancelled, context);
}

/**
 * Sends a request to the client and records its outcome, also when the answer arrives after the
 * script was interrupted. Resolves `undefined` when interrupted first.
 */
async function request(
  method: string,
  params: unknown,
  context: StepContext,
): Promise<FakeAgentOutcome | undefined> {
  const pending = context.client.request(method, params).then(
    (result): FakeAgentOutcome => ({ method, params, result }),
    (error: unknown): FakeAgentOutcome => ({ method, params, error: toOutcomeError(error) }),
  );
  void pending.then((outcome) => {
    context.runtime.recordOutcome(outcome);
  });
  const settled = await interruptible(() => pending, context);
  return settled.kind === 'value' ? settled.value : undefined;
}

function toOutcomeError(error: unknown): NonNullable<FakeAgentOutcome['error']> {
  if (error instanceof RequestError) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

async function interruptible<T>(
  start: (signal: AbortSignal) => Promise<T>,
  context: StepContext,
): Promise<Settled<T>> {
  const signals = [context.runtime.terminatedSignal];
  if (context.stopSignal) signals.push(context.stopSignal);
  const signal = AbortSignal.any(signals);
  if (signal.aborted) return { kind: 'interrupted' };
  return new Promise<Settled<T>>((resolve) => {
    const onAbort = () => resolve({ kind: 'interrupted' });
    signal.addEventListener('abort', onAbort, { once: true });
    start(signal).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'value', value });
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'interrupted' });
      },
    );
  });
}

async function notify(
  method: string,
  params: unknown,
  context: StepContext,
): Promise<StepRunResult> {
  try {
    await context.client.notify(method, params);
    return 'completed';
  } catch {
    return interruption(context) ?? 'exited';
  }
}

function withSessionId(params: JsonObject | undefined, sessionId: string): JsonObject {
  if (params === undefined) return { sessionId };
  return 'sessionId' in params ? params : { sessionId, ...params };
}
