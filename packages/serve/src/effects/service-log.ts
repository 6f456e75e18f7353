import { appendDurably } from '@engram/fs';
import { scrubSecrets } from '@engram/kernel';

/** Longest line the service logs about one problem: a request can be megabytes, its mention need not be. */
const MAX_LOG_LINE_CHARS = 2_000;

/**
 * The service's own problems (bad requests, failed hooks, start and stop), one scrubbed line each
 * with its time, appended to `<home>/run/serve.log` (0600). A hook's own warnings go back to its
 * client instead. Logging never throws: a service that cannot log still serves.
 */
export const serviceLog =
  (file: string, runDir: string, now: () => number = Date.now) =>
  (message: string): void => {
    const line = scrubSecrets(message.replace(/\s*\n\s*/g, ' ')).slice(0, MAX_LOG_LINE_CHARS);
    try {
      appendDurably(file, `${new Date(now()).toISOString()} pid ${process.pid} ${line}\n`, { root: runDir });
    } catch {
      // Nowhere left to report it; the service goes on.
    }
  };
