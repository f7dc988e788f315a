import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  KillTerminalResponse,
  ReadTextFileRequest,
  ReadTextFileResponse,
  ReleaseTerminalRequest,
  ReleaseTerminalResponse,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
  WriteTextFileResponse,
} from '@agentclientprotocol/sdk';
import type { JsonSchemaCheck, McpEndpointOpened, McpEndpointRequest } from './mcp-endpoint.js';

/**
 * The I/O the pure bridge asks its host for, by kind: what it is given and what it answers. The
 * client file and terminal methods are ACP's own (the host carries them out once the bridge's
 * policy allowed them). Adding a kind here makes every host handle it (a missing handler is a
 * type error in host-node).
 */
export type HostOperationMap = {
  readonly 'fs/read_text_file': { params: ReadTextFileRequest; result: ReadTextFileResponse };
  readonly 'fs/write_text_file': { params: WriteTextFileRequest; result: WriteTextFileResponse };
  readonly 'terminal/create': { params: CreateTerminalRequest; result: CreateTerminalResponse };
  readonly 'terminal/output': { params: TerminalOutputRequest; result: TerminalOutputResponse };
  readonly 'terminal/wait_for_exit': {
    params: WaitForTerminalExitRequest;
    result: WaitForTerminalExitResponse;
  };
  readonly 'terminal/kill': { params: KillTerminalRequest; result: KillTerminalResponse };
  readonly 'terminal/release': { params: ReleaseTerminalRequest; result: ReleaseTerminalResponse };
  /** Opens (once per session, then reuses) the local MCP endpoint of the bridge's in-process servers. */
  readonly 'mcp/open-endpoint': { params: McpEndpointRequest; result: McpEndpointOpened };
  /** Checks a value against a JSON Schema (structured output) with the host's validator. */
  readonly 'json-schema/validate': JsonSchemaCheck;
  /** Runs a settings file's command hook through a shell, its hook input on stdin (HK-30). */
  readonly 'hook/run-command': HookCommandRun;
  /** Parses a shell command line with a bash grammar for the permission rules (RU-01). */
  readonly 'shell/parse': { params: { readonly command: string }; result: ShellAnalysis };
};

/** One simple command of a parsed command line: its words as the shell would see them. */
export type ShellSimpleCommand = {
  /** The words after the assignments, unquoted; `undefined` for a word only run time knows. */
  readonly argv: readonly (string | undefined)[];
  /** `x=1` before the program. */
  readonly assignments: readonly string[];
  /** Redirections of this command: operator (`>`, `>>`, `2>&1`'s `>&`, `<`) and target. */
  readonly redirects: readonly { readonly operator: string; readonly target: string }[];
};

/**
 * A command line as a bash grammar parsed it: every simple command, including those of
 * pipelines, lists, subshells, groups and substitutions; `complex` names the constructs a
 * prefix rule cannot vouch for (substitutions, expansions, control flow, heredocs). A line the
 * grammar cannot parse is `{ ok: false, reason }`.
 */
export type ShellAnalysis =
  | {
      readonly ok: true;
      readonly commands: readonly ShellSimpleCommand[];
      readonly complex: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

/**
 * `hook/run-command`: Claude Code's `{ "type": "command" }` hook. The host runs `command` through
 * the platform's shell in `cwd`, with the agent's environment plus `env`, writes `input` to its
 * stdin, and after `timeoutMs` kills its process group. Output beyond the host's cap is dropped.
 */
export type HookCommandRun = {
  readonly params: {
    readonly command: string;
    readonly input: string;
    readonly cwd: string;
    readonly timeoutMs: number;
    readonly env: Readonly<Record<string, string>>;
  };
  /** `exitCode` is `null` when a signal ended it (`timedOut`: the host's, at `timeoutMs`). */
  readonly result: {
    readonly exitCode: number | null;
    readonly stdout: string;
    readonly stderr: string;
    readonly timedOut: boolean;
  };
};

/** A kind of host operation. */
export type HostOperationKind = keyof HostOperationMap;

/** One operation for the host, tagged by its kind. */
export type HostOperation = {
  readonly [Kind in HostOperationKind]: {
    readonly kind: Kind;
    readonly params: HostOperationMap[Kind]['params'];
  };
}[HostOperationKind];

/**
 * How the host answers one operation (`bridge.onHostResult`, exactly once per `host-operation`
 * event): its result, or a failure the bridge reports to whoever asked (e.g. a JSON-RPC error).
 */
export type HostResult<Kind extends HostOperationKind = HostOperationKind> =
  | { readonly ok: true; readonly value: HostOperationMap[Kind]['result'] }
  | { readonly ok: false; readonly message: string; readonly code?: string };
