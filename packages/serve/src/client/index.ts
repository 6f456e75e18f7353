/**
 * @engram/serve/client: what `engram hook` needs to reach a home's service, with nothing of
 * engram's runtime behind it (no zod, no scrubber, no brain): Node's own modules only, so a hook
 * process starts almost as fast as `node -e 0`.
 */
export { forwardHook, SERVICE_TIMEOUT_MS, type ForwardOptions, type Forwarded } from './forward-hook.js';
export { callService, type ServiceResult } from './call-service.js';
export { checkAnswer, type ServeAnswer, type HookAnswerOutput, type ServedWeb } from './check-answer.js';
export { pingService } from './ping-service.js';
export { HOOK_COMMANDS, PROTOCOL_VERSION, isForwardedEnv, type HookCommand } from './protocol-version.js';
export { resolveHome, servePaths, MAX_SOCKET_PATH_BYTES, type ServePaths } from './serve-paths.js';
export { runHookClient, type HookClientFlags, type InProcessHook, type InProcessOptions } from './run-hook-client.js';
export { parseHookArgs } from './parse-hook-args.js';
export { servedHookClient, type ServedHookFiles } from './effects/served-hook-client.js';
