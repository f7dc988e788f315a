#!/usr/bin/env node
// Bundles the CLI (its `tsc` output in dist/ and every dependency) into bundle/, which is what the
// published package runs (`bin/agentbridge.mjs`): a few files instead of hundreds of modules, so a
// run reaches its first `system/init` sooner. The chunks keep the lazy loading of the source:
// `--version` loads only the entry and rolldown's runtime; the bridge loads while the agent boots;
// config files, schemas, `doctor` and the other commands load on demand. (Grouping the run path
// into one chunk measured no faster.) The CLI is CommonJS: Node's CommonJS loader is synchronous,
// and `require('node:crypto')` returns the module where an ES `import` first builds a facade that
// runs every lazy getter of the built-in (`crypto.webcrypto`, `fs.ReadStream`, ...): with the lazy
// built-ins below, spawn → `system/init` ~5 ms sooner in paired runs. Chunk names hold a content
// hash: the bin's code cache is named by them. No source maps: the package ships no sources.
// Run by `pnpm build`, after `tsc -b`.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDirectory = `${root}bundle`;

/**
 * Built-ins that only code after the agent's spawn calls, loaded on first call: `node:crypto`
 * alone costs a start ~2 ms, `node:fs/promises` ~0.5 ms (the session store, client files). Their
 * functions (lower-case exports) become wrappers; importing anything else from them fails the build.
 */
const lazyBuiltins = ['node:crypto', 'node:fs/promises', 'node:v8', 'node:vm'];
const lazyBuiltinsPlugin = {
  name: 'lazy-builtins',
  resolveId: (id) => (lazyBuiltins.includes(id) ? `\0lazy:${id}` : undefined),
  async load(id) {
    if (!id.startsWith('\0lazy:')) return undefined;
    const name = id.slice('\0lazy:'.length);
    const builtin = await import(name);
    const functions = Object.keys(builtin).filter(
      (key) => /^[a-z]\w*$/.test(key) && typeof builtin[key] === 'function',
    );
    const load = `process.getBuiltinModule(${JSON.stringify(name)})`;
    return functions
      .map((key) => `export function ${key}(...args) { return ${load}.${key}(...args); }`)
      .join('\n');
  },
};

/** Bundles `input` (entry name → file) into bundle/ as `format`, files named `*.extension`. */
async function bundle(input, format, extension, hashChunks = false) {
  const build = await rolldown({
    input,
    platform: 'node',
    cwd: root,
    // cosmiconfig's optional loader of `.ts` config files, which agentbridge does not search for.
    external: ['typescript'],
    plugins: [lazyBuiltinsPlugin],
    logLevel: 'warn',
  });
  await build.write({
    dir: outputDirectory,
    format,
    entryFileNames: `[name].${extension}`,
    chunkFileNames: hashChunks ? `[name]-[hash].${extension}` : `[name].${extension}`,
  });
  await build.close();
}

rmSync(outputDirectory, { recursive: true, force: true });
await bundle({ agentbridge: `${root}dist/main.js` }, 'cjs', 'cjs', true);
// The stdio MCP relay an agent without HTTP MCP starts (MCP-01) is an entry of its own (ESM: it
// awaits at its top level).
await bundle({ 'mcp-relay': `${root}dist/mcp/mcp-relay.js` }, 'esm', 'mjs');
