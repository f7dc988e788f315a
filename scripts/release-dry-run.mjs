#!/usr/bin/env node
// The release dry run (`pnpm release:dry-run`, run by .ci/run): what a release would publish,
// installed and run as a user would, with plain npm and nothing of the workspace.
//  1. copies the repository (tracked and new files, not ignored ones) and the public packages'
//     build output to a temporary directory and runs `changeset version` there, so the packages
//     carry the versions a release gives them (the working tree is never touched);
//  2. packs every public package with `pnpm pack` (`workspace:*` becomes those versions) and checks
//     each tarball: the root LICENSE, no test or fixture, every source map's sources shipped, no
//     `workspace:`/`catalog:` range, `publishConfig.access` public;
//  3. `npm install --global` of the CLI's tarball into an empty prefix, and `npm install` of the
//     library tarballs into an empty project (their own dependencies come from the registry),
//     then imports every entry point of every library;
//  4. runs the installed `agentbridge`: `--version`, `backends`, `doctor --json`, and one
//     stream-json session through the Claude Agent SDK against the test kit's fake ACP agent.
// Build first (`pnpm build`). `--keep` leaves the temporary directory for inspection.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const temporary = mkdtempSync(join(tmpdir(), 'agentbridge-release-'));
const keep = process.argv.includes('--keep');
const cliName = 'agentbridge';
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
const step = (text) => console.log(`release dry run: ${text}`);

