import { z } from 'zod';
import type { FakeAgentScenario, ScenarioAnswer, ScenarioCancel } from './fake-agent-scenario.js';
import type { ScenarioStep } from './scenario-step.js';

const jsonObject = z.looseObject({});

const rpcError = z.strictObject({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** Validates one step (recursive: permission and request branches hold steps). */
export const scenarioStepSchema: z.ZodType<ScenarioStep> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('update'),
      update: z.looseObject({ sessionUpdate: z.string() }),
      sessionId: z.string().optional(),
    }),
    z.strictObject({
      type: z.literal('request-permission'),
      toolCall: z.looseObject({ toolCallId: z.string() }),
      options: z.array(jsonObject).optional(),
      onAllow: stepList.optional(),
      onReject: stepList.optional(),
      onCancelled: stepList.optional(),
      onError: stepList.optional(),
      onOption: z.record(z.string(), stepList).optional(),
    }),
    z.strictObject({
      type: z.literal('client-request'),
      method: z.string().min(1),
      params: jsonObject.optional(),
      onResult: stepList.optional(),
      onError: stepList.optional(),
    }),
    z.strictObject({
      type: z.literal('client-notification'),
      method: z.string().min(1),
      params: jsonObject.optional(),
    }),
    z.strictObject({ type: z.literal('delay'), ms: z.number().int().nonnegative() }),
    z.strictObject({ type: z.literal('wait-for-cancel') }),
    z.strictObject({
      type: z.literal('stdout'),
      line: z.string(),
      repeat: z.number().int().positive().optional(),
    }),
    z.strictObject({ type: z.literal('stderr'), text: z.string() }),
    z.strictObject({
      type: z.literal('exit'),
      code: z.number().int().min(0).max(255).optional(),
      signal: z
        .string()
        .regex(/^SIG[A-Z0-9]+$/, 'a signal name such as SIGKILL')
        .optional(),
    }),
    z.strictObject({ type: z.literal('crash'), message: z.string().optional() }),
  ]),
);

const stepList = z.array(scenarioStepSchema);

const answerShape = {
  steps: stepList.optional(),
  afterSteps: stepList.optional(),
  error: rpcError.optional(),
  _meta: jsonObject.optional(),
};

const answer: z.ZodType<ScenarioAnswer> = z.strictObject(answerShape);

const sessionAnswer = z.strictObject({
  ...answerShape,
  sessionId: z.string().min(1).optional(),
  modes: z.looseObject({ currentModeId: z.string() }).optional(),
  models: jsonObject.optional(),
  configOptions: z.array(z.looseObject({ id: z.string() })).optional(),
  history: z.array(z.looseObject({ sessionUpdate: z.string() })).optional(),
});

const setting = z.strictObject({ ...answerShape, notify: z.boolean().optional() });

const promptResponse = z.looseObject({
  stopReason: z.string(),
  usage: jsonObject.optional(),
  _meta: jsonObject.optional(),
});

const cancel: z.ZodType<ScenarioCancel> = z.strictObject({
  ignore: z.boolean().optional(),
  steps: stepList.optional(),
  response: promptResponse.optional(),
  error: rpcError.optional(),
});

const prompt = z
  .strictObject({
    match: z
      .strictObject({
        text: z.string().optional(),
        pattern: z.string().refine(isValidPattern, 'not a valid regular expression').optional(),
      })
      .optional(),
    steps: stepList.optional(),
    response: promptResponse.optional(),
    error: rpcError.optional(),
    onCancel: cancel.optional(),
  })
  .refine((value) => !(value.response && value.error), {
    message: 'a prompt has either `response` or `error`, not both',
  });

/** Validates a whole scenario. Unknown keys in scenario sections are errors (typos show up). */
export const fakeAgentScenarioSchema: z.ZodType<FakeAgentScenario> = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  initialize: z
    .strictObject({
      ...answerShape,
      protocolVersion: z.number().int().optional(),
      agentCapabilities: jsonObject.optional(),
      authMethods: z.array(z.looseObject({ id: z.string() })).optional(),
      agentInfo: jsonObject.optional(),
    })
    .optional(),
  authentication: z
    .strictObject({
      required: z.boolean().optional(),
      methods: z.record(z.string(), answer).optional(),
    })
    .optional(),
  sessionNew: sessionAnswer.optional(),
  sessionLoad: sessionAnswer.optional(),
  sessionResume: sessionAnswer.optional(),
  setMode: setting.optional(),
  setModel: setting.optional(),
  setConfigOption: setting.optional(),
  prompts: z.array(prompt).optional(),
  defaultPrompt: prompt.optional(),
  cancel: cancel.optional(),
  methods: z
    .record(z.string(), z.strictObject({ ...answerShape, result: z.unknown().optional() }))
    .optional(),
  process: z
    .strictObject({
      ignoreStdinEof: z.boolean().optional(),
      ignoreSigterm: z.boolean().optional(),
      spawnChild: z.boolean().optional(),
      exitCodeOnEof: z.number().int().min(0).max(255).optional(),
      startupDelayMs: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
