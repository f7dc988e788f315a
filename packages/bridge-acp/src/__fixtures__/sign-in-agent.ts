import type { BackendManifest } from '@agentbridge/core';
import {
  createHarness,
  type HarnessOptions,
  type Line,
  seedInitializeResult,
  seedSessionResult,
} from './bridge-harness.js';

/** A backend whose agent signs in with its own CLI (`codex login`), as codex-acp does. */
export const codexLikeBackend = {
  specificationVersion: 'backend-v1',
  id: 'codex',
  displayName: 'Codex (codex-acp)',
  protocol: 'acp',
  launch: { command: 'codex-acp', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['codex-acp'], exitsOnStdinEof: false },
  hints: { login: { command: 'codex', args: ['login'] } },
  auth: { preferredMethodIds: [] },
  quirks: {},
} satisfies BackendManifest;

/** The agent's answer to `session/new` before sign-in. */
export const authRequired = {
  error: { code: -32000, message: 'Authentication required' },
} as const;

/**
 * A bridge whose agent offers `authMethods` and needs sign-in at its first `session/new` (the
 * second opens the session); `options.script` adds or replaces answers.
 */
export function signInHarness(authMethods: Line[], options: HarnessOptions = {}) {
  let attempts = 0;
  return createHarness({
    ...options,
    script: {
      initialize: { result: { ...seedInitializeResult(), authMethods } },
      'session/new': () => (++attempts === 1 ? authRequired : { result: seedSessionResult() }),
      ...options.script,
    },
  });
}