/** Runs a command; throws with its output when it fails (an exit code not in `okCodes`). */
function run(command, args, { okCodes = [0], ...options } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (!okCodes.includes(result.status) || result.error) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})\n${output}`,
    );
  }
  return result.stdout;
}

/** The environment of plain npm and of the installed CLI: none of the package manager's variables. */
const cleanEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(npm_|pnpm_|PNPM_|INIT_CWD$|AGENTBRIDGE_)/i.test(name),
  ),
);
/** pnpm itself: the one running this script, else the pinned one through npx. */
const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.8'];

/** The workspace's package directories (relative), from `pnpm-workspace.yaml`'s `group/*` globs. */
function workspacePackages(base) {
  const workspace = readFileSync(join(base, 'pnpm-workspace.yaml'), 'utf8');
  const groups = [...workspace.matchAll(/^\s+-\s+["']?([\w-]+)\/\*["']?\s*$/gm)].map((m) => m[1]);
  return groups.flatMap((group) =>
    existsSync(join(base, group))
      ? readdirSync(join(base, group))
          .map((name) => `${group}/${name}`)
          .filter((directory) => existsSync(join(base, directory, 'package.json')))
      : [],
  );
}
const readManifest = (directory) =>
  JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));

/** 1. A copy of the repository with the release's versions. */
function stageRelease() {
  const staging = join(temporary, 'repo');
  const listed = execFileSync('git', ['ls-files', '-z', '-c', '-o', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0')) {
    if (file === '' || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(staging, file)), { recursive: true });
    cpSync(join(root, file), join(staging, file));
  }
  const publicPackages = workspacePackages(root).filter((directory) => {
    const manifest = readManifest(join(root, directory));
    if (manifest.private === true) return false;
    // The build output (ignored by git) that the package ships.
    for (const entry of manifest.files ?? []) {
      const source = join(root, directory, entry);
      if (!entry.startsWith('!') && existsSync(source))
        cpSync(source, join(staging, directory, entry), { recursive: true });
    }
    return true;
  });
  symlinkSync(join(root, 'node_modules'), join(staging, 'node_modules'), 'junction');
  linkWorkspaceDependencies(staging, publicPackages);
  const changeset = join(root, 'node_modules/@changesets/cli/bin.js');
  run(process.execPath, [changeset, 'version'], { cwd: staging, env: cleanEnvironment });
  const versions = new Set(publicPackages.map((dir) => readManifest(join(staging, dir)).version));
  if (versions.size !== 1)
    throw new Error(`the public packages would release different versions: ${[...versions]}`);
  const [version] = versions;
  if (!publicPackages.some((dir) => readManifest(join(staging, dir)).name === cliName))
    throw new Error(`no public package is named ${cliName}`);
  return { staging, publicPackages, version };
}

/**
 * `pnpm pack` reads the version of a `workspace:` dependency from its installed copy: each public
 * package's `node_modules` gets links to the staged workspace packages it names (nothing else is
 * needed: `catalog:` ranges come from pnpm-workspace.yaml).
 */
function linkWorkspaceDependencies(staging, directories) {
  const byName = new Map(
    workspacePackages(staging).map((directory) => [
      readManifest(join(staging, directory)).name,
      directory,
    ]),
  );
  for (const directory of directories) {
    const manifest = readManifest(join(staging, directory));
    const ranges = {
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
      ...manifest.dependencies,
    };
    for (const [name, range] of Object.entries(ranges)) {
      if (!range.startsWith('workspace:')) continue;
      const link = join(staging, directory, 'node_modules', name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(staging, byName.get(name)), link, 'junction');
    }
  }
}

/** Every file under `directory`, relative to it, with `/` separators. */
function listFiles(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

/** 2. `pnpm pack` of one package, unpacked and checked; returns its tarball and manifest. */
function packAndCheck(staging, directory, version) {
  const destination = join(temporary, 'tarballs');
  const output = run(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', destination], {
    cwd: join(staging, directory),
    env: cleanEnvironment,
  });
  const tarball = output
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .findLast((line) => line.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`pnpm pack printed no tarball:\n${output}`);
  const unpacked = join(temporary, 'unpacked', directory);
  mkdirSync(unpacked, { recursive: true });
  run('tar', ['-xzf', resolve(destination, tarball), '-C', unpacked]);
  const packageRoot = join(unpacked, 'package');
  const files = listFiles(packageRoot);
  const manifest = readManifest(packageRoot);
  const problems = [];
  if (manifest.version !== version) problems.push(`version ${manifest.version}, not ${version}`);
  if (manifest.license !== 'MIT') problems.push(`license ${manifest.license}`);
  if (manifest.publishConfig?.access !== 'public') problems.push('publishConfig.access not public');
  if (manifest.repository?.directory !== directory) problems.push('repository.directory wrong');
  if (manifest.engines?.node === undefined) problems.push('no engines.node');
  const ranges = JSON.stringify([manifest.dependencies, manifest.peerDependencies]);
  if (/"(workspace|catalog):/.test(ranges)) problems.push(`unresolved ranges: ${ranges}`);
  if (readFileSync(join(packageRoot, 'LICENSE'), 'utf8') !== license)
    problems.push('LICENSE differs from the repository LICENSE');
  if (!files.includes('README.md')) problems.push('no README.md');
  for (const file of files) {
    if (/\.test(-d)?\.|__fixtures__|__snapshots__|\.tsbuildinfo$/.test(file))
      problems.push(`ships ${file}`);
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(readFileSync(join(packageRoot, file), 'utf8'));
    const base = join(packageRoot, dirname(file), map.sourceRoot ?? '');
    map.sources.forEach((source, index) => {
      if (map.sourcesContent?.[index] == null && !existsSync(join(base, source)))
        problems.push(`${file}: source ${source} not shipped`);
    });
  }
  for (const target of Object.values(manifest.bin ?? {}))
    if (!existsSync(join(packageRoot, target))) problems.push(`bin ${target} not shipped`);
  if (problems.length > 0) throw new Error(`${manifest.name} tarball:\n  ${problems.join('\n  ')}`);
  step(`packed ${manifest.name}@${manifest.version} (${files.length} files)`);
  return { tarball: resolve(destination, tarball), manifest };
}

/** 3. The libraries in an empty project: each entry point imports. */
function installLibraries(libraries) {
  const project = join(temporary, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'release-dry-run', private: true, type: 'module' }),
  );
  const tarballs = libraries.map((library) => library.tarball);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
    cwd: project,
    env: cleanEnvironment,
  });
  for (const { manifest } of libraries) {
    const entries = Object.keys(manifest.exports ?? { '.': null }).filter(
      (subpath) => subpath !== './package.json',
    );
    for (const subpath of entries) {
      const specifier = `${manifest.name}${subpath.slice(1)}`;
      run(process.execPath, ['--input-type=module', '-e', `await import('${specifier}');`], {
        cwd: project,
        env: cleanEnvironment,
      });
    }
    step(`installed and imported ${manifest.name} (${entries.join(', ')})`);
  }
}

