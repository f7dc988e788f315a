import type { Environment } from './host-platform.js';

/**
 * EV-01: well-known credential variables, by vendor. An agent gets none of them unless its
 * backend's manifest declares it (`env.credentials`) or the user passes it (`passEnv`).
 */
const vendorCredentials: Readonly<Record<string, readonly string[]>> = Object.freeze({
  anthropic: ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'],
  openai: ['OPENAI_API_KEY', 'CODEX_API_KEY', 'AZURE_OPENAI_API_KEY'],
  google: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENAI_API_KEY'],
  'google-cloud': ['GOOGLE_APPLICATION_CREDENTIALS'],
  xai: ['XAI_API_KEY', 'GROK_API_KEY'],
  mistral: ['MISTRAL_API_KEY', 'CODESTRAL_API_KEY'],
  moonshot: ['MOONSHOT_API_KEY', 'KIMI_API_KEY'],
  alibaba: ['DASHSCOPE_API_KEY'],
  deepseek: ['DEEPSEEK_API_KEY'],
  groq: ['GROQ_API_KEY'],
  openrouter: ['OPENROUTER_API_KEY'],
  aws: [
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'AWS_BEARER_TOKEN_BEDROCK',
  ],
  azure: ['AZURE_API_KEY', 'AZURE_CLIENT_SECRET'],
});

/** Options of {@link withheldCredentials}. */
type WithheldCredentialsOptions = {
  /** The launched backend's `env.credentials`: its own, kept (EV-02). */
  readonly own: readonly string[];
  /** Every other registered backend's `env.credentials` (plugins' included), withheld too. */
  readonly others?: readonly string[];
  /** The user's `passEnv`: passed anyway (EV-03). */
  readonly passEnv?: readonly string[];
  readonly platform: NodeJS.Platform;
};

/**
 * The credential variables an agent must not see: the well-known ones and other backends', minus
 * its own and the user's `passEnv`, as a test on a name (Windows names ignore case).
 */
export function withheldCredentials(
  options: WithheldCredentialsOptions,
): (name: string) => boolean {
  const normalise = (name: string) => (options.platform === 'win32' ? name.toUpperCase() : name);
  const kept = new Set([...options.own, ...(options.passEnv ?? [])].map(normalise));
  const known = [...Object.values(vendorCredentials).flat(), ...(options.others ?? [])];
  const withheld = new Set(known.map(normalise).filter((name) => !kept.has(name)));
  return (name) => withheld.has(normalise(name));
}

/** The names of `environment`'s variables that `isWithheld`, set ones only, sorted. */
export function withheldNames(
  environment: Environment,
  isWithheld: (name: string) => boolean,
): string[] {
  const names = Object.keys(environment).filter(
    (name) => environment[name] !== undefined && isWithheld(name),
  );
  return names.sort();
}
