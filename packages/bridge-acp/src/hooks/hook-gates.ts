import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import { hookStoppedEnding, promptBlockedEnding } from '../limits/launch-limits.js';
import { maxTurnsEnding, wouldPassMaxTurns } from '../limits/max-turns.js';
import { sessionOf } from '../machine/bridge-state.js';
import type { Gate } from '../machine/gate.js';
import type { TurnEnding } from '../north/build-result.js';
import { runHooks } from './run-hooks.js';

type PromptGateArguments = Parameters<Gate<ContentBlock[], TurnEnding>>;

/** The prompt with the hooks' `additionalContext` after it, as a system reminder (HK-10, HK-11). */
function withContext(prompt: ContentBlock[], event: string, context: readonly string[]) {
  if (context.length === 0) return prompt;
  const text = `<system-reminder>\n${event} hook additional context: ${context.join('\n')}\n</system-reminder>`;
  return [...prompt, { type: 'text' as const, text }];
}

/** HK-10: SessionStart, with the session's first prompt; its context travels with that prompt. */
export function sessionStartGate(...[context, turn, prompt, next]: PromptGateArguments) {
  const session = sessionOf(context.state);
  if (session === undefined || session.turnsStarted !== 1 || turn.promptCount > 0)
    return next({ pass: prompt });
  const source = !session.resumed ? 'startup' : context.launch.forkSession ? 'fork' : 'resume';
  const input = { source, model: session.catalog.currentModelId ?? context.launch.model ?? '' };
  runHooks(
    context,
    { event: 'SessionStart', matchValue: source, input, scope: 'session' },
    (verdict) => next({ pass: withContext(prompt, 'SessionStart', verdict.additionalContext) }),
  );
}

/**
 * HK-11: UserPromptSubmit before each user prompt (not the bridge's continuations): `block` ends
 * the turn with the reason, `continue: false` ends it too; `additionalContext` goes with the prompt.
 */
export function userPromptSubmitGate(...[context, , prompt, next]: PromptGateArguments) {
  const text = prompt
    .flatMap((block) =>
      block.type === 'text' && !/^(\[Standing instructions|<system-reminder>)/.test(block.text)
        ? [block.text]
        : [],
    )
    .join('\n');
  runHooks(context, { event: 'UserPromptSubmit', input: { prompt: text } }, (verdict) => {
    if (verdict.block !== undefined) return next({ exit: promptBlockedEnding(verdict.block) });
    if (verdict.stop !== undefined) return next({ exit: hookStoppedEnding(verdict.stop) });
    next({ pass: withContext(prompt, 'UserPromptSubmit', verdict.additionalContext) });
  });
}

/**
 * HK-12: Stop, each time the agent finished a turn normally: `decision: 'block'` with a reason
 * continues the turn with that reason as its next prompt (`stop_hook_active` is then true), unless
 * that passes `--max-turns`; `continue: false` ends it as `hook_stopped`.
 */
export function stopGate(
  ...[context, turn, ending, next]: Parameters<Gate<TurnEnding, { readonly continueWith: string }>>
) {
  if (ending.kind !== 'completed') return next({ pass: ending });
  const input = {
    stop_hook_active: turn.stopHookActive === true,
    last_assistant_message: context.stream.lastText() ?? '',
    // Background work and crons the session would wake for: an ACP agent reports none.
    background_tasks: [],
    session_crons: [],
  };
  runHooks(context, { event: 'Stop', input }, (verdict) => {
    if (verdict.stop !== undefined) return next({ pass: hookStoppedEnding(verdict.stop) });
    if (verdict.block === undefined || verdict.block === '') return next({ pass: ending });
    const maxTurns = wouldPassMaxTurns(context, turn);
    if (maxTurns !== undefined) return next({ pass: maxTurnsEnding(maxTurns) });
    turn.stopHookActive = true;
    next({ exit: { continueWith: verdict.block } });
  });
}
