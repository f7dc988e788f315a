export type { AcpBridge, AcpBridgeOptions, AgentExit, AgentFault } from './acp-bridge.js';
export type { AcpLaunch, CommandHooks } from './acp-launch.js';
export { createAcpBridge } from './create-acp-bridge.js';
