/** `agentbridge --help`. */
export function helpText(version: string): string {
  return `agentbridge ${version}: a drop-in \`claude\` that drives any ACP agent (Gemini CLI, codex-acp, ...)

Usage:
  agentbridge [options] [prompt]           run like \`claude\` (print mode or stream-json)
  agentbridge backends                     list backends and whether their command is installed
  agentbridge doctor [backend...] [--json] probe agents: path, version, ACP handshake, auth, models
  agentbridge login <backend>              run the backend's sign-in command on this terminal

Modes (as \`claude\`):
  --input-format stream-json --output-format stream-json --verbose
                                           NDJSON on stdin/stdout (what the Claude Agent SDK runs)
  -p, --print [prompt]                     one prompt (argument or stdin), then exit
  --output-format text|json|stream-json    print-mode output (stream-json needs --verbose)

Claude options honoured:
  --model <id>  --permission-mode <mode>  --resume, -r <id>  --continue, -c  --session-id <uuid>
  --fork-session  --mcp-config <json|file...>  --system-prompt[-file] <text>
  --append-system-prompt[-file] <text>  --include-partial-messages  --replay-user-messages
  --allowedTools <tools...>  --disallowedTools <tools...>  --permission-prompt-tool stdio
  --add-dir <dirs...>  --dangerously-skip-permissions  --verbose  --debug  --debug-to-stderr
  --settings <file|json>  --setting-sources <user,project,local> (Claude's settings files)
Other claude flags are accepted; those an ACP agent cannot honour print a one-line note.

agentbridge options:
  --backend <id>          gemini | codex | claude (pass-through) | acp (custom) | a plugin's id
  --agent-command <cmd>   the agent executable (replaces the backend's default and its arguments)
  --agent-arg <arg>       one argument for the agent (repeatable)
  --config <path>         use this config file instead of searching for .agentrc
  -h, --help              this help          -v, --version   the version

Environment: AGENTBRIDGE_BACKEND, AGENTBRIDGE_COMMAND, AGENTBRIDGE_ARGS (JSON array),
AGENTBRIDGE_CONFIG, AGENTBRIDGE_STATE_DIR, AGENTBRIDGE_PASS_ENV (names to pass the agent).
Config: .agentrc[.json|.yaml|.yml|.js|.mjs], agent.config.[m]js or package.json "agent", searched
from the working directory up; user defaults in $XDG_CONFIG_HOME/agentbridge/config.* or ~/.agentrc.
Precedence: flags > environment > project file > user file > defaults.
`;
}
