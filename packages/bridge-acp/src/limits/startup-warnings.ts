import { firedHookEvents } from '../hooks/hook-registry.js';
import type { MachineContext, Session } from '../machine/bridge-state.js';
import { resolveModelId } from '../session/session-catalog.js';
import { limitsOf } from './launch-limits.js';

/**
 * LM-08, HK-01: what the client asked for that this agent cannot be held to, told in-band (as
 * `system/informational` warnings after the session's first `system/init`), never only on stderr:
 * options no ACP agent can honour, hooks of events the bridge never fires, a budget nothing can
 * price, a fallback model the agent does not offer.
 */
export function limitWarnings(context: MachineContext, session: Session): string[] {
  const { ignoredOptions = [], maxBudgetUsd, fallbackModel } = limitsOf(context);
  const warnings = [
    ...ignoredOptions.map(
      (option) => `--${option} cannot be honoured by an ACP agent and is ignored.`,
    ),
    ...(context.launch.notices ?? []),
  ];
  const events = [...Object.keys(context.state.client.hooks)];
  for (const event of Object.keys(context.launch.commandHooks ?? {}))
    if (!events.includes(event)) events.push(event);
  const unfired = events.filter((event) => !firedHookEvents.includes(event));
  if (unfired.length > 0)
    warnings.push(`Hooks for ${unfired.join(', ')} are never called through an ACP agent.`);
  const model = session.catalog.currentModelId ?? context.launch.model ?? '';
  const cost = context.backend?.cost;
  const prices = Object.keys(cost?.pricesPerMillionTokens ?? {});
  if (maxBudgetUsd !== undefined && cost?.reportsUsd !== true && !prices.includes(model))
    warnings.push(
      `--max-budget-usd ${maxBudgetUsd} cannot be enforced: the agent is not known to report its cost in USD and agentbridge has no price for the model '${model || 'unknown'}'. The limit applies only if the agent reports a cost${prices.length > 0 ? ` or uses only models agentbridge prices (${prices.join(', ')})` : ''}.`,
    );
  if (fallbackModel !== undefined && session.catalog.models.length > 0)
    if (
      resolveModelId(fallbackModel, session.catalog, context.backend?.models?.aliases) === undefined
    )
      warnings.push(
        `--fallback-model ${fallbackModel} is not offered by the agent: no fallback will be tried.`,
      );
  return warnings;
}
