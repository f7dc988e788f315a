import { registerCodexBackend } from '@agentbridge/backend-codex';
import { registerGeminiBackend } from '@agentbridge/backend-gemini';
import { BackendToken, provideValue } from '@agentbridge/core/contracts';
import { acpManifest } from './acp-manifest.js';
import type { BackendRegistration } from './backend-registration.js';
import { claudeManifest } from './claude-manifest.js';

const cliSource = '@agentbridge/cli';

/** The backends every container starts with, registered in this order. */
export const builtinBackends: readonly BackendRegistration[] = [
  {
    source: '@agentbridge/backend-gemini',
    register: (container) => registerGeminiBackend(container),
  },
  {
    source: '@agentbridge/backend-codex',
    register: (container) => registerCodexBackend(container),
  },
  {
    source: cliSource,
    register: (container) =>
      provideValue(container, BackendToken, { manifest: claudeManifest, source: cliSource }),
  },
  {
    source: cliSource,
    register: (container) =>
      provideValue(container, BackendToken, { manifest: acpManifest, source: cliSource }),
  },
];
