/**
 * A local hook catcher: a loopback HTTP server that receives deliveries (what Zapier's hook URL
 * would receive) so the demo and tests can hand them to the instant trigger's perform.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CaughtDelivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The headers as received, in order: `[name, value, name, value, ...]`. */
  rawHeaders: string[];
  /** The raw body as received. */
  body: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
}

export interface HookCatcher {
  /**
   * A hook URL on the catcher, e.g. `https://127.0.0.1:PORT/hooks/<name>`: https, as OpnForm requires
   * for every hook; the sandbox delivers to loopback https URLs over plain HTTP (it stands for a
   * TLS-terminated receiver), so the catcher itself listens on plain HTTP.
   */
  url(name?: string): string;
  received: CaughtDelivery[];
  /** Resolves with the next delivery (or an already received one not yet taken), rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<CaughtDelivery>;
  close(): Promise<void>;
}

export const startHookCatcher = async (options: { status?: number } = {}): Promise<HookCatcher> => {
  const received: CaughtDelivery[] = [];
  let taken = 0;
  const waiters: Array<(d: CaughtDelivery) => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const delivery = {
        method: req.method ?? 'POST',
        path: req.url ?? '/',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
        json,
      };
      received.push(delivery);
      const waiter = waiters.shift();
      if (waiter !== undefined) {
        taken += 1;
        waiter(delivery);
      }
      res.writeHead(options.status ?? 200, { 'Content-Type': 'application/json' });
      res.end('{"status":"success"}');
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name = 'zap') => `https://127.0.0.1:${port}/hooks/${encodeURIComponent(name)}`,
    received,
    next: (timeoutMs = 5000) => {
      const ready = received[taken];
      if (ready !== undefined) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no delivery reached the hook catcher within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (d: CaughtDelivery) => {
          clearTimeout(timer);
          resolve(d);
        };
        waiters.push(waiter);
      });
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
