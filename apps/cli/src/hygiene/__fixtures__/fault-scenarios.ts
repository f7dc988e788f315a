import type { FakeAgentScenario, ScenarioStep } from '@agentbridge/test-kit';

/** The fault suite's settings (`.agentrc.yaml`): short deadlines keep the suite fast. */
export const cancelGraceMs = 1_000;
export const handshakeTimeoutMs = 2_000;
/** GA-14: the suite's stall watchdog (the default is 10 minutes). */
export const stallTimeoutMs = 3_000;
/** The `acp` backend's stop sequence: stdin EOF, 1.5 s, SIGTERM, 1.5 s, SIGKILL. */
export const stopSequenceMs = 3_000;

/**
 * Values planted in every channel a secret reaches the CLI by (environment, `.agentrc` `env`,
 * agent and MCP arguments, MCP headers and URL), which the faulty agents echo on every channel.
 */
export const plantedSecrets = {
  anthropicKey: 'sk-ant-planted-anthropic-0001',
  openAiKey: 'sk-planted-openai-key-0002',
  geminiKey: 'AIzaPlantedGeminiKey0003',
  configValue: 'planted-config-value-0004',
  agentArgument: 'planted-argument-0005',
  mcpQuery: 'planted-query-0006',
  mcpArgument: 'planted-mcp-token-0007',
  mcpHeader: 'planted-header-0008',
};

const everySecret = Object.values(plantedSecrets).join(' ');

/** The secrets' environment: well-known key variables of three vendors. */
export const secretEnvironment = {
  ANTHROPIC_API_KEY: plantedSecrets.anthropicKey,
  OPENAI_API_KEY: plantedSecrets.openAiKey,
  GEMINI_API_KEY: plantedSecrets.geminiKey,
};

/** The `--agent-arg` and `--mcp-config` flags that carry secrets. */
export const secretArguments = [
  `--agent-arg=--api-key=${plantedSecrets.agentArgument}`,
  '--mcp-config',
  JSON.stringify({
    mcpServers: {
      web: {
        type: 'http',
        url: `http://127.0.0.1:9/mcp?key=${plantedSecrets.mcpQuery}`,
        headers: { Authorization: `Bearer ${plantedSecrets.mcpHeader}` },
      },
      local: { command: 'mcp-server', args: [`--token=${plantedSecrets.mcpArgument}`] },
    },
  }),
];

/** `.agentrc.yaml` of the suite: the deadlines and a secret `env` value. */
export const faultConfig = [
  `cancelGraceMs: ${cancelGraceMs}`,
  `handshakeTimeoutMs: ${handshakeTimeoutMs}`,
  `stallTimeoutMs: ${stallTimeoutMs}`,
  `env: { PLANTED_VALUE: ${plantedSecrets.configValue} }`,
].join('\n');

const chunk = (text: string): ScenarioStep => ({
  type: 'update',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
/** Longer than any test. */
const forever: ScenarioStep = { type: 'delay', ms: 3_600_000 };
/** Every secret on stderr and on non-protocol stdout. */
const leak: ScenarioStep[] = [
  { type: 'stderr', text: `stderr echo: ${everySecret}` },
  { type: 'stdout', line: `stdout echo: ${everySecret}` },
];
const dies: ScenarioStep[] = [
  { type: 'stderr', text: `dying: ${everySecret}` },
  { type: 'exit', code: 3 },
];

const base: FakeAgentScenario = { initialize: { steps: leak } };

/** The faulty agents of the suite, by what goes wrong. */
export const faultScenarios = {
  /** Answers nothing after initialize: the handshake deadline must end it. */
  hangsAtInitialize: { initialize: { steps: [...leak, forever] } },
  hangsAtSessionNew: { ...base, sessionNew: { steps: [forever] } },
  /** Streams a chunk echoing the secrets, then works forever and ignores `session/cancel`. */
  hangsInPrompt: {
    ...base,
    defaultPrompt: {
      steps: [chunk(`working on it ${everySecret}`), forever],
      onCancel: { ignore: true },
    },
  },
  /** The same, and only SIGKILL stops it: it ignores stdin EOF and SIGTERM. */
  hangsAndIgnoresStops: {
    ...base,
    defaultPrompt: { steps: [chunk('working'), forever], onCancel: { ignore: true } },
    process: { ignoreStdinEof: true, ignoreSigterm: true },
  },
  diesAtInitialize: { initialize: { steps: dies } },
  diesAtSessionNew: { ...base, sessionNew: { steps: dies } },
  diesInPrompt: { ...base, defaultPrompt: { steps: [chunk('starting'), ...dies] } },
  /** The first prompt writes a line over 32 MiB, then more text late, and ignores the cancel. */
  writesOverLongLine: {
    ...base,
    defaultPrompt: {
      steps: [
        chunk('first answer'),
        { type: 'stdout', line: 'x', repeat: 33 * 1024 * 1024 },
        chunk(', then more'),
      ],
    },
  },
  /** A truncated JSON-RPC line and a `{` line that is not JSON mid-prompt, then more text. */
  writesMalformedLine: {
    ...base,
    defaultPrompt: {
      steps: [
        chunk('working'),
        { type: 'stdout', line: '{"jsonrpc":"2.0","id":3,"result":{"sto' },
        { type: 'stdout', line: '{not json at all' },
        chunk(', still working'),
      ],
    },
  },
  /** A prompt error whose text echoes every secret. */
  failsWithSecrets: {
    ...base,
    defaultPrompt: { error: { code: -32603, message: `upstream said: ${everySecret}` } },
  },
  /** Requires a sign-in whose only method needs `GEMINI_API_KEY`. */
  needsApiKey: {
    ...base,
    initialize: {
      authMethods: [
        {
          id: 'gemini-api-key',
          name: 'Use Gemini API key',
          type: 'env_var',
          vars: [{ name: 'GEMINI_API_KEY' }],
        },
      ],
    },
    authentication: { required: true },
  },
  answers: { ...base, defaultPrompt: { steps: [chunk('hello there')] } },
} satisfies Record<string, FakeAgentScenario>;
