import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { BackendToken, resolveAll } from '../di/token.js';
import { AgentError } from '../errors/agent-error.js';
import type { BackendManifest } from './backend-manifest.js';
import { backendOverridesSchema, parseBackendManifest } from './backend-manifest.js';
import { applyBackendOverrides, backendRegistration } from './backend-overrides.js';

const manifest: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'vendor',
  displayName: 'Vendor CLI',
  protocol: 'acp',
  launch: {
    command: 'vendor',
    args: ['--acp'],
    argsByVersion: [{ minVersion: '2.0.0', args: ['acp'] }],
  },
  probe: {},
  env: { forward: [], credentials: [], defaults: { A: '1' } },
  process: { names: ['vendor'], exitsOnStdinEof: true },
  hints: {},
  auth: { preferredMethodIds: ['browser'] },
  quirks: {},
};

describe('applyBackendOverrides', () => {
  it('B-13 a replaced command drops the default and versioned arguments', () => {
    const result = applyBackendOverrides(manifest, { command: '/opt/vendor' }, 'test');
    expect(result.launch).toEqual({ command: '/opt/vendor', args: [] });
  });

  it('B-13 explicit arguments win; env and auth preferences merge or replace', () => {
    const result = applyBackendOverrides(
      manifest,
      { args: ['--stdio'], env: { B: '2' }, preferredAuthMethodIds: ['api-key'] },
      'test',
    );
    expect(result.launch).toEqual({ command: 'vendor', args: ['--stdio'] });
    expect(result.env.defaults).toEqual({ A: '1', B: '2' });
    expect(result.auth.preferredMethodIds).toEqual(['api-key']);
  });

  it('no overrides keep the manifest as it is', () => {
    expect(applyBackendOverrides(manifest, {}, 'test')).toEqual(manifest);
  });

  it('a misspelled option is a ConfigError naming the source and the key', () => {
    let caught: unknown;
    try {
      applyBackendOverrides(manifest, { comand: 'x' } as never, '@acme/backend');
    } catch (error) {
      caught = error;
    }
    expect(AgentError.isInstance(caught) && caught.code).toBe('config-invalid');
    expect(String((caught as Error).message)).toContain('@acme/backend options');
    expect(String((caught as Error).message)).toContain('comand');
  });

  it('accepts exactly what backendOverridesSchema accepts', () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.constant(''),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer())),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
    );
    const overrides = fc.record(
      {
        command: anyValue,
        args: anyValue,
        env: anyValue,
        preferredAuthMethodIds: anyValue,
        colour: anyValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(overrides, (candidate) => {
        let accepted = true;
        try {
          applyBackendOverrides(manifest, candidate as never, 'test');
        } catch (error) {
          expect(AgentError.isInstance(error) && error.code).toBe('config-invalid');
          accepted = false;
        }
        expect(accepted).toBe(backendOverridesSchema.safeParse(candidate).success);
      }),
    );
  });
});

describe('backendRegistration', () => {
  const register = backendRegistration(manifest, '@vendor/backend');
  const registerOnFreshContainer = (options?: Parameters<typeof register>[1]) => {
    const child = container.createChildContainer();
    register(child, options);
    return resolveAll(child, BackendToken);
  };

  it('B-02 provides one backend under its package name, on the given container only', () => {
    expect(registerOnFreshContainer()).toEqual([{ manifest, source: '@vendor/backend' }]);
    expect(resolveAll(container, BackendToken)).toEqual([]);
  });

  it('B-13 a replaced command drops the default arguments; any valid options give a valid manifest', () => {
    const [backend] = registerOnFreshContainer({ command: '/opt/vendor' });
    expect(backend?.manifest.launch).toEqual({ command: '/opt/vendor', args: [] });
    const options = fc.record(
      { command: fc.string({ minLength: 1 }), args: fc.array(fc.string()) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(options, (candidate) => {
        const [registered] = registerOnFreshContainer(candidate);
        expect(parseBackendManifest(registered?.manifest).ok).toBe(true);
      }),
    );
  });

  it('bad options throw a ConfigError naming the package', () => {
    expect(() => registerOnFreshContainer({ colour: 'red' } as never)).toThrow(/@vendor\/backend/);
  });
});
