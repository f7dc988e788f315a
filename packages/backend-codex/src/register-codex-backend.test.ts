import type { BackendV1 } from '@agentbridge/core';
import { BackendToken, ConfigError, parseBackendManifest, resolveAll } from '@agentbridge/core';
import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { codexManifest } from './codex-manifest.js';
import type { CodexBackendOptions } from './register-codex-backend.js';
import { registerCodexBackend } from './register-codex-backend.js';

function registerOnFreshContainer(options?: CodexBackendOptions) {
  const child = container.createChildContainer();
  registerCodexBackend(child, options);
  return resolveAll(child, BackendToken);
}

describe('registerCodexBackend', () => {
  it('registers exactly one backend whose manifest matches the snapshot (B-02, B-04, B-07, B-12)', () => {
    const backends = registerOnFreshContainer();
    expect(backends).toHaveLength(1);
    expect(backends[0]?.source).toBe('@agentbridge/backend-codex');
    expect(backends[0]?.manifest).toMatchSnapshot();
  });

  it('leaves the root container untouched', () => {
    registerOnFreshContainer();
    expect(resolveAll(container, BackendToken)).toEqual([]);
  });

  it('maps every Claude mode onto read-only / auto / full-access (C-04)', () => {
    const synonyms = codexManifest.quirks.permissionModeSynonyms ?? {};
    const offered = new Set(['read-only', 'auto', 'full-access']);
    for (const candidates of Object.values(synonyms)) {
      expect(candidates.every((modeId) => offered.has(modeId))).toBe(true);
    }
    expect(synonyms.default?.[0]).toBe('read-only');
    expect(synonyms.acceptEdits?.[0]).toBe('auto');
    expect(synonyms.bypassPermissions?.[0]).toBe('full-access');
  });

  it('is stopped with signals because it ignores stdin EOF, and a rejection ends the turn', () => {
    expect(codexManifest.process.exitsOnStdinEof).toBe(false);
    expect(codexManifest.quirks.rejectionEndsTurn).toBe(true);
    expect(codexManifest.quirks.supportsSetModel).toBe(false);
  });

  it('a replaced command drops the default arguments; args alone keep the command', () => {
    expect(registerOnFreshContainer({ command: '/opt/codex-acp' })[0]?.manifest.launch).toEqual({
      command: '/opt/codex-acp',
      args: [],
    });
    expect(registerOnFreshContainer({ args: ['-c', 'model="o4"'] })[0]?.manifest.launch).toEqual({
      command: 'codex-acp',
      args: ['-c', 'model="o4"'],
    });
  });

  it('merges env overrides into the defaults and replaces the auth preference', () => {
    const manifest = registerOnFreshContainer({
      env: { CODEX_HOME: '/srv/codex' },
      preferredAuthMethodIds: ['openai-api-key'],
    })[0]?.manifest;
    expect(manifest?.env.defaults).toEqual({ CODEX_HOME: '/srv/codex' });
    expect(manifest?.auth.preferredMethodIds).toEqual(['openai-api-key']);
  });

  it('rejects invalid options with a ConfigError naming each key', () => {
    const child = container.createChildContainer();
    const invalid = { args: 'codex-acp --yolo', extra: true } as unknown as CodexBackendOptions;
    let thrown: unknown;
    try {
      registerCodexBackend(child, invalid);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const issues = (thrown as ConfigError).issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual(['', 'args']);
    expect(resolveAll(child, BackendToken)).toEqual([]);
  });

  it('B-09 every credential variable is also forwarded', () => {
    const { forward, credentials } = codexManifest.env;
    expect(credentials.filter((name) => !forward.includes(name))).toEqual([]);
  });

  it('passes the core manifest schema, with and without overrides', () => {
    const manifest = registerOnFreshContainer()[0]?.manifest;
    expect(parseBackendManifest(manifest)).toEqual({ ok: true, manifest });
  });

  it('property: any valid options give a valid manifest; a new command never inherits arguments', () => {
    const environmentName = fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,20}$/);
    const options = fc.record(
      {
        command: fc.string({ minLength: 1 }),
        args: fc.array(fc.string()),
        env: fc.dictionary(environmentName, fc.string()),
        preferredAuthMethodIds: fc.array(fc.string({ minLength: 1 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(options, (candidate) => {
        const [{ manifest }] = registerOnFreshContainer(candidate) as [BackendV1];
        expect(parseBackendManifest(manifest).ok).toBe(true);
        expect(manifest.launch.args).toEqual(
          candidate.args ?? (candidate.command === undefined ? codexManifest.launch.args : []),
        );
        if (candidate.command !== undefined || candidate.args !== undefined) {
          expect(manifest.launch.argsByVersion).toBeUndefined();
        }
        for (const [key, value] of Object.entries(candidate.env ?? {})) {
          expect(manifest.env.defaults?.[key]).toBe(value);
        }
      }),
    );
  });
});
