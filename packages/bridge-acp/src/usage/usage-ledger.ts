import type { ModelUsage, ResultMessage, Usage } from '@agentbridge/core/contracts';
import type {
  PromptResponseIn,
  QuotaRow,
  TokenRow,
  UsageMeta,
  UsageUpdateIn,
} from '../json-rpc/agent-schemas.js';

/** The usage fields of a `result` line (U-22..U-24). */
export type ResultUsage = Required<Pick<ResultMessage, 'usage' | 'modelUsage' | 'total_cost_usd'>>;

/** The usage state of one bridge: what the agent reports, folded into what the client reads. */
export type UsageLedger = ReturnType<typeof createUsageLedger>;

type Tokens = { input: number; output: number; cacheRead: number; cacheWrite: number };
/** USD per million tokens, by model id (a backend's `cost.pricesPerMillionTokens`). */
type Prices = Readonly<
  Record<string, { readonly input: number; readonly output: number; readonly cacheRead?: number }>
>;

const noTokens: Readonly<Tokens> = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
/** A non-negative count: negative or non-numeric values count as 0. */
const count = (value: unknown): number => (isFiniteNumber(value) && value > 0 ? value : 0);
/** ACP `usage`; the flat `_meta` convention has the same fields without cache writes. */
const acpTokens = (row: TokenRow, withCacheWrite = true): Tokens => ({
  input: count(row.inputTokens),
  output: count(row.outputTokens),
  cacheRead: count(row.cachedReadTokens),
  cacheWrite: withCacheWrite ? count(row.cachedWriteTokens) : 0,
});
/** U-12: a `_meta.usage` row, whose input includes the cache reads and writes. */
const metaUsageTokens = (row: TokenRow): Tokens => {
  const cacheRead = count(row.cachedReadTokens);
  const cacheWrite = count(row.cacheCreationTokens);
  const input = Math.max(0, count(row.inputTokens) - cacheRead - cacheWrite);
  return { input, output: count(row.outputTokens), cacheRead, cacheWrite };
};
/** A `_meta.quota` `token_count`, snake or camel case. */
const quotaTokens = (row: QuotaRow = {}): Tokens => ({
  input: count(row.input_tokens ?? row.inputTokens),
  output: count(row.output_tokens ?? row.outputTokens),
  cacheRead: count(row.cached_input_tokens ?? row.cachedInputTokens),
  cacheWrite: 0,
});

const usageRow = (counts: Tokens, contextWindow: number): ModelUsage => ({
  inputTokens: counts.input,
  outputTokens: counts.output,
  cacheReadInputTokens: counts.cacheRead,
  cacheCreationInputTokens: counts.cacheWrite,
  webSearchRequests: 0,
  costUSD: 0,
  contextWindow,
  maxOutputTokens: 0,
});

