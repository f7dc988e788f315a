import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';
import { sdkSession } from '../mcp/__fixtures__/mcp-harness.js';

const askUsage = (harness: ReturnType<typeof createHarness>) => {
  harness.client({
    type: 'control_request',
    request_id: 'u_1',
    request: { subtype: 'get_context_usage' },
  });
  return harness.clientLines.at(-1)?.response.response;
};

describe('get_context_usage', () => {
  it('U-30 answers from the last usage_update (used / size) with the in-process tools listed', () => {
    const harness = sdkSession();
    harness.update({ sessionUpdate: 'usage_update', used: 5_000, size: 200_000 });
    expect(askUsage(harness)).toEqual({
      categories: [
        { id: 'messages', name: 'Messages', tokens: 5_000, color: 'purple', kind: 'used' },
        {
          id: 'free_space',
          name: 'Free space',
          tokens: 195_000,
          color: 'promptBorder',
          kind: 'free',
        },
      ],
      totalTokens: 5_000,
      maxTokens: 200_000,
      rawMaxTokens: 200_000,
      percentage: 3,
      gridRows: [],
      model: 'gemini-2.5-pro',
      memoryFiles: [],
      mcpTools: [{ name: 'mcp__calc__add', serverName: 'calc', tokens: 0, isLoaded: true }],
      agents: [],
      isAutoCompactEnabled: false,
      apiUsage: null,
    });
  });

  it('U-30 without a reading the window comes from the model catalogue; nothing known is zero', () => {
    const harness = createHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            models: {
              currentModelId: 'm',
              availableModels: [{ modelId: 'm', name: 'M', _meta: { totalContextTokens: 1000 } }],
            },
          },
        },
      },
    });
    harness.initialize();
    expect(askUsage(harness)).toMatchObject({ totalTokens: 0, maxTokens: 1000, percentage: 0 });
    const bare = createHarness();
    expect(askUsage(bare)).toMatchObject({
      totalTokens: 0,
      maxTokens: 0,
      model: '',
      categories: [expect.anything()],
    });
  });
});
