import { createHarness } from '../../__fixtures__/bridge-harness.js';

/** A harness in a turn, on the default backend (no vendor quirks). */
export function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  harness.initialize();
  harness.user('go');
  return harness;
}

export const toolResults = (harness: ReturnType<typeof createHarness>) =>
  harness
    .linesOf('user')
    .map((line) => line.message.content[0])
    .filter((block) => block?.type === 'tool_result');

export const png = 'iVBORw0KGgo=';
