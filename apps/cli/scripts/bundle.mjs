#!/usr/bin/env node
// Bundles the CLI (its `tsc` output in dist/ and every dependency) into bundle/, which is what the
// published package runs (`bin/agentbridge.mjs`): a few files instead of hundreds of modules, so a
// run reaches its first `system/init` sooner. The chunks keep the lazy loading of the source:
// `--version` loads only the entry and its two modules; the bridge loads while the agent boots;
// config files, schemas, `doctor` and the other commands load on demand. (Grouping the run path
// into one chunk measured no faster.) No source maps: the package ships no sources.
// Run by `pnpm build`, after `tsc -b`.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDirectory = `${root}bundle`;

rmSync(outputDirectory, { recursive: true, force: true });
const bundle = await rolldown({
  input: `${root}dist/main.js`,
  platform: 'node',
  cwd: root,
  // cosmiconfig's optional loader of `.ts` config files, which agentbridge does not search for.
  external: ['typescript'],
  logLevel: 'warn',
});
await bundle.write({
  dir: outputDirectory,
  format: 'esm',
  entryFileNames: 'agentbridge.mjs',
  chunkFileNames: '[name].mjs',
});
await bundle.close();
