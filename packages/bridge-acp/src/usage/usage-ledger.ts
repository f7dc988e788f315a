import type { ModelUsage, Usage } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import type { PromptResponse, UsageUpdate } from '@agentclientprotocol/sdk/unstable';

/** The usage fields of a `result` line (U-22..U-24). */
export type ResultUsage = {
  /** The turn's token sums; `iterations` carries the context reading. */
  usage: Usage;
  /** One row per model; `{}` when nothing was reported this turn and no window is known (U-23). */
  modelUsage: Record<string, ModelUsage>;
  /** Cumulative session cost in USD (U-24). */
  total_cost_usd: number;
};

/** The usage state of one bridge: what the agent reports, folded into what the client reads. */
export type UsageLedger = ReturnType<typeof createUsageLedger>;

type Tokens = { input: number; output: number; cacheRead: number; cacheWrite: number };

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
/** A non-negative count: negative or non-numeric values count as 0. */
const count = (value: unknown): number => (isFiniteNumber(value) && value > 0 ? value : 0);
/** The count of the first key holding a number (`input_tokens` or `inputTokens`, ...). */
const firstCount = (record: Record<string, unknown>, ...keys: string[]): number => {
  const key = keys.find((candidate) => isFiniteNumber(record[candidate]));
  return key === undefined ? 0 : count(record[key]);
};
const tokens = (input = 0, output = 0, cacheRead = 0, cacheWrite = 0): Tokens => ({
  input,
  output,
  cacheRead,
  cacheWrite,
});

/** U-12: a `_meta.usage` row, whose input includes the cache reads and writes. */
const metaUsageTokens = (row: Record<string, unknown>): Tokens => {
  const cacheRead = count(row.cachedReadTokens);
  const cacheWrite = count(row.cacheCreationTokens);
  const input = Math.max(0, count(row.inputTokens) - cacheRead - cacheWrite);
  return tokens(input, count(row.outputTokens), cacheRead, cacheWrite);
};

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

