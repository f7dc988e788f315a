import type { ConfigIssue } from '../errors/config-error.js';
import { ConfigError } from '../errors/config-error.js';
import type { BackendManifest } from './backend-manifest.js';

/**
 * What a `register…Backend(container, options)` call may change in a built-in manifest. Validated
 * by hand in {@link applyBackendOverrides} (so the run-time path loads no schema library); the zod
 * form for tooling is `backendOverridesSchema`.
 */
export type BackendOverrides = {
  /** Replaces the backend's command (a bare name on PATH or a path). Drops the default arguments. */
  readonly command?: string | undefined;
  /** Replaces the arguments (also those chosen by version). */
  readonly args?: readonly string[] | undefined;
  /** Extra environment defaults for the agent (the parent's own values still win). */
  readonly env?: Readonly<Record<string, string>> | undefined;
  /** ACP auth method ids to try first, replacing the backend's `auth.preferredMethodIds`. */
  readonly preferredAuthMethodIds?: readonly string[] | undefined;
};

const knownKeys: ReadonlySet<string> = new Set([
  'command',
  'args',
  'env',
  'preferredAuthMethodIds',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown, nonEmpty: boolean): value is readonly string[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' && (!nonEmpty || item.length > 0))
  );
}

/** Lists every problem in `overrides`; unknown keys are reported so a misspelling is not ignored. */
function findOverrideIssues(overrides: unknown): ConfigIssue[] {
  if (!isRecord(overrides)) {
    return [{ path: '', message: 'expected an object of backend options' }];
  }
  const issues: ConfigIssue[] = [];
  const unknownKeys = Object.keys(overrides).filter((key) => !knownKeys.has(key));
  if (unknownKeys.length > 0) {
    const names = unknownKeys.map((key) => `"${key}"`).join(', ');
    issues.push({
      path: '',
      message: `Unrecognized key${unknownKeys.length > 1 ? 's' : ''}: ${names} (known options: ${[...knownKeys].join(', ')})`,
    });
  }
  const { command, args, env, preferredAuthMethodIds } = overrides;
  if (command !== undefined && (typeof command !== 'string' || command.length === 0)) {
    issues.push({ path: 'command', message: 'expected a non-empty string' });
  }
  if (args !== undefined && !isStringArray(args, false)) {
    issues.push({ path: 'args', message: 'expected an array of strings' });
  }
  if (env !== undefined) {
    if (isRecord(env)) {
      for (const [name, value] of Object.entries(env)) {
        if (typeof value !== 'string') {
          issues.push({ path: `env.${name}`, message: 'expected a string' });
        }
      }
    } else {
      issues.push({ path: 'env', message: 'expected an object of string values' });
    }
  }
  if (preferredAuthMethodIds !== undefined && !isStringArray(preferredAuthMethodIds, true)) {
    issues.push({
      path: 'preferredAuthMethodIds',
      message: 'expected an array of non-empty strings',
    });
  }
  return issues;
}

/**
 * Returns `manifest` with `overrides` applied. A replaced command never inherits the default (or
 * versioned) arguments. Invalid overrides (wrong types, unknown keys) throw a `ConfigError` naming
 * `source` and every issue.
 */
export function applyBackendOverrides(
  manifest: BackendManifest,
  overrides: BackendOverrides,
  source: string,
): BackendManifest {
  const issues = findOverrideIssues(overrides);
  if (issues.length > 0) {
    throw new ConfigError({ filePath: `${source} options`, issues });
  }
  const { command, args, env, preferredAuthMethodIds } = overrides;
  const launchReplaced = command !== undefined || args !== undefined;
  return {
    ...manifest,
    launch: launchReplaced
      ? { command: command ?? manifest.launch.command, args: args ?? [] }
      : manifest.launch,
    env:
      env === undefined
        ? manifest.env
        : { ...manifest.env, defaults: { ...manifest.env.defaults, ...env } },
    auth:
      preferredAuthMethodIds === undefined
        ? manifest.auth
        : { ...manifest.auth, preferredMethodIds: preferredAuthMethodIds },
  };
}