/** 3 and 4. `npm install --global` of the CLI into an empty prefix, then the installed copy runs. */
async function installAndRunCli(cli, version) {
  const internal = Object.keys(cli.manifest.dependencies ?? {}).filter((name) =>
    name.startsWith('@agentbridge/'),
  );
  if (internal.length > 0)
    throw new Error(`${cliName} must be self-contained (its bundle), yet depends on ${internal}`);
  const prefix = join(temporary, 'prefix');
  const npmGlobal = ['--global', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error'];
  run('npm', ['install', ...npmGlobal, cli.tarball], { cwd: temporary, env: cleanEnvironment });
  const installed = join(run('npm', ['root', ...npmGlobal]).trim(), cliName);
  const bin = join(installed, cli.manifest.bin[cliName]);
  const home = join(temporary, 'home');
  const work = join(temporary, 'work');
  mkdirSync(home);
  mkdirSync(work);
  const environment = {
    ...cleanEnvironment,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    AGENTBRIDGE_STATE_DIR: join(temporary, 'state'),
  };
  const agentbridge = (args, okCodes) =>
    run(process.execPath, [bin, ...args], { cwd: work, env: environment, okCodes });

  const printed = agentbridge(['--version']);
  if (printed !== `2.1.332 (agentbridge ${version})\n`)
    throw new Error(`--version printed ${printed}`);
  const backends = agentbridge(['backends']);
  const builtIn = ['gemini', 'codex', 'claude', 'acp'];
  for (const id of builtIn)
    if (!new RegExp(`^\\s+${id}\\s`, 'm').test(backends))
      throw new Error(`backends lists no ${id}:\n${backends}`);
  // Exit 1: no agent is installed here, which the report says.
  const report = JSON.parse(agentbridge(['doctor', '--json'], [0, 1]));
  const doctored = report.backends?.map((backend) => backend.backendId) ?? [];
  if (report.version !== version || !builtIn.every((id) => doctored.includes(id)))
    throw new Error(`doctor --json reported version ${report.version}, backends ${doctored}`);
  step(`installed ${cliName}@${version} globally; --version, backends and doctor --json pass`);

  // One session as the Claude Agent SDK runs it, against the test kit's scripted fake agent.
  const fromCli = createRequire(join(root, 'apps/cli/package.json'));
  const { query } = await import(
    pathToFileURL(fromCli.resolve('@anthropic-ai/claude-agent-sdk')).href
  );
  const testKit = dirname(fromCli.resolve('@agentbridge/test-kit/package.json'));
  const messages = [];
  const permissions = [];
  for await (const message of query({
    prompt: 'Add a greeting to README.md',
    options: {
      pathToClaudeCodeExecutable: bin,
      cwd: work,
      includePartialMessages: true,
      env: {
        ...environment,
        AGENTBRIDGE_BACKEND: 'acp',
        AGENTBRIDGE_COMMAND: join(testKit, 'bin/fake-acp-agent.mjs'),
        AGENTBRIDGE_ARGS: JSON.stringify(['--scenario', join(testKit, 'scenarios/demo.json')]),
      },
      canUseTool: async (toolName, input) => {
        permissions.push(toolName);
        return { behavior: 'allow', updatedInput: input };
      },
    },
  })) {
    messages.push(message);
  }
  const init = messages.find((message) => message.type === 'system' && message.subtype === 'init');
  const deltas = messages.filter((message) => message.type === 'stream_event').length;
  const result = messages.at(-1);
  const expected = 'Done: README.md now greets its readers.';
  if (
    init === undefined ||
    deltas === 0 ||
    permissions.join() !== 'Edit' ||
    result?.type !== 'result' ||
    result.subtype !== 'success' ||
    result.result !== expected
  ) {
    const summary = messages.map((message) => `${message.type}/${message.subtype ?? ''}`);
    throw new Error(
      `the SDK session went wrong: init ${init !== undefined}, ${deltas} stream events, permissions [${permissions}], last ${JSON.stringify(result)}\n${summary.join(' ')}`,
    );
  }
  step(
    `Claude Agent SDK session through the installed copy: ${messages.length} messages, ${deltas} stream events, Edit allowed, result success`,
  );
}

try {
  const { staging, publicPackages, version } = stageRelease();
  step(`changeset version: ${publicPackages.length} public packages at ${version}`);
  const packed = publicPackages.map((directory) => packAndCheck(staging, directory, version));
  await installAndRunCli(
    packed.find(({ manifest }) => manifest.name === cliName),
    version,
  );
  installLibraries(packed.filter(({ manifest }) => manifest.name !== cliName));
  step('passed');
} finally {
  if (keep) step(`kept ${temporary}`);
  else rmSync(temporary, { recursive: true, force: true });
}
