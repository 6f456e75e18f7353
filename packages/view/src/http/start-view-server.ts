import { createServer, type Server } from 'node:http';
import type { ViewSource } from '../view-source.js';
import { createViewHandler } from './create-view-handler.js';

/** The app listens on loopback only: it shows a user's memory and sessions to that user alone. */
export const VIEW_HOST = '127.0.0.1';

export interface RunningView {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Starts the app on 127.0.0.1 (port 0: a free one the system picks) and resolves once it listens. */
export const startViewServer = async (source: ViewSource, options: { readonly port?: number } = {}): Promise<RunningView> => {
  const handler = createViewHandler(source);
  const server = createServer(handler.handle);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`${VIEW_HOST}:${options.port ?? 0} is already in use (another engram view or another program): choose another port, or none for a free one`) : err);
    server.once('error', onError);
    server.listen(options.port ?? 0, VIEW_HOST, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://${VIEW_HOST}:${port}/`,
    port,
    token: handler.token,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        handler.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
