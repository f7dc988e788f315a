import type { CommandHooks } from '@agentbridge/bridge-acp';
import type { MergedClaudeSettings } from './merge-claude-settings.js';

/** A hook's `timeout` when it sets none (Claude Code's). */
const defaultHookTimeoutSeconds = 60;

/**
 * SE-04, SE-05: what the merged settings give a launch: the permission rules for the bridge's
 * policy, the extra directories, the mode and model (the command line and `.agentrc` win over
 * them), the agent's `env`, the command hooks (`timeout` in seconds, 60 by default) and a notice
 * naming the hooks of other types, which only Claude Code can run.
 */
export function settingsLaunchFields(settings: MergedClaudeSettings) {
  const commandHooks: Record<string, CommandHooks[string][number][]> = {};
  const otherTypes = new Set<string>();
  for (const [event, matchers] of Object.entries(settings.hooks)) {
    const entries = matchers.flatMap(({ matcher, hooks }) => {
      const commands = hooks.flatMap((hook) => {
        if (hook.type === 'command' && hook.command !== undefined)
          return [
            {
              command: hook.command,
              timeoutMs: (hook.timeout ?? defaultHookTimeoutSeconds) * 1000,
            },
          ];
        otherTypes.add(`"${hook.type}" (${event})`);
        return [];
      });
      return commands.length === 0
        ? []
        : [{ ...(matcher === undefined ? {} : { matcher }), commands }];
    });
    if (entries.length > 0) commandHooks[event] = entries;
  }
  const notices =
    otherTypes.size === 0
      ? []
      : [
          `Settings hooks of type ${[...otherTypes].join(', ')} cannot be run through an ACP agent and are ignored; command hooks run.`,
        ];
  return {
    allowedTools: settings.allow,
    disallowedTools: settings.deny,
    askTools: settings.ask,
    additionalDirectories: settings.additionalDirectories,
    permissionMode: settings.defaultMode,
    model: settings.model,
    env: settings.env,
    commandHooks,
    notices,
  };
}

/** The launch fields of {@link settingsLaunchFields}. */
export type SettingsLaunchFields = ReturnType<typeof settingsLaunchFields>;
