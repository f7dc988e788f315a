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
import { container as rootContainer } from 'tsyringe';
import { closestMatch } from '../config/closest-match.js';
import { pluginError } from '../plugins/load-plugins.js';
import { type BackendRegistration, builtinBackends } from './builtin-backends.js';

/** The backends of one run, by id in registration order, on a child container. */
export type BackendCatalog = Awaited<ReturnType<typeof createContainer>>;

/**
 * A child container with the logger, the built-in and the plugins' backends. A plugin that throws,
 * registers nothing or a bad manifest is a `ConfigError` naming it; a repeated id a
 * `DuplicateBackendError`. Only plugins are checked (zod costs start-up; built-ins have tests).
 */
export async function createContainer(options: {
  readonly logger: Logger;
  readonly plugins?: readonly BackendRegistration[];
}) {
  const plugins = options.plugins ?? [];
  const parseManifest =
    plugins.length > 0 ? (await import('@agentbridge/core')).parseBackendManifest : null;
  const container = rootContainer.createChildContainer();
  provideValue(container, LoggerToken, options.logger);
  const backends = new Map<string, BackendV1>();

  for (const { plugin, source: registrationSource, register } of [...builtinBackends, ...plugins]) {
    const fail = (message: string, cause?: unknown) => {
      if (!plugin) throw cause ?? new InternalError(`${registrationSource} ${message}`);
      throw pluginError(plugin, message, cause);
    };
    const before = resolveAll(container, BackendToken).length;
    try {
      register(container);
    } catch (error) {
      fail(`register() threw: ${errorMessage(error)}`, error);
    }
    const added = resolveAll(container, BackendToken).slice(before);
    if (added.length === 0 && plugin) {
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
      const { id } = backend.manifest;
      const source = backend.source ?? registrationSource;
      const existing = backends.get(id);
      if (existing) {
        const sources = [existing.source ?? 'an earlier registration', source];
        throw new DuplicateBackendError({ backendId: id, sources });
      }
      backends.set(id, { ...backend, source });
    }
  }
  return {
    container,
    backends: backends as ReadonlyMap<string, BackendV1>,
    /** The backend with `id`; throws `BackendNotFoundError` naming `source`, a close id, the ids. */
    get(id: string, source?: string): BackendV1 {
      const backend = backends.get(id);
      if (backend) return backend;
      const availableBackendIds = [...backends.keys()];
      const suggestion = closestMatch(id, availableBackendIds);
      throw new BackendNotFoundError({ backendId: id, availableBackendIds, source, suggestion });
    },
  };
}
