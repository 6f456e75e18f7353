import type { IncomingMessage } from 'node:http';

/**
 * The DNS-rebinding guard: a page another site loads in the user's browser can reach 127.0.0.1,
 * but its requests carry that site's host name (`Host: evil.example`) and origin. The app answers
 * only requests addressed to itself: `Host` exactly `127.0.0.1:<its port>` or `localhost:<its
 * port>`, and an `Origin`, when sent, exactly `http://` + that host. Returns why a request is
 * refused, or null.
 */
export const refusalOf = (req: IncomingMessage): string | null => {
  const port = req.socket.localPort;
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  const host = req.headers.host;
  if (host === undefined || !own.includes(host)) return `Host ${JSON.stringify(host ?? '')} is not this server's`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `Origin ${JSON.stringify(origin)} is not this server's`;
  return null;
};
