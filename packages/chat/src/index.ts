/**
 * @engram/chat: `engram chat`, a conversation with the configured model in a terminal (or a pipe),
 * with engram's memory and learning around every turn. The CLI parses the arguments and lends
 * the memory commands (`ChatHost`); everything else is here.
 */
export { runChat, type ChatOptions } from './run-chat.js';
export type { ChatHost, ChatIo, ChatRoots } from './chat-host.js';
