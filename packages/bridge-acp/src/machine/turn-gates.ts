import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import { sessionStartGate, stopGate, userPromptSubmitGate } from '../hooks/hook-gates.js';
import { limitsEndGate, limitsPromptGate } from '../limits/launch-limits.js';
import { mcpServersReadyGate } from '../mcp/mcp-servers-ready-gate.js';
import type { TurnEnding } from '../north/build-result.js';
import {
  structuredOutputEndGate,
  structuredOutputPromptGate,
} from '../structured-output/structured-output-gates.js';
import type { MachineContext, Turn } from './bridge-state.js';
import type { Gate, GateStep } from './gate.js';

/**
 * Before a user prompt is sent: pass the prompt (extra context may be added) or end the turn
 * with `exit` (a hook blocked it). Prompts the bridge sends itself (continuations) skip these.
 */
type PromptGate = Gate<ContentBlock[], TurnEnding>;

/**
 * When the agent finished a prompt and nothing is queued: pass the ending (possibly changed: a
 * limit, a structured output) or leave with `continueWith`, the text of the turn's next prompt.
 */
type EndGate = Gate<TurnEnding, { readonly continueWith: string }>;

/** The gates, in the order they run. */
export const promptGates: readonly PromptGate[] = [
  mcpServersReadyGate,
  limitsPromptGate,
  sessionStartGate,
  userPromptSubmitGate,
  structuredOutputPromptGate,
];
export const endGates: readonly EndGate[] = [limitsEndGate, structuredOutputEndGate, stopGate];

/**
 * Runs `gates` in order over `value`; `done` runs once with the last step. While they run the turn
 * holds `turn.gate`; `finishTurn` clears it, which makes every later `next` a no-op.
 */
export function runGates<Value, Exit>(
  context: MachineContext,
  turn: Turn,
  gates: readonly Gate<Value, Exit>[],
  value: Value,
  done: (step: GateStep<Value, Exit>) => void,
): void {
  const token = {};
  turn.gate = token;
  const run = (index: number, current: Value) => {
    const gate = gates[index];
    if (gate === undefined) {
      turn.gate = undefined;
      return done({ pass: current });
    }
    let answered = false;
    gate(context, turn, current, (step) => {
      if (answered || turn.gate !== token || context.state.turn !== turn) return;
      answered = true;
      if ('exit' in step) {
        turn.gate = undefined;
        return done(step);
      }
      run(index + 1, step.pass);
    });
  };
  run(0, value);
}
