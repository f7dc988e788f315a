#!/usr/bin/env node
// Bundles the CLI (its `tsc` output in dist/ and every dependency) into bundle/, which is what the
// published package runs (`bin/agentbridge.js`): a few files instead of hundreds of modules, so a
// run reaches its first `system/init` sooner. The chunks keep the lazy loading of the source:
// `--version` loads only the entry and rolldown's runtime; a run reads two more files (`runPath`
// below), the second while the agent boots; config files, schemas, `doctor` and the other commands
// load on demand. The CLI is CommonJS: Node's CommonJS loader is synchronous,
// and `require('node:crypto')` returns the module where an ES `import` first builds a facade that
// runs every lazy getter of the built-in (`crypto.webcrypto`, `fs.ReadStream`, ...): with the lazy
// built-ins below, spawn → `system/init` ~5 ms sooner in paired runs. Chunk names hold a content
// hash: the bin's code cache is named by them. No source maps: the package ships no sources.
// Run by `pnpm build`, after `tsc -b`.
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * A run's modules in two chunks (each file Node loads costs ~0.1 ms, and a run loaded ~25):
 * `startup`, what a run needs until it spawns the agent (command line, configuration, backends,
 * the launch), and `run`, what it loads while the agent boots (transports, modes, the bridge).
 * Found in a first build by rolldown's own splitting: the chunks holding the roots and those they
 * load, less the entry's (what `--version` loads stays there).
 */
const runPath = {
  startup: [
    'argv/parse-command-line',
    'config/load-config',
    'config/resolve-settings',
    'plugins/load-plugins',
    'backends/create-container',
    'commands/run/launch-agent',
  ].map((module) => `${root}dist/${module}.js`),
  run: [
    `${root}dist/commands/run/run-agent.js`,
    createRequire(import.meta.url).resolve('@agentbridge/bridge-acp'),
  ],
};

/** Module id → `startup` or `run`, from the chunks of a build without them. */
function runPathGroups(output) {
  const chunks = new Map(output.filter(({ type }) => type === 'chunk').map((c) => [c.fileName, c]));
  const loads = (files, seen = new Set()) => {
    for (const file of files) {
      // `imports` also names the built-ins.
      if (chunks.has(file) && !seen.has(file)) loads(chunks.get(file).imports, seen.add(file));
    }
    return seen;
  };
  const filesOf = (test) => [...chunks.values()].filter(test).map(({ fileName }) => fileName);
  const taken = loads(filesOf(({ isEntry }) => isEntry));
  const groups = new Map();
  for (const name of ['startup', 'run']) {
    const roots = filesOf(({ moduleIds }) => moduleIds.some((id) => runPath[name].includes(id)));
    const found = roots.flatMap((file) => chunks.get(file).moduleIds);
    const missing = runPath[name].filter((root) => !found.includes(root));
    if (missing.length > 0) throw new Error(`not bundled: ${missing.join(', ')}`);
    for (const file of loads(roots)) {
      if (taken.has(file)) continue;
      taken.add(file);
      for (const id of chunks.get(file).moduleIds) groups.set(id, name);
    }
  }
  return groups;
}

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
    // The entry keeps only its own exports (the run path's chunks take the modules they name).
    preserveEntrySignatures: 'allow-extension',
  });
  const output = {
    dir: outputDirectory,
    format,
    entryFileNames: `[name].${extension}`,
    chunkFileNames: hashChunks ? `[name]-[hash].${extension}` : `[name].${extension}`,
  };
  if (format === 'cjs') {
    const groups = runPathGroups((await build.generate(output)).output);
    const group = { name: (id) => groups.get(id) ?? null, debugName: 'run path' };
    output.codeSplitting = { includeDependenciesRecursively: false, groups: [group] };
  }
  await build.write(output);
  await build.close();
}

rmSync(outputDirectory, { recursive: true, force: true });
await bundle({ agentbridge: `${root}dist/main.js` }, 'cjs', 'cjs', true);
// The stdio MCP relay an agent without HTTP MCP starts (MCP-01) is an entry of its own (ESM: it
// awaits at its top level).
await bundle({ 'mcp-relay': `${root}dist/mcp/mcp-relay.js` }, 'esm', 'mjs');
// The bash grammar behind shell permission rules (RU-01) is WebAssembly, loaded on the first rule
// check: its two files ship beside the chunks, where host-node's shell parser looks first.
const hostRequire = createRequire(`${root}../../packages/host-node/package.json`);
for (const [file, from] of [
  ['tree-sitter.wasm', 'web-tree-sitter/tree-sitter.wasm'],
  ['tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm'],
])
  copyFileSync(hostRequire.resolve(from), `${outputDirectory}/${file}`);
