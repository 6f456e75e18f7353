/**
 * @engram/serve: `engram serve`, a resident service that keeps a home's hook sessions warm and
 * answers `engram hook` over a Unix socket (docs/serve.md), and its protocol. The client the hook
 * command uses is `@engram/serve/client` (no runtime behind it).
 */
export { startService, SERVE_IDLE_EXIT_MS, SESSION_IDLE_SUSPEND_MS, type ServiceOptions, type RunningService } from './start-service.js';
export { ServeRefusedError, type ServeRefusedReason } from './effects/claim-home.js';
export { WarmSessions, MAX_WARM_SESSIONS } from './warm-sessions.js';
export { parseRequest, ServeRequestSchema, ServeAnswerSchema, HookRequestSchema, MAX_REQUEST_BYTES, type ServeRequest, type HookRequest, type ServeAnswerShape } from './protocol.js';
