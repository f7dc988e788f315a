import type { BackendLaunch } from '@agentbridge/core/contracts';

/** The first `major.minor.patch` in `text` (`agent 0.61.0-nightly` → `0.61.0`), or undefined. */
export function parseSemanticVersion(text: string): string | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match === null ? undefined : `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}

/** Compares two `major.minor.patch` versions: negative, zero or positive. */
function compareVersions(left: string, right: string): number {
  const [a = 0, b = 0, c = 0] = left.split('.').map(Number);
  const [x = 0, y = 0, z = 0] = right.split('.').map(Number);
  return a - x || b - y || c - z;
}

/**
 * The arguments for an installed version: the `argsByVersion` rule with the highest `minVersion`
 * not above `version`; `launch.args` when the version is unknown or no rule matches.
 */
export function selectLaunchArgs(
  launch: BackendLaunch,
  version: string | undefined,
): readonly string[] {
  if (version === undefined) return launch.args;
  let best: { minVersion: string; args: readonly string[] } | undefined;
  for (const rule of launch.argsByVersion ?? []) {
    const minimum = parseSemanticVersion(rule.minVersion);
    if (minimum === undefined || compareVersions(minimum, version) > 0) continue;
    if (best === undefined || compareVersions(minimum, best.minVersion) > 0) {
      best = { minVersion: minimum, args: rule.args };
    }
  }
  return best?.args ?? launch.args;
}
