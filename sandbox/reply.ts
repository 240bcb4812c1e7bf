/**
 * Answers as values: a handler returns or throws a `Reply` to answer with a status, body and headers;
 * the error answers every route shares; writing an answer and reading a body on Node's `http`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { summary } from './answers';

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const fail = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);
export const UNAUTHORIZED = () => fail(403, { message: 'This action is unauthorized.' });
/** 404 "No query results for model [App\Models\<model>] <id>". */
export const missing = (model: string, id: string | number) =>
  fail(404, { message: `No query results for model [App\\Models\\${model}] ${id}` });
/** 422 with Laravel's `{message: "first (and N more errors)", errors}`. */
export const invalid = (errors: Record<string, string[]>) => fail(422, { message: summary(errors), errors });
export const paymentRequired = () =>
  fail(402, {
    message: 'Partial submissions are a Pro feature. Upgrade your workspace to use them.',
    feature: 'partial_submissions',
    required_tier: 'pro',
    current_tier: 'free',
  });

/** Runs `work`; a thrown `Reply` becomes the answer (no other error is caught). */
export const replyOf = async (work: () => unknown): Promise<unknown> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Reply) return error;
    throw error;
  }
};

/** The request body's bytes. */
export const readBytes = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export const readBody = async (req: IncomingMessage) => (await readBytes(req)).toString('utf8');

export const write = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  if (res.writableEnded || res.destroyed) return;
  // bytes as they are (a stored upload), text as UTF-8, anything else as JSON
  const raw = Buffer.isBuffer(body);
  const text = raw || typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': raw
      ? 'application/octet-stream'
      : typeof body === 'string'
        ? 'text/plain; charset=UTF-8'
        : 'application/json',
    ...headers,
  });
  res.end(text);
};

/** Writes a handler's result: a `Reply` as it is, anything else as 200 JSON; `extra` headers first. */
export const writeResult = (res: ServerResponse, result: unknown, extra: Record<string, string> = {}) =>
  result instanceof Reply
    ? write(res, result.status, result.body, { ...extra, ...result.headers })
    : write(res, 200, result, extra);
