// tsyringe needs the Reflect metadata polyfill before it loads; only runs that build a container pay for it.
import 'reflect-metadata';
import type { BackendV1, Logger } from '@agentbridge/core/contracts';
import {
  BackendNotFoundError,
  BackendToken,
  ConfigError,
  DuplicateBackendError,
  InternalError,
  LoggerToken,
  provideValue,
  resolveAll,
} from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { container as rootContainer } from 'tsyringe';
import type { BackendRegistration } from './backend-registration.js';
import { builtinBackends } from './builtin-backends.js';

/** The container of one run and the backends registered on it, by id. */
export type BackendCatalog = {
  readonly container: DependencyContainer;
  /** Every backend, in registration order (built-ins first). */
  readonly backends: ReadonlyMap<string, BackendV1>;
  /** The backend with `id`; throws `BackendNotFoundError` listing the ids there are. */
  get(id: string): BackendV1;
};

/** Options of {@link createContainer}. */
export type CreateContainerOptions = {
  readonly logger: Logger;
  /** Plugins loaded from `.agentrc`, registered after the built-ins. */
  readonly plugins?: readonly BackendRegistration[];
  /** Replaces the built-ins (tests). */
  readonly builtins?: readonly BackendRegistration[];
  /** Parent container (default: tsyringe's root). */
  readonly parent?: DependencyContainer;
};

/**
 * Creates a child container with the logger, the built-in backends (`gemini`, `codex`, `claude`,
 * `acp`) and the plugins' backends. Each registration's manifests are validated; a plugin that
 * throws, registers nothing or registers a bad manifest is a `ConfigError` naming it; a repeated id
 * is a `DuplicateBackendError` naming both sources. The manifest check (core's zod schemas) is
 * loaded only when plugins or replacement built-ins are given: the shipped built-ins are checked by
 * their tests, so a plain run does not pay for zod.
 */
export async function createContainer(options: CreateContainerOptions): Promise<BackendCatalog> {
  const checkManifests = (options.plugins?.length ?? 0) > 0 || options.builtins !== undefined;
  const parseBackendManifest = checkManifests
    ? (await import('@agentbridge/core')).parseBackendManifest
    : undefined;
  const container = (options.parent ?? rootContainer).createChildContainer();
  provideValue(container, LoggerToken, options.logger);
  const backends = new Map<string, BackendV1>();

  for (const registration of [
    ...(options.builtins ?? builtinBackends),
    ...(options.plugins ?? []),
  ]) {
    const { origin, source: registrationSource } = registration;
    const before = resolveAll(container, BackendToken).length;
    try {
      registration.register(container);
    } catch (error) {
      if (!origin) throw error;
      throw pluginError(origin, registrationSource, `register() threw: ${describe(error)}`, error);
    }
    const added = resolveAll(container, BackendToken).slice(before);
    if (added.length === 0 && origin) {
      throw pluginError(
        origin,
        registrationSource,
        'register() added no backend: call provideValue(container, BackendToken, { manifest }) with BackendToken from @agentbridge/core',
      );
    }
    for (const backend of added) {
      const parsed = parseBackendManifest?.(backend?.manifest);
      if (parsed !== undefined && !parsed.ok) {
        const problems = parsed.issues.map(
          (issue) => `manifest${issue.path ? `.${issue.path}` : ''}: ${issue.message}`,
        );
        const message = `registered an invalid backend:\n      ${problems.join('\n      ')}`;
        if (origin) throw pluginError(origin, registrationSource, message);
        throw new InternalError(`${registrationSource} ${message}`);
      }
      const source = backend.source ?? registrationSource;
      const existing = backends.get(backend.manifest.id);
      if (existing) {
        throw new DuplicateBackendError({
          backendId: backend.manifest.id,
          sources: [existing.source ?? 'an earlier registration', source],
        });
      }
      backends.set(backend.manifest.id, { ...backend, source });
    }
  }

  return {
    container,
    backends,
    get(id) {
      const backend = backends.get(id);
      if (!backend) {
        throw new BackendNotFoundError({
          backendId: id,
          availableBackendIds: [...backends.keys()],
        });
      }
      return backend;
    },
  };
}

function pluginError(
  origin: NonNullable<BackendRegistration['origin']>,
  source: string,
  message: string,
  cause?: unknown,
): ConfigError {
  const error = new ConfigError({
    filePath: origin.configFile,
    issues: [{ path: origin.path, message: `plugin "${source}" ${message}` }],
  });
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
  return error;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
