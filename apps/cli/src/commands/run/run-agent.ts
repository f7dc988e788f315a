import { readFileSync } from 'node:fs';
import type { BackendManifest, Logger } from '@agentbridge/core';
import { ConfigError, UsageError } from '@agentbridge/core';
import {
  createAcpBridgeTransport,
  createAgentEnvironment,
  createClaudeCliTransport,
  probeAgentVersion,
  selectLaunchArgs,
} from '@agentbridge/host-node';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { CliContext } from '../../cli-context.js';
import { cliVersion } from '../../cli-version.js';
import { locateCommand } from '../../host/locate-command.js';
import { parseMcpConfigs } from '../../mcp/parse-mcp-configs.js';
import type { RunSetup } from '../../resolve-run-setup.js';
import { createSessionStore } from '../../session/session-store.js';
import { formatArgvNotes } from '../../ui/format-argv-notes.js';
import { buildAcpLaunch } from './build-acp-launch.js';
import { exitCodeOf } from './exit-code-of.js';
import { readPrompt } from './read-prompt.js';
import type { RelayEvent, RelayTransport } from './relay-transport.js';
import { runPrint } from './run-print.js';
import { runStreamJson } from './run-stream-json.js';

/**
 * The main path: resolves the backend and its executable, starts the transport (an ACP agent
 * behind the bridge, or a real `claude` for `stream-json` backends) and relays in stream-json or
 * print mode. Resolves with the exit code.
 */
export async function runAgent(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
  logger: Logger,
): Promise<number> {
  const { settings, catalog } = setup;
  if (settings.backendId === undefined) {
    throw new ConfigError({
      issues: [
        {
          path: 'backend',
          message: `no backend chosen. Pass --backend <id>, set AGENTBRIDGE_BACKEND, or add "backend: <id>" to .agentrc. Available: ${[...catalog.backends.keys()].join(', ')}.`,
        },
      ],
    });
  }
  const { manifest } = catalog.get(settings.backendId);
  const passThrough = manifest.protocol === 'stream-json';
  for (const line of formatArgvNotes(
    passThrough ? { unknownFlags: [], unsupportedFlags: [] } : commandLine,
  )) {
    context.stderr.write(line);
  }

  const command = settings.command ?? manifest.launch.command;
  if (command === '') {
    throw new ConfigError({
      issues: [
        {
          path: 'command',
          message: `backend '${manifest.id}' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND, or add "command" to .agentrc.`,
        },
      ],
    });
  }
  const found = locateCommand({ command, manifest, context });
  if (!found.found) throw found.error;
  const env = createAgentEnvironment({
    parent: context.env,
    platform: context.platform,
    ...(manifest.env.defaults ? { defaults: manifest.env.defaults } : {}),
    overrides: settings.env,
  });
  const secrets = [...manifest.env.credentials]
    .map((name) => env[name])
    .filter((value): value is string => typeof value === 'string' && value.length >= 4);
  const args =
    settings.args ??
    (await defaultArgs(manifest, found.path, env, settings.stateDirectory, logger));
  const processOptions = {
    command: found.path,
    cwd: context.cwd,
    env,
    logger,
    platform: context.platform,
    stateDirectory: settings.stateDirectory,
    secrets,
  };
  logger.info('starting agent', { backendId: manifest.id, command: found.path, args });

  const store = createSessionStore({ stateDirectory: settings.stateDirectory });
  let transport: RelayTransport;
  if (passThrough) {
    transport = createClaudeCliTransport({
      ...processOptions,
      args: [...args, ...commandLine.passthrough],
    });
  } else {
    const continueSessionId = commandLine.continue
      ? (await store.findLatest({ cwd: context.cwd, backendId: manifest.id }))?.sessionId
      : undefined;
    if (commandLine.continue) logger.info('continue', { sessionId: continueSessionId ?? null });
    const launch = buildAcpLaunch({
      commandLine,
      settings,
      manifest,
      cwd: context.cwd,
      mcpServers: parseMcpConfigs(commandLine.mcpConfigs, {
        cwd: context.cwd,
        readFile: (path) => readFileSync(path, 'utf8'),
      }),
      ...(continueSessionId === undefined ? {} : { continueSessionId }),
      agentCommand: command,
      clientVersion: cliVersion(),
      readFile: (path) => readFileSync(path, 'utf8'),
    });
    transport = createAcpBridgeTransport({ ...processOptions, args, launch, backend: manifest });
  }

  const showAgentStderr = commandLine.verbose || commandLine.debug;
  const onEvent = (event: RelayEvent) => {
    switch (event.type) {
      case 'agent-output':
        if (event.stream === 'stdout' || showAgentStderr) context.stderr.write(`${event.line}\n`);
        return;
      case 'session-opened':
        store
          .record({
            cwd: context.cwd,
            backendId: manifest.id,
            sessionId: event.sessionId,
            updatedAt: Date.now(),
          })
          .catch((error: unknown) =>
            logger.warn('session store write failed', {
              message: error instanceof Error ? error.message : String(error),
            }),
          );
        return;
      case 'auth-started':
        context.stderr.write(
          `agentbridge: signing in to ${manifest.displayName} (${event.methodName}); follow the agent's instructions\n`,
        );
        return;
      default:
        return;
    }
  };

  const stop = () => {
    void transport.close();
  };
  const removeSignalHandlers = context.onTerminate(stop);
  try {
    if (commandLine.mode === 'stream-json') {
      const outcome = await runStreamJson({
        transport,
        stdin: context.stdin,
        stdout: context.stdout,
        onEvent,
      });
      return exitCodeOf(outcome, {
        passThrough,
        writeStderr: (text) => context.stderr.write(text),
      });
    }
    const prompt = commandLine.prompt ?? (await readPrompt(context));
    if (prompt.trim() === '') {
      throw new UsageError(
        'Error: Input must be provided either through stdin or as a prompt argument when using --print',
      );
    }
    const outcome = await runPrint({
      transport,
      prompt,
      outputFormat: commandLine.outputFormat,
      stdout: context.stdout,
      onEvent,
    });
    const code = exitCodeOf(outcome, {
      passThrough,
      writeStderr: (text) => context.stderr.write(text),
    });
    if (!outcome.result && code === 0) {
      context.stderr.write('agentbridge: the agent ended without a result\n');
      return 1;
    }
    return code;
  } finally {
    removeSignalHandlers();
  }
}

async function defaultArgs(
  manifest: BackendManifest,
  executablePath: string,
  env: Readonly<Record<string, string>>,
  stateDirectory: string,
  logger: Logger,
): Promise<readonly string[]> {
  if (!manifest.launch.argsByVersion?.length || !manifest.probe.versionArgs)
    return manifest.launch.args;
  const version = await probeAgentVersion({
    executablePath,
    versionArgs: manifest.probe.versionArgs,
    env,
    stateDirectory,
    logger,
  });
  logger.debug('agent version', { version: version ?? null });
  return selectLaunchArgs(manifest.launch, version);
}
