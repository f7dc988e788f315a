import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage, isRecord, type Logger, noopLogger } from '@agentbridge/core/contracts';
import { spawn } from 'cross-spawn';
import { parseSemanticVersion } from './select-launch-args.js';

/** Runs a command without a shell; resolves with its combined output (a seam for tests). */
export type RunCommand = (
  command: string,
  args: readonly string[],
  options: { env: Readonly<Record<string, string>>; timeoutMs: number },
) => Promise<string>;

/** Options of {@link probeAgentVersion}. */
type ProbeAgentVersionOptions = {
  readonly executablePath: string;
  /** `BackendManifest.probe.versionArgs` (`['--version']`). */
  readonly versionArgs: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** Where `version-cache.json` lives; no caching when absent. */
  readonly stateDirectory?: string;
  readonly run?: RunCommand;
  readonly logger?: Logger;
  /** Default 15 000 ms. */
  readonly timeoutMs?: number;
};

type VersionCache = Record<string, { modifiedTimeMs: number; version: string | null }>;

/**
 * The installed version of an agent: the first semver in the output of `<executable>
 * <versionArgs>`, cached per executable path and modification time under the state directory so
 * the probe runs once per install. Undefined when it cannot be told.
 */
export async function probeAgentVersion(
  options: ProbeAgentVersionOptions,
): Promise<string | undefined> {
  const { executablePath: executable, stateDirectory } = options;
  const logger = options.logger ?? noopLogger;
  const modifiedTimeMs = statSync(executable, { throwIfNoEntry: false })?.mtimeMs;
  const cacheFile = stateDirectory && path.join(stateDirectory, 'version-cache.json');
  const cache = cacheFile ? readCache(cacheFile) : {};
  const cached = cache[executable];
  if (cached !== undefined && cached.modifiedTimeMs === modifiedTimeMs) {
    return cached.version ?? undefined;
  }
  let version: string | undefined;
  try {
    const output = await (options.run ?? runCommand)(executable, options.versionArgs, {
      env: options.env,
      timeoutMs: options.timeoutMs ?? 15_000,
    });
    version = parseSemanticVersion(output);
  } catch (error) {
    logger.warn('version probe failed', { executable, message: errorMessage(error) });
    return undefined;
  }
  logger.debug('agent version probed', { executable, version });
  if (cacheFile && modifiedTimeMs !== undefined) {
    cache[executable] = { modifiedTimeMs, version: version ?? null };
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: true, mode: 0o700 });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(cache)}\n`);
      renameSync(temporary, cacheFile);
    } catch (error) {
      logger.warn('version cache not written', { message: errorMessage(error) });
    }
  }
  return version;
}

function readCache(file: string): VersionCache {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(value) ? (value as VersionCache) : {};
  } catch {
    return {};
  }
}

/** The real {@link RunCommand} (`cross-spawn` quotes Windows batch files); output capped at 64 KiB. */
const runCommand: RunCommand = (command, args, { env, timeoutMs }) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, [...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 64 * 1024) output += chunk.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('error', reject).on('close', () => resolve(output));
    setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs).unref();
  });
