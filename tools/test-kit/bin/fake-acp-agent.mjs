#!/usr/bin/env node
// The scriptable fake ACP agent as a stdio executable. It loads the built package: run
// `pnpm build` (or `npx tsc -b tools/test-kit`) first. Usage: see `--help` and the README.
import { runFakeAcpAgentProcess } from '../dist/index.js';

await runFakeAcpAgentProcess();
