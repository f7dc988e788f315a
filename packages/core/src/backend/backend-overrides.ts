import type { DependencyContainer } from 'tsyringe';
import { BackendToken, provideValue } from '../di/token.js';
import { ConfigError, type ConfigIssue } from '../errors/agent-error.js';
import { isRecord } from '../util/helpers.js';
import type { BackendManifest, BackendOverrides } from './backend-manifest.js';

const isStrings = (value: unknown, nonEmpty = false) =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'string' && !(nonEmpty && item === ''));

/** `backendOverridesSchema`'s rules by hand (check and message), so a registration loads no zod. */
const rules: Readonly<Record<string, readonly [(value: unknown) => boolean, string]>> = {
  command: [(value) => typeof value === 'string' && value !== '', 'expected a non-empty string'],
  args: [(value) => isStrings(value), 'expected an array of strings'],
  env: [
    (value) => isRecord(value) && Object.values(value).every((item) => typeof item === 'string'),
    'expected an object of string values',
  ],
  preferredAuthMethodIds: [
    (value) => isStrings(value, true),
    'expected an array of non-empty strings',
  ],
};

function findIssues(overrides: unknown): ConfigIssue[] {
  if (!isRecord(overrides)) return [{ path: '', message: 'expected an object of backend options' }];
  const issues = Object.entries(rules)
    .filter(([key, [isValid]]) => overrides[key] !== undefined && !isValid(overrides[key]))
    .map(([path, [, message]]) => ({ path, message }));
  const unknown = Object.keys(overrides).filter((key) => !Object.hasOwn(rules, key));
  if (unknown.length === 0) return issues;
  const names = unknown.map((key) => `"${key}"`).join(', ');
  const message = `Unrecognized option(s): ${names} (known: ${Object.keys(rules).join(', ')})`;
  return [{ path: '', message }, ...issues];
}

/**
 * `manifest` with `overrides` applied; a replaced command never inherits the default (or
 * versioned) arguments. Invalid overrides throw a `ConfigError` naming `source` and every issue.
 */
export function applyBackendOverrides(
  manifest: BackendManifest,
  overrides: BackendOverrides,
  source: string,
): BackendManifest {
  const issues = findIssues(overrides);
  if (issues.length > 0) throw new ConfigError({ filePath: `${source} options`, issues });
  const { command, args, env, preferredAuthMethodIds } = overrides;
  const launch =
    command === undefined && args === undefined
      ? manifest.launch
      : { command: command ?? manifest.launch.command, args: args ?? [] };
  return {
    ...manifest,
    launch,
    env: env ? { ...manifest.env, defaults: { ...manifest.env.defaults, ...env } } : manifest.env,
    auth: preferredAuthMethodIds
      ? { ...manifest.auth, preferredMethodIds: preferredAuthMethodIds }
      : manifest.auth,
  };
}

/**
 * A backend package's `register` function: `manifest` with the user's overrides, provided under
 * `BackendToken` with `source` (the package name, which duplicate-id and option errors name).
 */
export function backendRegistration(manifest: BackendManifest, source: string) {
  return (container: DependencyContainer, options: BackendOverrides = {}): void =>
    provideValue(container, BackendToken, {
      manifest: applyBackendOverrides(manifest, options, source),
      source,
    });
}
