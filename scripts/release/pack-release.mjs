// Steps 1 and 2 of the release dry run (scripts/release-dry-run.mjs): a copy of the repository with
// the release's versions, then every public package packed and its tarball checked.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { cleanEnvironment, pnpm, run } from './run-command.mjs';

/**
 * Stages the release and packs it; returns its version and each public package's tarball and
 * manifest. `context`: the repository's `root`, the `temporary` directory, the CLI's `cliName` and
 * `step`, which reports progress.
 */
export function packRelease(context) {
  const { staging, publicPackages, version } = stageRelease(context);
  context.step(`changeset version: ${publicPackages.length} public packages at ${version}`);
  const packed = publicPackages.map((directory) =>
    packAndCheck(context, staging, directory, version),
  );
  return { version, packed };
}

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
function stageRelease({ root, temporary, cliName }) {
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
function packAndCheck({ root, temporary, step }, staging, directory, version) {
  const license = readFileSync(join(root, 'LICENSE'), 'utf8');
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
