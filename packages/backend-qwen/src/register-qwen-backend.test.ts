import { BackendToken, parseBackendManifest, resolveAll } from '@agentbridge/core';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { qwenManifest } from './qwen-manifest.js';
import { registerQwenBackend } from './register-qwen-backend.js';

function registerOnFreshContainer(options?: Parameters<typeof registerQwenBackend>[1]) {
  const child = container.createChildContainer();
  registerQwenBackend(child, options);
  return resolveAll(child, BackendToken);
}

describe('registerQwenBackend', () => {
  it('registers exactly one backend whose manifest matches the snapshot (B-02, B-04, B-07, B-12)', () => {
    const backends = registerOnFreshContainer();
    expect(backends).toHaveLength(1);
    expect(backends[0]?.source).toBe('@agentbridge/backend-qwen');
    expect(backends[0]?.manifest).toMatchSnapshot();
    expect(resolveAll(container, BackendToken)).toEqual([]);
  });

  it('B-09 passes the core manifest schema; every credential variable is also forwarded', () => {
    const manifest = registerOnFreshContainer()[0]?.manifest;
    expect(parseBackendManifest(manifest)).toEqual({ ok: true, manifest });
    const { forward, credentials } = qwenManifest.env;
    expect(credentials.filter((name) => !forward.includes(name))).toEqual([]);
  });
});
