import { promptResponse, usageMeta, usageUpdate } from '../../json-rpc/agent-schemas.js';
import { createUsageLedger as createTyped, type UsageLedger } from '../usage-ledger.js';

/**
 * Agent data is untrusted: the ledger is fed whatever arrives, through the edge's schemas as in a
 * run (agent-intake.ts and the prompt answer parse it before the ledger sees it).
 */
export const createUsageLedger = () => {
  const ledger = createTyped();
  return {
    ...ledger,
    applyUsageUpdate: (update: unknown) =>
      ledger.applyUsageUpdate(usageUpdate.optional().catch(undefined).parse(update)),
    applyNotificationMeta: (meta: unknown) => ledger.applyNotificationMeta(usageMeta.parse(meta)),
    foldPromptResponse: (result: unknown) =>
      ledger.foldPromptResponse(promptResponse.parse(result)),
    turnOutputTokensAfter: (result: unknown) =>
      ledger.turnOutputTokensAfter(promptResponse.parse(result)),
  };
};

/** The context reading the result line carries (`usage.iterations[0].input_tokens`), -1 without one. */
export const contextReading = (ledger: UsageLedger): unknown =>
  ledger.resultUsage().usage.iterations?.[0]?.input_tokens ?? -1;
/** The window the result line shows for a model (its `modelUsage` row), 0 without one. */
export const contextWindow = (ledger: UsageLedger, model?: string): unknown =>
  ledger.resultUsage(model).modelUsage[model || 'agent']?.contextWindow ?? 0;
/** The cumulative cost the result line carries. */
export const totalCostUsd = (ledger: UsageLedger): number => ledger.resultUsage().total_cost_usd;

export const zeroRow = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadInputTokens: 0,
  cacheCreationInputTokens: 0,
  webSearchRequests: 0,
  costUSD: 0,
  contextWindow: 0,
  maxOutputTokens: 0,
};