/** An empty ledger: no context reading (-1), no window, no cost; `prices` price the tokens (LM-03). */
export function createUsageLedger(prices: Prices = {}) {
  let reading = -1;
  /** `usage_update.size`: wins over the catalog's window. */
  let updateWindow = 0;
  let catalogWindows: Readonly<Record<string, number>> = {};
  let costUsd = 0;
  /** The agent told its cost in USD: it wins over prices. */
  let costReported = false;
  /** Earlier turns' tokens at list prices. */
  let pricedBefore = 0;
  let turn = { ...noTokens };
  let reported = false;
  /** This turn's usage came in notifications: prompt answers add none. */
  let notified = false;
  /** This turn's per-model rows (`_meta.quota.model_usage`, `_meta.usage.modelUsage`). */
  let modelRows = new Map<string, Tokens>();

  const addTurn = (counts: Tokens): void => {
    for (const key of Object.keys(turn) as (keyof Tokens)[]) turn[key] += counts[key];
    reported = true;
  };
  /** Per-model rows keep input and output only. */
  const addModelRow = (model: string, { input, output }: Tokens): void => {
    if (model === '__proto__') return;
    const row = modelRows.get(model) ?? noTokens;
    modelRows.set(model, { ...noTokens, input: row.input + input, output: row.output + output });
  };
  const setReading = (totalTokens: unknown): void => {
    if (isFiniteNumber(totalTokens) && totalTokens > 0) reading = totalTokens;
  };

  /** `_meta.usage`: turn totals, per-model rows, and a cost in ticks of 1e-10 USD unless partial. */
  const foldMetaUsage = (usage: NonNullable<UsageMeta['usage']>): void => {
    addTurn(metaUsageTokens(usage));
    for (const [model, row] of Object.entries(usage.modelUsage ?? {})) {
      if (row !== undefined) addModelRow(model, metaUsageTokens(row));
    }
    const partial = usage.costIsPartial === true || usage.usageIsIncomplete === true;
    if (!partial) costUsd += count(usage.costUsdTicks) / 1e10;
    costReported ||= !partial && isFiniteNumber(usage.costUsdTicks);
  };

  /** `_meta.quota`: `token_count` turn totals (only without ACP `usage`), `model_usage[]` rows. */
  const foldQuota = (quota: NonNullable<UsageMeta['quota']>, hasUsage: boolean): void => {
    if (!hasUsage && quota.token_count !== undefined) addTurn(quotaTokens(quota.token_count));
    for (const row of quota.model_usage ?? []) {
      if (row?.model === undefined || row.model === '') continue;
      addModelRow(row.model, quotaTokens(row.token_count));
    }
  };

  /** The usage conventions of a `_meta` (after ACP `usage`, which wins when present). */
  const foldMeta = (meta: UsageMeta, hasUsage: boolean): void => {
    if (!hasUsage && meta.usage !== undefined) foldMetaUsage(meta.usage);
    else if (!hasUsage && isFiniteNumber(meta.inputTokens)) addTurn(acpTokens(meta, false));
    if (meta.quota !== undefined) foldQuota(meta.quota, hasUsage);
  };

  const priceOf = (model: string | undefined) =>
    model !== undefined && Object.hasOwn(prices, model) ? prices[model] : undefined;
  /**
   * LM-03: this turn's tokens at list prices (a row of an unpriced model at the current model's
   * price); `undefined` when tokens were used that nothing prices.
   */
  const pricedTurn = (currentModelId: string | undefined): number | undefined => {
    const rows = modelRows.size > 0 ? modelRows : new Map([[currentModelId ?? '', turn]]);
    let total = 0;
    for (const [model, row] of rows) {
      const price = priceOf(model) ?? priceOf(currentModelId);
      if (price === undefined && row.input + row.output + row.cacheRead > 0) return undefined;
      if (price === undefined) continue;
      const cached = row.cacheRead * (price.cacheRead ?? price.input);
      total += (row.input * price.input + row.output * price.output + cached) / 1e6;
    }
    return total;
  };
  /** LM-03: the session's cost: as the agent reports it, else at list prices, else unknown. */
  const spentUsd = (currentModelId: string | undefined): number | undefined => {
    if (costReported) return costUsd;
    const priced = pricedTurn(currentModelId);
    return priced === undefined ? undefined : pricedBefore + priced;
  };

  return {
    spentUsd,
    /** U-10: a client turn starts; per-turn sums and per-model rows restart at zero. */
    startTurn(currentModelId?: string): void {
      pricedBefore += pricedTurn(currentModelId) ?? 0;
      turn = { ...noTokens };
      notified = false;
      reported = false;
      modelRows = new Map();
    },
    /** U-01: an ACP `usage_update` (`used`, `size`, `cost` in USD). */
    applyUsageUpdate(update: UsageUpdateIn | undefined): void {
      if (isFiniteNumber(update?.used) && update.used >= 0) reading = update.used;
      if (isFiniteNumber(update?.size) && update.size > 0) updateWindow = update.size;
      const cost = update?.cost;
      if (typeof cost?.currency !== 'string' || cost.currency.toUpperCase() !== 'USD') return;
      if (cost.amount === undefined || cost.amount === null) costUsd = 0;
      else if (isFiniteNumber(cost.amount) && cost.amount >= 0) {
        costUsd = cost.amount;
        costReported = true;
      }
    },
    /**
     * N-02, U-02: the `_meta` of a `session/update` or of its update: `totalTokens` > 0 is a
     * reading; usage rows in the prompt answer's `_meta` shapes count (`_meta.usage` on a chunk), and
     * then the turn's prompt answers add no usage of their own.
     */
    applyNotificationMeta(meta: UsageMeta | undefined): void {
      if (meta === undefined) return;
      setReading(meta.totalTokens);
      if (
        meta.usage !== undefined ||
        isFiniteNumber(meta.inputTokens) ||
        meta.quota !== undefined
      ) {
        foldMeta(meta, false);
        notified = true;
      }
    },
    /** U-11/U-12: a `session/prompt` result: ACP `usage`, then the `_meta` conventions agents share. */
    foldPromptResponse(result: PromptResponseIn): void {
      const usage = result?.usage;
      const hasUsage = usage !== undefined && !notified;
      if (hasUsage) addTurn(acpTokens(usage));
      const meta = result?._meta;
      if (meta === undefined) return;
      setReading(meta.totalTokens);
      if (!notified) foldMeta(meta, hasUsage);
    },
    /** U-21: each model's window from the catalog (`_meta.totalContextTokens`); replaces the last. */
    setCatalogWindows(windows: Readonly<Record<string, number>>): void {
      catalogWindows = { ...windows };
    },
    /** U-20: the `usage` of an assistant line: zeros, plus the live reading as cache reads. */
    assistantUsage(): Usage {
      const usage = { input_tokens: 0, output_tokens: 0 };
      return reading > 0 ? { ...usage, cache_read_input_tokens: reading } : usage;
    },
    /** U-21..U-24: `usage`, `modelUsage` and `total_cost_usd` of the turn's `result` line. */
    resultUsage(currentModelId?: string): ResultUsage {
      const usage: Usage = {
        input_tokens: turn.input,
        cache_creation_input_tokens: turn.cacheWrite,
        cache_read_input_tokens: turn.cacheRead,
        output_tokens: turn.output,
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: 'standard',
      };
      if (reading >= 0) {
        const zero = { cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
        usage.iterations = [{ input_tokens: reading, output_tokens: 0, ...zero }];
      }
      const window =
        updateWindow > 0 || currentModelId === undefined
          ? updateWindow
          : count(catalogWindows[currentModelId]);
      const modelUsage: Record<string, ModelUsage> = {};
      const total = spentUsd(currentModelId) ?? costUsd;
      if (reported || window > 0) {
        const current = currentModelId || 'agent';
        const rows = modelRows.size > 0 ? modelRows : new Map([[current, turn]]);
        for (const [model, row] of rows) {
          modelUsage[model] = usageRow(row, model === current ? window : 0);
        }
        // GA-12: the cost the result reports is the current model's.
        modelUsage[current] = {
          ...usageRow(rows.get(current) ?? noTokens, window),
          costUSD: total,
        };
      }
      return { usage, modelUsage, total_cost_usd: total };
    },
    /** The output tokens reported so far in the running turn. */
    turnOutputTokens: (): number => turn.output,
    /** U-20: the turn's output tokens once `result` is folded, without folding it. */
    turnOutputTokensAfter(result: PromptResponseIn): number {
      if (notified) return turn.output;
      const scratch = createUsageLedger();
      scratch.foldPromptResponse(result);
      return turn.output + scratch.turnOutputTokens();
    },
  };
}
