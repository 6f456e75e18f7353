import { request } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with whatever Host and Origin a test wants (fetch would not send a forged Host). */
export const call = (port: number, path: string, o: { method?: string; host?: string; origin?: string; form?: Record<string, string> } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const body = o.form === undefined ? undefined : new URLSearchParams(o.form).toString();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: o.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: {
          Host: o.host ?? `127.0.0.1:${port}`,
          ...(o.origin === undefined ? {} : { Origin: o.origin }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
