/**
 * The usage figures of one Claude `modelUsage` row (the real CLI's `ModelUsage` shape).
 */
export type ModelUsageRow = {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
};

/** The usage fields of a `result` line (U-22..U-24). */
export type ResultUsage = {
  /** Per-turn token sums (Anthropic `Usage` shape), with `iterations` when a context reading exists. */
  usage: Record<string, unknown>;
  /** One row per model; `{}` when nothing was reported this turn and no window is known (U-23). */
  modelUsage: Record<string, ModelUsageRow>;
  /** Cumulative session cost in USD (U-24). */
  total_cost_usd: number;
};

/** The `usage` object of an `assistant` line or a `message_start` event (U-20). */
export type AssistantUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number;
};

/**
 * The usage state of one bridge (U-xx): the context reading, the window, the cumulative cost, and
 * the token sums of the running client turn. Pure: it folds what the agent reports and answers
 * the shapes the client reads.
 */
export interface UsageLedger {
  /** U-10: a new client turn starts; per-turn sums and per-model rows restart at zero. */
  startTurn(): void;
  /** U-01: fold an ACP `usage_update` session update (`used`, `size`, `cost`). */
  applyUsageUpdate(update: unknown): void;
  /** N-02: fold the `_meta` of a `session/update` notification (`totalTokens` > 0 is a reading). */
  applyNotificationMeta(meta: unknown): void;
  /**
   * U-11/U-12: fold one `session/prompt` result. ACP `usage` is read first; the `_meta` shapes
   * agents are known to use are read as conventions, not by vendor: `_meta.usage` (a usage row
   * whose input includes cache reads and writes, with per-model `modelUsage` rows and a cost in
   * `costUsdTicks` of 1e-10 USD), flat `_meta.inputTokens`/`outputTokens`/`cachedReadTokens`, and
   * `_meta.quota` (`token_count` turn totals, snake or camel case, plus `model_usage[]` rows).
   */
  foldPromptResponse(result: unknown): void;
  /**
   * U-21: the context window each model advertises in the catalog (`_meta.totalContextTokens`).
   * Replaces the previous table.
   */
  setCatalogWindows(windows: Readonly<Record<string, number>>): void;
  /** U-20: the `usage` of an assistant line: zeros plus the live reading as cache reads. */
  assistantUsage(): AssistantUsage;
  /** U-21..U-24: `usage`, `modelUsage` and `total_cost_usd` of the turn's `result` line. */
  resultUsage(currentModelId?: string): ResultUsage;
  /** The latest context reading in tokens, or -1 when none was reported. */
  contextReading(): number;
  /** U-21: the effective context window for `currentModelId`, 0 when unknown. */
  contextWindow(currentModelId?: string): number;
  /** U-24: the cumulative session cost in USD. */
  totalCostUsd(): number;
  /** Whether any token usage was reported during the running turn. */
  reportedThisTurn(): boolean;
  /** The output tokens reported so far in the running turn (0 when none). */
  turnOutputTokens(): number;
  /**
   * The turn's output tokens once `result` (a `session/prompt` result) is folded, without folding
   * it: the message that the answer ends reports them before the answer's reading applies (U-20).
   */
  turnOutputTokensAfter(result: unknown): number;
}

type TokenCounts = { input: number; output: number; cacheRead: number; cacheWrite: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A non-negative count (negative or non-numeric values count as 0). */
const count = (value: unknown): number => {
  const number = finiteNumber(value);
  return number !== undefined && number > 0 ? number : 0;
};

const firstCount = (record: Record<string, unknown>, ...keys: string[]): number => {
  for (const key of keys) {
    if (finiteNumber(record[key]) !== undefined) return count(record[key]);
  }
  return 0;
};

/**
 * U-12: a `_meta.usage` row (`inputTokens`, `outputTokens`, `cachedReadTokens`,
 * `cacheCreationTokens`), whose input includes the cache reads and writes.
 */
const fromMetaUsageRow = (row: Record<string, unknown>): TokenCounts => {
  const cacheRead = count(row.cachedReadTokens);
  const cacheWrite = count(row.cacheCreationTokens);
  return {
    input: Math.max(0, count(row.inputTokens) - cacheRead - cacheWrite),
    output: count(row.outputTokens),
    cacheRead,
    cacheWrite,
  };
};

const emptyRow = (contextWindow: number): ModelUsageRow => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadInputTokens: 0,
  cacheCreationInputTokens: 0,
  webSearchRequests: 0,
  costUSD: 0,
  contextWindow,
  maxOutputTokens: 0,
});

