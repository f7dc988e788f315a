#!/usr/bin/env node
// The test kit's fake ACP agent, made to outlive its bridge: a write to a closed stdout/stderr
// pipe (EPIPE, once the bridge is SIGKILLed) is ignored instead of crashing the process, as an
// agent that ignores SIGPIPE and its logging errors would. Same arguments as fake-acp-agent.mjs.
import { runFakeAcpAgentProcess } from '@agentbridge/test-kit';

process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
await runFakeAcpAgentProcess();
