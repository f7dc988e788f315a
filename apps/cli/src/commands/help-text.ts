import { createClaudeProgram } from '../argv/claude-options.js';

/** `agentbridge --help`: commander's help of the option table, then what is agentbridge's own. */
export function helpText(version: string): string {
  const options = createClaudeProgram(() => {}).helpInformation();
  return `agentbridge ${version}
${options}
Commands:
  backends                  list backends and whether their command is installed
  doctor [backend...]       probe agents: path, version, ACP handshake, auth, models (--json)
  login <backend>           run the backend's sign-in command on this terminal
  help                      this help

Flags marked "not honoured, told" are accepted and reported on stderr and in the stream; refused
ones are errors. Every flag and its handling: docs/cli-flags.md.

Environment: AGENTBRIDGE_BACKEND, AGENTBRIDGE_COMMAND, AGENTBRIDGE_ARGS (JSON array),
AGENTBRIDGE_CONFIG, AGENTBRIDGE_STATE_DIR, AGENTBRIDGE_PASS_ENV (names to pass the agent).
Config: .agentrc[.json|.yaml|.yml|.js|.mjs], agent.config.[m]js or package.json "agent", searched
from the working directory up to the nearest package.json; user defaults in $XDG_CONFIG_HOME/agentbridge/config.* or ~/.agentrc.
Precedence: flags > environment > project file > user file > defaults.
`;
}