/** Creates an empty {@link UsageLedger}: no reading (-1), no window, no cost. */
export function createUsageLedger(): UsageLedger {
  let reading = -1;
  let updateWindow = 0;
  let catalogWindows: Readonly<Record<string, number>> = {};
  let costUsd = 0;
  let turn: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let reported = false;
  /** Per-model [input, output] rows of this turn (`_meta.quota.model_usage`, `_meta.usage.modelUsage`). */
  let modelRows = new Map<string, { input: number; output: number }>();

  const addTurn = (counts: TokenCounts): void => {
    turn.input += counts.input;
    turn.output += counts.output;
    turn.cacheRead += counts.cacheRead;
    turn.cacheWrite += counts.cacheWrite;
    reported = true;
  };

  const addModelRow = (model: string, input: number, output: number): void => {
    if (model === '__proto__') return;
    const row = modelRows.get(model);
    if (row) {
      row.input += input;
      row.output += output;
    } else {
      modelRows.set(model, { input, output });
    }
  };

  const contextWindow = (currentModelId?: string): number => {
    if (updateWindow > 0) return updateWindow;
    if (currentModelId === undefined) return 0;
    return count(catalogWindows[currentModelId]);
  };

  /** `_meta.usage`: turn totals, per-model rows, and a cost in ticks unless marked partial. */
  const foldMetaUsage = (promptUsage: Record<string, unknown>): void => {
    addTurn(fromMetaUsageRow(promptUsage));
    const perModel = promptUsage.modelUsage;
    if (isRecord(perModel)) {
      for (const [model, row] of Object.entries(perModel)) {
        if (!isRecord(row)) continue;
        const counts = fromMetaUsageRow(row);
        addModelRow(model, counts.input, counts.output);
      }
    }
    const ticks = count(promptUsage.costUsdTicks);
    if (ticks > 0 && promptUsage.costIsPartial !== true && promptUsage.usageIsIncomplete !== true) {
      costUsd += ticks / 1e10;
    }
  };

  /** `_meta.quota`: `token_count` turn totals (only without ACP `usage`) and `model_usage[]` rows. */
  const foldQuota = (quota: Record<string, unknown>, hasUsage: boolean): void => {
    const tokenCount = quota.token_count;
    if (!hasUsage && isRecord(tokenCount)) {
      addTurn({
        input: firstCount(tokenCount, 'input_tokens', 'inputTokens'),
        output: firstCount(tokenCount, 'output_tokens', 'outputTokens'),
        cacheRead: firstCount(tokenCount, 'cached_input_tokens', 'cachedInputTokens'),
        cacheWrite: 0,
      });
    }
    const rows = quota.model_usage;
    if (!Array.isArray(rows)) return;
    for (const row of rows) {
      if (!isRecord(row) || typeof row.model !== 'string' || row.model === '') continue;
      const rowCount = isRecord(row.token_count) ? row.token_count : {};
      addModelRow(
        row.model,
        firstCount(rowCount, 'input_tokens', 'inputTokens'),
        firstCount(rowCount, 'output_tokens', 'outputTokens'),
      );
    }
  };

  return {
    startTurn() {
      turn = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
      reported = false;
      modelRows = new Map();
    },

    applyUsageUpdate(update) {
      if (!isRecord(update)) return;
      const used = finiteNumber(update.used);
      if (used !== undefined && used >= 0) reading = used;
      const size = finiteNumber(update.size);
      if (size !== undefined && size > 0) updateWindow = size;
      const cost = update.cost;
      if (isRecord(cost) && typeof cost.currency === 'string') {
        if (cost.currency.toUpperCase() !== 'USD') return;
        if (cost.amount === undefined || cost.amount === null) {
          costUsd = 0;
          return;
        }
        const amount = finiteNumber(cost.amount);
        if (amount !== undefined && amount >= 0) costUsd = amount;
      }
    },

    applyNotificationMeta(meta) {
      if (!isRecord(meta)) return;
      const total = finiteNumber(meta.totalTokens);
      if (total !== undefined && total > 0) reading = total;
    },

    foldPromptResponse(result) {
      if (!isRecord(result)) return;
      const usage = result.usage;
      const hasUsage = isRecord(usage);
      if (hasUsage) {
        addTurn({
          input: count(usage.inputTokens),
          output: count(usage.outputTokens),
          cacheRead: count(usage.cachedReadTokens),
          cacheWrite: count(usage.cachedWriteTokens),
        });
      }
      const meta = result._meta;
      if (!isRecord(meta)) return;
      const total = finiteNumber(meta.totalTokens);
      if (total !== undefined && total > 0) reading = total;
      if (!hasUsage) {
        if (isRecord(meta.usage)) {
          foldMetaUsage(meta.usage);
        } else if (finiteNumber(meta.inputTokens) !== undefined) {
          addTurn({
            input: count(meta.inputTokens),
            output: count(meta.outputTokens),
            cacheRead: count(meta.cachedReadTokens),
            cacheWrite: 0,
          });
        }
      }
      if (isRecord(meta.quota)) foldQuota(meta.quota, hasUsage);
    },

    setCatalogWindows(windows) {
      catalogWindows = { ...windows };
    },

    assistantUsage() {
      return reading > 0
        ? { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: reading }
        : { input_tokens: 0, output_tokens: 0 };
    },

    resultUsage(currentModelId) {
      const usage: Record<string, unknown> = {
        input_tokens: turn.input,
        cache_creation_input_tokens: turn.cacheWrite,
        cache_read_input_tokens: turn.cacheRead,
        output_tokens: turn.output,
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: 'standard',
      };
      if (reading >= 0) {
        usage.iterations = [
          {
            input_tokens: reading,
            output_tokens: 0,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        ];
      }
      const window = contextWindow(currentModelId);
      const modelUsage: Record<string, ModelUsageRow> = {};
      if (reported || window > 0) {
        const currentKey =
          currentModelId !== undefined && currentModelId !== '' ? currentModelId : 'agent';
        if (modelRows.size > 0) {
          for (const [model, row] of modelRows) {
            modelUsage[model] = {
              ...emptyRow(model === currentKey ? window : 0),
              inputTokens: row.input,
              outputTokens: row.output,
            };
          }
          if (!modelRows.has(currentKey)) modelUsage[currentKey] = emptyRow(window);
        } else {
          modelUsage[currentKey] = {
            ...emptyRow(window),
            inputTokens: turn.input,
            outputTokens: turn.output,
            cacheReadInputTokens: turn.cacheRead,
            cacheCreationInputTokens: turn.cacheWrite,
          };
        }
      }
      return { usage, modelUsage, total_cost_usd: costUsd };
    },

    contextReading: () => reading,
    contextWindow,
    totalCostUsd: () => costUsd,
    reportedThisTurn: () => reported,
    turnOutputTokens: () => turn.output,
    turnOutputTokensAfter(result) {
      // The output a result adds does not depend on what was folded before it.
      const scratch = createUsageLedger();
      scratch.foldPromptResponse(result);
      return turn.output + scratch.turnOutputTokens();
    },
  };
}