/** An empty ledger: no context reading (-1), no window, no cost. */
export function createUsageLedger() {
  let reading = -1;
  /** `usage_update.size`: wins over the catalog's window. */
  let updateWindow = 0;
  let catalogWindows: Readonly<Record<string, number>> = {};
  let costUsd = 0;
  let turn = tokens();
  let reported = false;
  /** This turn's per-model rows (`_meta.quota.model_usage`, `_meta.usage.modelUsage`). */
  let modelRows = new Map<string, Tokens>();

  const addTurn = (counts: Tokens): void => {
    turn = tokens(
      turn.input + counts.input,
      turn.output + counts.output,
      turn.cacheRead + counts.cacheRead,
      turn.cacheWrite + counts.cacheWrite,
    );
    reported = true;
  };
  const addModelRow = (model: string, input: number, output: number): void => {
    if (model === '__proto__') return;
    const row = modelRows.get(model) ?? tokens();
    modelRows.set(model, tokens(row.input + input, row.output + output));
  };
  const contextWindow = (currentModelId?: string): number => {
    if (updateWindow > 0 || currentModelId === undefined) return updateWindow;
    return count(catalogWindows[currentModelId]);
  };
  const setReading = (totalTokens: unknown): void => {
    if (isFiniteNumber(totalTokens) && totalTokens > 0) reading = totalTokens;
  };

  /** `_meta.usage`: turn totals, per-model rows, and a cost in ticks of 1e-10 USD unless partial. */
  const foldMetaUsage = (usage: Record<string, unknown>): void => {
    addTurn(metaUsageTokens(usage));
    for (const [model, row] of Object.entries(isRecord(usage.modelUsage) ? usage.modelUsage : {})) {
      if (!isRecord(row)) continue;
      const counts = metaUsageTokens(row);
      addModelRow(model, counts.input, counts.output);
    }
    const partial = usage.costIsPartial === true || usage.usageIsIncomplete === true;
    if (!partial) costUsd += count(usage.costUsdTicks) / 1e10;
  };

  /** `_meta.quota`: `token_count` turn totals (only without ACP `usage`), `model_usage[]` rows. */
  const foldQuota = (quota: Record<string, unknown>, hasUsage: boolean): void => {
    const total = quota.token_count;
    if (!hasUsage && isRecord(total)) {
      addTurn(
        tokens(
          firstCount(total, 'input_tokens', 'inputTokens'),
          firstCount(total, 'output_tokens', 'outputTokens'),
          firstCount(total, 'cached_input_tokens', 'cachedInputTokens'),
        ),
      );
    }
    for (const row of Array.isArray(quota.model_usage) ? quota.model_usage : []) {
      if (!isRecord(row) || typeof row.model !== 'string' || row.model === '') continue;
      const rowCount = isRecord(row.token_count) ? row.token_count : {};
      const input = firstCount(rowCount, 'input_tokens', 'inputTokens');
      addModelRow(row.model, input, firstCount(rowCount, 'output_tokens', 'outputTokens'));
    }
  };

  return {
    /** U-10: a client turn starts; per-turn sums and per-model rows restart at zero. */
    startTurn(): void {
      turn = tokens();
      reported = false;
      modelRows = new Map();
    },

    /** U-01: an ACP `usage_update` (`used`, `size`, `cost` in USD). */
    applyUsageUpdate(update: UsageUpdate | null | undefined): void {
      if (isFiniteNumber(update?.used) && update.used >= 0) reading = update.used;
      if (isFiniteNumber(update?.size) && update.size > 0) updateWindow = update.size;
      const cost = update?.cost;
      if (typeof cost?.currency !== 'string' || cost.currency.toUpperCase() !== 'USD') return;
      if (cost.amount === undefined || cost.amount === null) costUsd = 0;
      else if (isFiniteNumber(cost.amount) && cost.amount >= 0) costUsd = cost.amount;
    },

    /** N-02: the `_meta` of a `session/update` (`totalTokens` > 0 is a reading). */
    applyNotificationMeta(meta: unknown): void {
      if (isRecord(meta)) setReading(meta.totalTokens);
    },

    /**
     * U-11/U-12: a `session/prompt` result. ACP `usage` first; the `_meta` conventions agents use
     * are read as such, not by vendor: `_meta.usage` (input including the cache, per-model
     * `modelUsage`, `costUsdTicks`), flat `_meta.inputTokens`/`outputTokens`/`cachedReadTokens`,
     * and `_meta.quota` (`token_count` totals, snake or camel case, and `model_usage[]` rows).
     */
    foldPromptResponse(result: PromptResponse | null | undefined): void {
      const usage: unknown = result?.usage;
      const hasUsage = isRecord(usage);
      if (hasUsage) {
        const { inputTokens, outputTokens, cachedReadTokens, cachedWriteTokens } = usage;
        const cache = [count(cachedReadTokens), count(cachedWriteTokens)] as const;
        addTurn(tokens(count(inputTokens), count(outputTokens), ...cache));
      }
      const meta: unknown = result?._meta;
      if (!isRecord(meta)) return;
      setReading(meta.totalTokens);
      if (!hasUsage && isRecord(meta.usage)) foldMetaUsage(meta.usage);
      else if (!hasUsage && isFiniteNumber(meta.inputTokens)) {
        addTurn(
          tokens(count(meta.inputTokens), count(meta.outputTokens), count(meta.cachedReadTokens)),
        );
      }
      if (isRecord(meta.quota)) foldQuota(meta.quota, hasUsage);
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
      const window = contextWindow(currentModelId);
      const modelUsage: Record<string, ModelUsage> = {};
      if (reported || window > 0) {
        const current = currentModelId || 'agent';
        const rows = modelRows.size > 0 ? modelRows : new Map([[current, turn]]);
        for (const [model, row] of rows) {
          modelUsage[model] = usageRow(row, model === current ? window : 0);
        }
        if (!rows.has(current)) modelUsage[current] = usageRow(tokens(), window);
      }
      return { usage, modelUsage, total_cost_usd: costUsd };
    },

    /** The output tokens reported so far in the running turn. */
    turnOutputTokens: (): number => turn.output,

    /**
     * The turn's output tokens once `result` is folded, without folding it: the message the
     * answer ends reports them before the answer's reading applies (U-20).
     */
    turnOutputTokensAfter(result: PromptResponse | null | undefined): number {
      const scratch = createUsageLedger();
      scratch.foldPromptResponse(result);
      return turn.output + scratch.turnOutputTokens();
    },
  };
}
