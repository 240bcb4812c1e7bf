/**
 * A loopback stand-in for Zapier's file storage, so `z.stashFile` runs for real in the demo and
 * the benchmark's request counts: core
 * asks the RPC endpoint for a presigned upload (`get_presigned_upload_post_data`) and POSTs the file
 * as multipart form data to it, exactly as it does against Zapier and S3. Uploads are counted; with
 * `dir`, the uploaded file itself (the multipart `file` part) is written there as a real file.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';

export interface StashServer {
  /** Event field that makes core's RPC client call this server. */
  event: { rpc_base: string };
  /**
   * Runs `fn` with the credential core's RPC client sends (`ZAPIER_DEPLOY_KEY`; an event `token`
   * would also switch on core's remote logging to zapier.com), restoring the environment afterwards.
   */
  withKey<T>(fn: () => Promise<T>): Promise<T>;
  uploads: Array<{ key: string; bytes: number; path?: string }>;
  close(): Promise<void>;
}

/** The `file` part of a multipart body: its file name and bytes. */
const filePart = (body: Buffer, contentType: string): { name: string; data: Buffer } | undefined => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  let at = body.indexOf(mark);
  while (at !== -1) {
    const next = body.indexOf(mark, at + mark.length);
    if (next === -1) return undefined;
    const part = body.subarray(at + mark.length, next);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    if (/name="file"/i.test(head)) {
      const name = /filename="([^"]*)"/i.exec(head)?.[1] ?? 'upload';
      return { name, data: part.subarray(split + 4, part.length - 2) };
    }
    at = next;
  }
  return undefined;
};

export const startStashServer = async (options: { dir?: string } = {}): Promise<StashServer> => {
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
      const kept: Buffer[] = [];
      for await (const chunk of req) {
        bytes += (chunk as Buffer).length;
        if (options.dir !== undefined) kept.push(chunk as Buffer);
      }
      const file =
        options.dir === undefined
          ? undefined
          : filePart(Buffer.concat(kept), req.headers['content-type'] ?? '');
      const path =
        file === undefined || options.dir === undefined ? undefined : join(options.dir, basename(file.name));
      if (file !== undefined && path !== undefined) writeFileSync(path, file.data);
      uploads.push({ key: `stash/${uploads.length + 1}`, bytes, path });
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
