import type { BackendPluginModule } from '@agentbridge/core';
import {
  BackendToken,
  backendManifestSchema,
  parseBackendManifest,
  resolveAll,
} from '@agentbridge/core';
import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { acmeManifest } from './acme-manifest.js';
import * as plugin from './index.js';
import { acmeBackendSource, registerAcmeBackend } from './register-acme-backend.js';

// Compile-time check: the package entry has the shape agentbridge loads from `.agentrc` `plugins`.
const pluginModule: BackendPluginModule = plugin;

const knownQuirkKeys = Object.keys(backendManifestSchema.unwrap().shape.quirks.unwrap().shape);

function registerOnFreshContainer() {
  const child = container.createChildContainer();
  pluginModule.register(child);
  return resolveAll(child, BackendToken);
}

describe('Acme Agent plugin: registration', () => {
  it('registers exactly one backend whose manifest matches the snapshot (B-02)', () => {
    const backends = registerOnFreshContainer();
    expect(backends).toHaveLength(1);
    expect(backends[0]?.source).toBe(acmeBackendSource);
    expect(backends[0]?.manifest).toBe(acmeManifest);
    expect(backends[0]?.manifest).toMatchSnapshot();
  });

  it('exports register and manifest under the plugin names', () => {
    expect(plugin.register).toBe(registerAcmeBackend);
    expect(plugin.manifest).toBe(acmeManifest);
  });

  it('leaves the parent container untouched and registers again on every child', () => {
    registerOnFreshContainer();
    expect(resolveAll(container, BackendToken)).toEqual([]);
    expect(registerOnFreshContainer()).toHaveLength(1);
  });
});

describe('Acme Agent plugin: manifest shape check', () => {
  it("passes core's strict manifest schema unchanged", () => {
    expect(parseBackendManifest(acmeManifest)).toEqual({ ok: true, manifest: acmeManifest });
  });

  it('every credential variable is also forwarded, and the id is what .agentrc names', () => {
    const { forward, credentials } = acmeManifest.env;
    expect(credentials.filter((name) => !forward.includes(name))).toEqual([]);
    expect(acmeManifest.id).toBe('acme');
    expect(acmeManifest.displayName).toBe('Acme Agent');
  });

  it('a misspelled quirk is reported with its path, whatever the spelling', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((key) => !knownQuirkKeys.includes(key)),
        (key) => {
          const result = parseBackendManifest({
            ...acmeManifest,
            quirks: { ...acmeManifest.quirks, [key]: true },
          });
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain('quirks');
        },
      ),
    );
  });

  it("the fatal stderr pattern recognises Acme's fatal lines only", () => {
    const patterns = (acmeManifest.quirks.fatalStderrPatterns ?? []).map(
      (source) => new RegExp(source),
    );
    const isFatal = (line: string) => patterns.some((pattern) => pattern.test(line));
    expect(isFatal('ACME FATAL: quota exhausted for org 42')).toBe(true);
    expect(isFatal('acme: warning: ACME FATAL: is only a prefix at the start')).toBe(false);
    expect(isFatal('ACME INFO: session started')).toBe(false);
  });
});
