import type { ShellAnalysis } from '@agentbridge/core/contracts';
import { needsShellParse } from '../permissions/permission-rules.js';
import type { MachineContext } from './bridge-state.js';

/**
 * RU-01: parses a Bash call's command line through the host (`shell/parse`) when a rule looks at
 * its content, then calls `then` with the analysis (`undefined` when no rule needs it). A failed
 * parse is an unparsable line: asked about, never allowed by a rule.
 */
export function withShellAnalysis(
  context: MachineContext,
  question: Parameters<typeof needsShellParse>[0],
  then: (shell: ShellAnalysis | undefined) => void,
) {
  const { command } = question.input;
  if (!needsShellParse(question) || typeof command !== 'string') return then(undefined);
  context.host.perform('shell/parse', { command }, (result) =>
    then(result.ok ? result.value : { ok: false, reason: result.message }),
  );
}
