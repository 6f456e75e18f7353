import { isIP } from 'node:net';

/** Whether `host` (a listen address or a Host header's name) names this machine only. */
export const isLoopbackHost = (host: string): boolean => {
  const h = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (h.toLowerCase() === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1';
  return false;
};

/** The host name of a Host header (`127.0.0.1:3917`, `[::1]:3917`, `localhost`). */
const hostName = (header: string): string => {
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  const colon = header.lastIndexOf(':');
  return colon === -1 ? header : header.slice(0, colon);
};

/**
 * Why a request to a loopback-bound server is refused, or null: a web page the user visits can
 * make the browser send requests to 127.0.0.1 (DNS rebinding gives them a foreign Host; a plain
 * cross-site request carries a foreign Origin). Local clients send a loopback Host and no Origin.
 */
export const loopbackRequestProblem = (host: string | undefined, origin: string | undefined): string | null => {
  if (host === undefined || !isLoopbackHost(hostName(host))) return `refused: the Host header ${JSON.stringify(host ?? '')} is not a loopback name (this server only answers clients on this machine)`;
  if (origin !== undefined && origin !== 'null') {
    let name: string;
    try {
      name = new URL(origin).hostname;
    } catch {
      return `refused: the Origin header ${JSON.stringify(origin)} is not a URL`;
    }
    if (!isLoopbackHost(name)) return `refused: requests from the web page ${JSON.stringify(origin)} are not answered`;
  } else if (origin === 'null') return 'refused: requests from an opaque origin (a sandboxed page or a file) are not answered';
  return null;
};
