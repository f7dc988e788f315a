export type { ParseBackendManifestResult } from './backend/backend-manifest-schema.js';
export { backendManifestSchema, parseBackendManifest } from './backend/backend-manifest-schema.js';
export { backendOverridesSchema } from './backend/backend-overrides-schema.js';
export * from './contracts.js';
export type {
  AgentControlRequest,
  AgentMcpMessageRequest,
  CanUseToolRequest,
  ElicitationRequest,
  HookCallbackRequest,
  HookInput,
  PermissionDecisionReasonType,
  RequestUserDialogRequest,
  TokenRefreshRequest,
} from './stream-json/agent-control-requests.js';
export {
  agentControlRequestSchemas,
  canUseToolRequestSchema,
  hookInputSchema,
} from './stream-json/agent-control-requests.js';
export type {
  AssistantMessageBody,
  StopReason,
  Usage,
  UserMessageBody,
} from './stream-json/anthropic-message.js';
export {
  assistantMessageBodySchema,
  usageSchema,
  userMessageBodySchema,
} from './stream-json/anthropic-message.js';
export type {
  ActiveGoalMessage,
  AuthStatusMessage,
  AuxiliaryMessage,
  CommandLifecycleMessage,
  ConversationResetMessage,
  PromptSuggestionMessage,
  RateLimitEventMessage,
  ToolProgressMessage,
  ToolUseSummaryMessage,
} from './stream-json/auxiliary-messages.js';
export { auxiliaryMessageSchemas } from './stream-json/auxiliary-messages.js';
export type {
  ApplyFlagSettingsRequest,
  BackgroundTasksRequest,
  CancelAsyncMessageRequest,
  ClientControlRequest,
  ClientMcpMessageRequest,
  FileSuggestionsRequest,
  GetContextUsageRequest,
  InterruptRequest,
  McpReconnectRequest,
  McpSetServersRequest,
  McpStatusRequest,
  McpToggleRequest,
  MiscClientControlRequest,
  ReadFileRequest,
  RenameSessionRequest,
  RewindFilesRequest,
  SeedReadStateRequest,
  SetMaxThinkingTokensRequest,
  SetModelRequest,
  SetPermissionModeRequest,
  TaskControlRequest,
  UpdateSettingsRequest,
} from './stream-json/client-control-requests.js';
export {
  clientControlRequestSchemas,
  miscClientControlSubtypes,
} from './stream-json/client-control-requests.js';
export type {
  ClientMessage,
  KnownClientMessage,
  UnknownClientMessage,
} from './stream-json/client-message.js';
export { clientMessageSchema, isKnownClientMessage } from './stream-json/client-message.js';
export type {
  ContentBlock,
  DocumentBlock,
  ImageBlock,
  KnownContentBlock,
  MediaSource,
  RedactedThinkingBlock,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolResultContentBlock,
  ToolUseBlock,
  UnknownContentBlock,
} from './stream-json/content-blocks.js';
export {
  contentBlockSchema,
  documentBlockSchema,
  imageBlockSchema,
  isKnownContentBlock,
  mediaSourceSchema,
  redactedThinkingBlockSchema,
  textBlockSchema,
  thinkingBlockSchema,
  toolResultBlockSchema,
  toolResultContentBlockSchema,
  toolUseBlockSchema,
} from './stream-json/content-blocks.js';
export type {
  AgentControlRequestMessage,
  ClientControlRequestMessage,
  ControlCancelRequestMessage,
  ControlErrorResponse,
  ControlRequestMessage,
  ControlResponseMessage,
  ControlSuccessResponse,
  KeepAliveMessage,
} from './stream-json/control-messages.js';
export {
  controlCancelRequestMessageSchema,
  controlErrorResponseSchema,
  controlResponseMessageSchemas,
  controlSuccessResponseSchema,
  createControlRequestMessageSchema,
  keepAliveMessageSchema,
} from './stream-json/control-messages.js';
export type {
  AssistantMessage,
  ServerUserMessage,
  UserMessage,
  UserMessagePriority,
} from './stream-json/conversation-messages.js';
export {
  assistantMessageSchema,
  serverUserMessageSchema,
  userMessageSchema,
} from './stream-json/conversation-messages.js';
export type {
  AgentDefinition,
  HookCallbackMatcher,
  InitializeRequest,
} from './stream-json/initialize-request.js';
export {
  agentDefinitionSchema,
  hookCallbackMatcherSchema,
  initializeRequestSchema,
} from './stream-json/initialize-request.js';
export type {
  AccountInfo,
  AgentInfo,
  InitializeResponse,
  ModelInfo,
  SlashCommand,
} from './stream-json/initialize-response.js';
export {
  accountInfoSchema,
  agentInfoSchema,
  initializeResponseSchema,
  modelInfoSchema,
  slashCommandSchema,
} from './stream-json/initialize-response.js';
export type { JsonObject, OpenString } from './stream-json/json-object.js';
export { jsonObjectSchema } from './stream-json/json-object.js';
export type { McpConfigFile } from './stream-json/mcp-server-config-schema.js';
export {
  mcpConfigFileSchema,
  mcpHttpServerConfigSchema,
  mcpServerConfigSchema,
  mcpSseServerConfigSchema,
  mcpStdioServerConfigSchema,
} from './stream-json/mcp-server-config-schema.js';
export type {
  ParseClientLineResult,
  ParseLineError,
  ParseLineResult,
  ParseServerLineResult,
} from './stream-json/parse-line.js';
export { parseClientLine, parseServerLine } from './stream-json/parse-line.js';
export type {
  KnownPermissionUpdate,
  PermissionAllowResult,
  PermissionBehavior,
  PermissionDecisionClassification,
  PermissionDenyResult,
  PermissionDirectoriesUpdate,
  PermissionModeUpdate,
  PermissionResult,
  PermissionRulesUpdate,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
  UnknownPermissionUpdate,
} from './stream-json/permissions.js';
export {
  isKnownPermissionUpdate,
  permissionResultSchema,
  permissionRuleValueSchema,
  permissionUpdateSchema,
} from './stream-json/permissions.js';
export type {
  ModelUsage,
  PermissionDenial,
  ResultErrorMessage,
  ResultErrorSubtype,
  ResultMessage,
  ResultMessageFields,
  ResultSuccessMessage,
  TerminalReason,
} from './stream-json/result-message.js';
export { resultMessageSchemas, resultSuccessMessageSchema } from './stream-json/result-message.js';
export { serializeLine } from './stream-json/serialize-line.js';
export type {
  KnownServerMessage,
  ServerMessage,
  UnknownServerMessage,
} from './stream-json/server-message.js';
export { isKnownServerMessage, serverMessageSchema } from './stream-json/server-message.js';
export type {
  CitationsDelta,
  ContentBlockDelta,
  ContentBlockDeltaEvent,
  ContentBlockStartEvent,
  ContentBlockStopEvent,
  InputJsonDelta,
  KnownContentBlockDelta,
  KnownStreamEvent,
  MessageDeltaEvent,
  MessageStartEvent,
  MessageStopEvent,
  SignatureDelta,
  StreamEvent,
  StreamEventMessage,
  TextDelta,
  ThinkingDelta,
  UnknownContentBlockDelta,
  UnknownStreamEvent,
} from './stream-json/stream-events.js';
export {
  contentBlockDeltaSchema,
  isKnownContentBlockDelta,
  isKnownStreamEvent,
  streamEventMessageSchema,
  streamEventSchema,
} from './stream-json/stream-events.js';
export type {
  SystemInitMcpServer,
  SystemInitMessage,
  SystemInitPlugin,
} from './stream-json/system-init-message.js';
export { systemInitMessageSchema } from './stream-json/system-init-message.js';
export type {
  SystemApiRetryMessage,
  SystemBackgroundTasksChangedMessage,
  SystemCommandsChangedMessage,
  SystemCompactBoundaryMessage,
  SystemHookMessage,
  SystemInformationalMessage,
  SystemLocalCommandOutputMessage,
  SystemMessage,
  SystemMessageEnvelope,
  SystemMiscMessage,
  SystemNotificationMessage,
  SystemPermissionDeniedMessage,
  SystemSessionStateChangedMessage,
  SystemStatusMessage,
  SystemTaskMessage,
  SystemThinkingTokensMessage,
} from './stream-json/system-messages.js';
export { miscSystemSubtypes, systemMessageSchemas } from './stream-json/system-messages.js';
