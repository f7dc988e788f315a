export type { AcpBridge, AcpBridgeOptions, AgentExit, AgentFault } from './acp-bridge.js';
export type { AcpLaunch, CommandHooks } from './acp-launch.js';
export { createAcpBridge } from './create-acp-bridge.js';
export { analyseShellTree } from './permissions/analyse-shell-tree.js';
export { decidePermission } from './permissions/permission-rules.js';
