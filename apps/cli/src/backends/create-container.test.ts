import {
  BackendNotFoundError,
  BackendToken,
  createMemoryLogger,
  LoggerToken,
  parseBackendManifest,
  resolveAll,
} from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { acpManifest } from './builtin-backends.js';
import { createContainer } from './create-container.js';

describe('createContainer', () => {
  it('B-01: registers the built-ins in a fixed order (claude is the stream-json pass-through, acp the custom agent) on a child container, with the logger', async () => {
    const logger = createMemoryLogger();
    const catalog = await createContainer({ logger });
    expect(
      [...catalog.backends.values()].map((backend) => [
        backend.manifest.id,
        backend.manifest.protocol,
        backend.source,
      ]),
    ).toEqual([
      ['gemini', 'acp', '@agentbridge/backend-gemini'],
      ['codex', 'acp', '@agentbridge/backend-codex'],
      ['qwen', 'acp', '@agentbridge/backend-qwen'],
      ['claude-acp', 'acp', '@agentbridge/backend-claude-acp'],
      ['grok', 'acp', '@agentbridge/backend-grok'],
      ['claude', 'stream-json', 'agentbridge'],
      ['acp', 'acp', 'agentbridge'],
    ]);
    expect(catalog.container.resolve(LoggerToken)).toBe(logger);
    expect(resolveAll(catalog.container, BackendToken)).toHaveLength(7);
  });

  it('keeps containers independent (no registration leaks between runs)', async () => {
    const first = await createContainer({ logger: createMemoryLogger() });
    const second = await createContainer({ logger: createMemoryLogger() });
    expect(resolveAll(first.container, BackendToken)).toHaveLength(7);
    expect(resolveAll(second.container, BackendToken)).toHaveLength(7);
  });

  it('throws BackendNotFoundError listing the available ids', async () => {
    const catalog = await createContainer({ logger: createMemoryLogger() });
    expect(() => catalog.get('kimi')).toThrow(BackendNotFoundError);
    expect(() => catalog.get('kimi')).toThrow(
      'Available backends: gemini, codex, qwen, claude-acp, grok, claude, acp.',
    );
  });

  it('every built-in manifest passes the plugin manifest check', async () => {
    const catalog = await createContainer({ logger: createMemoryLogger() });
    for (const backend of catalog.backends.values())
      expect(parseBackendManifest(backend.manifest)).toMatchObject({ ok: true });
    expect(acpManifest.launch.command).toBe('');
  });
});
