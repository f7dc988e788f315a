// tsyringe throws at import without the Reflect metadata polyfill: it must load first.
import 'reflect-metadata';
import type { BackendV1, Logger } from '@agentbridge/core/contracts';
import {
  BackendNotFoundError,
  BackendToken,
  DuplicateBackendError,
  errorMessage,
  InternalError,
  LoggerToken,
  provideValue,
  resolveAll,
} from '@agentbridge/core/contracts';
import type { DependencyContainer } from 'tsyringe';
import { container as rootContainer } from 'tsyringe';
import { pluginError } from '../plugins/load-plugins.js';
import type { BackendRegistration } from './builtin-backends.js';
import { builtinBackends } from './builtin-backends.js';

/** The container of one run and the backends registered on it, by id in registration order. */
export type BackendCatalog = {
  readonly container: DependencyContainer;
  readonly backends: ReadonlyMap<string, BackendV1>;
  /** The backend with `id`; throws `BackendNotFoundError` listing the ids there are. */
  get(id: string): BackendV1;
};

/**
 * A child container with the logger, the built-in backends and the plugins' backends. A plugin that
 * throws, registers nothing or registers a bad manifest is a `ConfigError` naming it; a repeated id
 * is a `DuplicateBackendError`. Core's manifest schema (zod) loads only when there is something to
 * check: the shipped built-ins are checked by their tests, so a plain run does not pay for it.
 */
export async function createContainer(options: {
  readonly logger: Logger;
  /** Plugins loaded from `.agentrc`, registered after the built-ins. */
  readonly plugins?: readonly BackendRegistration[];
}): Promise<BackendCatalog> {
  const plugins = options.plugins ?? [];
  const parseManifest =
    plugins.length > 0 ? (await import('@agentbridge/core')).parseBackendManifest : null;
  const container = rootContainer.createChildContainer();
  provideValue(container, LoggerToken, options.logger);
  const backends = new Map<string, BackendV1>();

  for (const registration of [...builtinBackends, ...plugins]) {
    const { origin, source: registrationSource } = registration;
    const fail = (message: string, cause?: unknown) => {
      if (!origin) throw cause ?? new InternalError(`${registrationSource} ${message}`);
      throw pluginError(origin, registrationSource, message, cause);
    };
    const before = resolveAll(container, BackendToken).length;
    try {
      registration.register(container);
    } catch (error) {
      fail(`register() threw: ${errorMessage(error)}`, error);
    }
    const added = resolveAll(container, BackendToken).slice(before);
    if (added.length === 0 && origin) {
      fail(
        'register() added no backend: call provideValue(container, BackendToken, { manifest }) with BackendToken from @agentbridge/core',
      );
    }
    for (const backend of added) {
      const parsed = parseManifest?.(backend?.manifest);
      if (parsed && !parsed.ok) {
        const problems = parsed.issues.map(
          (issue) => `manifest${issue.path ? `.${issue.path}` : ''}: ${issue.message}`,
        );
        fail(`registered an invalid backend:\n      ${problems.join('\n      ')}`);
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
      if (backend) return backend;
      throw new BackendNotFoundError({ backendId: id, availableBackendIds: [...backends.keys()] });
    },
  };
}
