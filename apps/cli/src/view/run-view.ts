import { resolve } from 'node:path';

export interface ViewOptions {
  readonly project?: string;
  readonly home?: string;
  readonly port?: number;
  readonly open?: boolean;
  readonly html?: string;
}

const err = (text: string): void => void process.stderr.write(`engram view: ${text}\n`);

const openBrowser = async (url: string): Promise<void> => (await import('@engram/view')).openInBrowser(url, (text) => err(`--open: ${text}`));

/** How long `engram view` waits for a home's service to say what it serves: a live one answers in milliseconds. */
const PING_WAIT_MS = 1_000;

/** The app of `project` as the home's resident service serves it, or null (no service, no app, another project). */
const servedBy = async (home: string | undefined, project: string): Promise<{ readonly url: string; readonly pid: number } | null> => {
  const { pingService, resolveHome } = await import('@engram/serve/client');
  const pong = await pingService(resolveHome(home, process.env, process.cwd()), PING_WAIT_MS);
  return pong?.web?.project === project ? { url: pong.web.url, pid: pong.pid } : null;
};

const writeHtml = async (file: string, logs: readonly string[]): Promise<number> => {
  const r = (await import('@engram/view')).writeTimelinesDocument(file, logs, (p) => err(`${p}; skipped`));
  if ('problem' in r) err(r.problem);
  else process.stdout.write(`${r.written}\n`);
  return 'problem' in r ? r.exit : 0;
};

/**
 * `engram view`: serves the app until SIGINT or SIGTERM and prints its URL first (one line on
 * stdout, so a script can read it); `--html` writes a file instead and returns. When the home's
 * resident service already serves this project's app (`engram serve --view`) and no `--port` is
 * asked for, prints that URL and returns: the service's process is the app's.
 */
export const runView = async (logs: readonly string[], o: ViewOptions): Promise<number> => {
  if (o.html !== undefined) return writeHtml(o.html, logs);
  if (logs.length > 0) {
    err('LOG arguments go with --html FILE; the app lists every session of the project and home');
    return 2;
  }
  const refusal = (await import('@engram/view')).viewStoreRefusal(process.env);
  if (refusal !== null) {
    err(refusal);
    return 2;
  }
  const project = resolve(o.project ?? '.');
  // The resident service already serves this project's app (`engram serve --view`): one server, not two.
  if (o.port === undefined) {
    const served = await servedBy(o.home, project);
    if (served !== null) {
      process.stdout.write(`${served.url}\n`);
      process.stderr.write(`engram view: served by the resident service (engram serve --view, pid ${served.pid}), which stops when it does\n`);
      if (o.open === true) await openBrowser(served.url);
      return 0;
    }
  }
  const { ViewSource, startViewServer } = await import('@engram/view');
  let running;
  try {
    const source = new ViewSource({ home: o.home, project });
    running = await startViewServer(source, o.port === undefined ? {} : { port: o.port });
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return 1;
  }
  process.stdout.write(`${running.url}\n`);
  process.stderr.write('engram view: serving on 127.0.0.1 only; Ctrl-C to stop\n');
  if (o.open === true) await openBrowser(running.url);
  const view = running;
  await new Promise<void>((done) => {
    const stop = () => void view.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
};
