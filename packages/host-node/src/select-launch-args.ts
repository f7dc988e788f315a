import type { BackendLaunch } from '@agentbridge/core/contracts';

/** The first `major.minor.patch` in `text` (`agent 0.61.0-nightly` → `0.61.0`), or undefined. */
export function parseSemanticVersion(text: string): string | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match === null ? undefined : `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}

/** Compares two `major.minor.patch` versions: negative, zero or positive. */
export function compareVersions(left: string, right: string): number {
  const leftParts = left.split('.').map(Number);
  const rightParts = right.split('.').map(Number);
  for (let index = 0; index < 3; index += 1) {
    const difference = (leftParts[index] ?? 0) - (rightParts[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The arguments for an installed version: the `argsByVersion` rule with the highest `minVersion`
 * not above `version`; `launch.args` when the version is unknown or no rule matches.
 */
export function selectLaunchArgs(
  launch: BackendLaunch,
  version: string | undefined,
): readonly string[] {
  if (version === undefined || !launch.argsByVersion) return launch.args;
  let best: { minVersion: string; args: readonly string[] } | undefined;
  for (const rule of launch.argsByVersion) {
    const minimum = parseSemanticVersion(rule.minVersion);
    if (minimum === undefined || compareVersions(minimum, version) > 0) continue;
    if (best === undefined || compareVersions(minimum, best.minVersion) > 0) {
      best = { minVersion: minimum, args: rule.args };
    }
  }
  return best?.args ?? launch.args;
}
