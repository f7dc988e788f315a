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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packRelease } from './release/pack-release.mjs';
import { cleanEnvironment, run } from './release/run-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const temporary = mkdtempSync(join(tmpdir(), 'agentbridge-release-'));
const keep = process.argv.includes('--keep');
const cliName = 'agentbridge';
const step = (text) => console.log(`release dry run: ${text}`);

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
  const { version, packed } = packRelease({ root, temporary, cliName, step });
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
