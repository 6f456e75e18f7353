import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BIN, ROOT } from '../cli/run-cli.js';

/** A running `engram chat` that has answered its first message and waits for the next line. */
export interface OpenChat {
  readonly child: ChildProcessWithoutNullStreams;
  /** The exit code, once the chat leaves (end its stdin to make it leave). */
  readonly exited: Promise<number | null>;
  /** The session id from the banner. */
  readonly sessionId: string;
}

/**
 * Starts `engram chat ARGS` through pipes, sends `message` and resolves once `answer` is on its
 * output: the session is then open (its lease held) until stdin ends.
 */
export const openChat = async (args: readonly string[], env: NodeJS.ProcessEnv, message: string, answer: string): Promise<OpenChat> => {
  const child = spawn(process.execPath, [BIN, 'chat', ...args], { env, cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  child.stdin.write(`${message}\n`);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (out.includes(answer)) resolve();
    });
    void exited.then((code) => reject(new Error(`engram chat left (exit ${String(code)}) before answering: ${out}`)));
  });
  const sessionId = /session (\d{8}_\d{6}_[0-9a-f]{4})/.exec(out)?.[1];
  if (sessionId === undefined) throw new Error(`no session id in the chat's banner: ${out}`);
  return { child, exited, sessionId };
};
