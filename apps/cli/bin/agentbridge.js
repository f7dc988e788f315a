#!/usr/bin/env node
// CommonJS (bin/package.json), like the bundle: an ES module entry costs a start ~6 ms (the ES
// loader), and an ES `import` of a built-in more (scripts/bundle.mjs). `.js`, not `.cjs`: the
// Claude Agent SDK runs a `.js` path with node, and would exec any other as a native binary.
const { env, platform, version } = process;
const { enableCompileCache } = process.getBuiltinModule('node:module');
// A lone `--version` or `--help` loads no chunk of the run and streams nothing; with other
// arguments the command line's chunk decides, and is worth its code cache.
const argv = process.argv.slice(2);
if (argv.length !== 1 || !/^(?:--version|-v|--help|-h)$/.test(argv[0])) {
  // V8's young generation stays at its first size: what a stream allocates per line dies young, and
  // a grown young generation stays resident (see the peak RSS of `pnpm bench`), for no speed gained.
  // `--expose-gc`: the host collects the pieces of a very long line at once (collect-garbage.ts).
  // Set first: V8 rejects a code cache made under other flags.
  process
    .getBuiltinModule('node:v8')
    .setFlagsFromString('--semi-space-growth-factor=1 --expose-gc');
  if (env.NODE_DISABLE_COMPILE_CACHE === undefined) useCodeCache();
}
require('../bundle/agentbridge.cjs');

/**
 * V8's code cache for the bundle's chunks (~8 ms of a start: they need not be compiled again),
 * in a directory of the user's own: Node's compile cache from Node 22.1, before it our own
 * `vm.Script` cache of each chunk, named by the chunk's file name, which holds its content hash.
 * A chunk compiled without a cache is cached at exit; a rejected cache (another V8, other flags)
 * is replaced. `NODE_DISABLE_COMPILE_CACHE` turns both off.
 */
function useCodeCache() {
  const { join, basename, dirname, isAbsolute } = process.getBuiltinModule('node:path');
  const home = env.HOME || env.USERPROFILE || process.getBuiltinModule('node:os').homedir();
  const xdgCacheHome = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) && env.XDG_CACHE_HOME;
  const cacheHome =
    platform === 'win32'
      ? env.LOCALAPPDATA || join(home, 'AppData', 'Local')
      : xdgCacheHome || join(home, '.cache');
  const bundle = join(__dirname, '..', 'bundle');
  // One directory per Node and per installation (an FNV-1a hash of its path): each prunes its own.
  let hash = 0x811c9dc5;
  for (const character of bundle) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  const key = `${version}-${process.arch}-${(hash >>> 0).toString(36)}`;
  const directory = join(cacheHome, 'agentbridge', 'code-cache', key);
  if (enableCompileCache) return enableCompileCache(directory);
  const Module = process.getBuiltinModule('node:module');
  const { Script } = process.getBuiltinModule('node:vm');
  const fs = process.getBuiltinModule('node:fs');
  const compile = Module.prototype._compile;
  const uncached = [];
  Module.prototype._compile = function compileWithCache(content, filename) {
    // Only the chunks, whose names hold their content hash (not the entry, which changes in place),
    // of 8 KiB or more (reading a cache costs more than compiling less), without `import()` (Node 20
    // loses a cached script's dynamic-import callback; a JSDoc `@typedef { import(…) }` is no call).
    if (
      dirname(filename) !== bundle ||
      filename.endsWith('agentbridge.cjs') ||
      content.length < 8192 ||
      /(?<!@typedef \{ )import\(/.test(content)
    )
      return compile.call(this, content, filename);
    const file = join(directory, `${basename(filename)}.cache`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {}
    const script = new Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) uncached.push({ script, file });
    const wrapper = script.runInThisContext();
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };
  // At exit the cache holds the functions the run compiled too; written whole, then renamed.
  process.once('exit', () => {
    if (uncached.length === 0) return;
    try {
      fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
      const chunks = new Set(fs.readdirSync(bundle));
      for (const name of fs.readdirSync(directory))
        if (name.endsWith('.cache') && !chunks.has(name.slice(0, -'.cache'.length)))
          fs.rmSync(join(directory, name), { force: true });
      for (const { script, file } of uncached) {
        fs.writeFileSync(`${file}.${process.pid}`, script.createCachedData());
        fs.renameSync(`${file}.${process.pid}`, file);
      }
    } catch {}
  });
}
