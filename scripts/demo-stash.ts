/**
 * A loopback stand-in for Zapier's file storage, so `z.stashFile` runs for real in the demo: core
 * asks the RPC endpoint for a presigned upload (`get_presigned_upload_post_data`) and POSTs the file
 * as multipart form data to it, exactly as it does against Zapier and S3. Uploads are counted, not kept.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StashServer {
  /** Event field that makes core's RPC client call this server. */
  event: { rpc_base: string };
  /**
   * Runs `fn` with the credential core's RPC client sends (`ZAPIER_DEPLOY_KEY`; an event `token`
   * would also switch on core's remote logging to zapier.com), restoring the environment afterwards.
   */
  withKey<T>(fn: () => Promise<T>): Promise<T>;
  uploads: Array<{ key: string; bytes: number }>;
  close(): Promise<void>;
}

export const startStashServer = async (): Promise<StashServer> => {
  const uploads: StashServer['uploads'] = [];
  let origin = '';
  const server = createServer(async (req, res) => {
    if (req.url === '/rpc') {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const { id, method } = JSON.parse(text) as { id: string; method: string };
      res.setHeader('Content-Type', 'application/json');
      if (method !== 'get_presigned_upload_post_data') {
        res.end(JSON.stringify({ id, error: `the demo storage does not answer ${method}` }));
        return;
      }
      const key = `stash/${uploads.length + 1}`;
      res.end(JSON.stringify({ id, result: { url: `${origin}/upload`, fields: { key } } }));
      return;
    }
    if (req.url === '/upload' && req.method === 'POST') {
      let bytes = 0;
      for await (const chunk of req) bytes += (chunk as Buffer).length;
      uploads.push({ key: `stash/${uploads.length + 1}`, bytes });
      res.statusCode = 204;
      res.end();
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    event: { rpc_base: `${origin}/rpc` },
    withKey: async (fn) => {
      const saved = process.env.ZAPIER_DEPLOY_KEY;
      process.env.ZAPIER_DEPLOY_KEY = 'demo-storage';
      try {
        return await fn();
      } finally {
        if (saved === undefined) delete process.env.ZAPIER_DEPLOY_KEY;
        else process.env.ZAPIER_DEPLOY_KEY = saved;
      }
    },
    uploads,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
};
