import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';
import { type FileSystem, nodeFileSystem } from './file-system.js';
import type { HostPlatform } from './host-platform.js';
import { resolveSpawnCommand, type SpawnCommand } from './resolve-spawn-command.js';
import { parseSemanticVersion } from './select-launch-args.js';

/** Runs a command and resolves with its combined output (a seam for tests). */
export type RunCommand = (
  command: SpawnCommand,
  options: { env: Readonly<Record<string, string>>; timeoutMs: number },
) => Promise<string>;

/** Options of {@link probeAgentVersion}. */
export type ProbeAgentVersionOptions = {
  readonly executablePath: string;
  /** `BackendManifest.probe.versionArgs` (`['--version']`). */
  readonly versionArgs: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly platform?: HostPlatform;
  /** Where the cache file lives; no caching when absent. */
  readonly stateDirectory?: string;
  readonly fileSystem?: FileSystem;
  readonly run?: RunCommand;
  readonly logger?: Logger;
  /** Default 15 000 ms. */
  readonly timeoutMs?: number;
};

type VersionCache = Record<
  string,
  { readonly modifiedTimeMs: number; readonly version: string | null }
>;

const cacheFileName = 'version-cache.json';

/**
 * The installed version of an agent: runs `<executable> <versionArgs>` and takes the first semver
 * of its output. Results are cached per executable path and modification time under the state
 * directory, so the probe runs once per install. Undefined when the version cannot be told.
 */
export async function probeAgentVersion(
  options: ProbeAgentVersionOptions,
): Promise<string | undefined> {
  const fileSystem = options.fileSystem ?? nodeFileSystem;
  const logger = options.logger ?? noopLogger;
  const platform = options.platform ?? process.platform;
  const modifiedTimeMs = fileSystem.modifiedTimeMs(options.executablePath);
  const cacheFile =
    options.stateDirectory === undefined
      ? undefined
      : path.join(options.stateDirectory, cacheFileName);
  const cache = cacheFile === undefined ? {} : readCache(cacheFile);
  const cached = cache[options.executablePath];
  if (
    cached !== undefined &&
    modifiedTimeMs !== undefined &&
    cached.modifiedTimeMs === modifiedTimeMs
  ) {
    return cached.version ?? undefined;
  }
  const command = resolveSpawnCommand({
    executablePath: options.executablePath,
    args: options.versionArgs,
    platform,
    fileSystem,
    env: options.env,
  });
  let version: string | undefined;
  try {
    const output = await (options.run ?? runCommand)(command, {
      env: options.env,
      timeoutMs: options.timeoutMs ?? 15_000,
    });
    version = parseSemanticVersion(output);
  } catch (error) {
    logger.warn('version probe failed', {
      executable: options.executablePath,
      message: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
  logger.debug('agent version probed', { executable: options.executablePath, version });
  if (cacheFile !== undefined && modifiedTimeMs !== undefined) {
    cache[options.executablePath] = { modifiedTimeMs, version: version ?? null };
    writeCache(cacheFile, cache, logger);
  }
  return version;
}

function readCache(file: string): VersionCache {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as VersionCache)
      : {};
  } catch {
    return {};
  }
}

function writeCache(file: string, cache: VersionCache, logger: Logger): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(cache)}\n`);
    renameSync(temporary, file);
  } catch (error) {
    logger.warn('version cache not written', {
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

const maxOutputChars = 64 * 1024;

/** Runs a command without a shell; resolves with stdout + stderr (capped), rejects on spawn error or timeout. */
const runCommand: RunCommand = (command, options) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command.command, [...command.args], {
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      windowsVerbatimArguments: command.windowsVerbatimArguments,
      shell: false,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < maxOutputChars) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
