/**
 * Files sent to OpnForm as a respondent's browser sends them (recorded: `submissions--file-upload`):
 * a file is first spooled to a temporary file (streamed, never whole in memory, cut off past its
 * limit), so its size is known and every file is checked before the first upload; then either a
 * multipart `POST /upload-file` to the connection's origin, or a `PUT` of the bytes to the one
 * presigned URL that origin issued for this upload. Neither carries the token (public routes; a
 * storage URL must never see it), and a presigned URL never appears in a message.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import FormData from 'form-data';
import type { Bundle, RawHttpResponse, ZObject } from 'zapier-platform-core';
import { badResponse, userError } from '../errors';
import { hostProblem, isLoopbackHost, publicAgent } from '../net/addresses';
import { remainingMs, WRITE_RESERVE_MS } from '../shared/budget';
import { USER_AGENT } from '../version';
import { developmentMode } from './base-url';
import { baseUrlOf } from './client';
import { failureFor, parseJson } from './failures';
import { type ApiPath, joinUrl } from './path';
import { publicRedirect } from './public-routes';
import type { TimedDownload } from './timed-download';

/** An upload needs this much of the step's budget left (the answer that follows needs its reserve too). */
export const UPLOAD_RESERVE_MS = WRITE_RESERVE_MS + 2_000;
const UPLOAD_TIMEOUT_MS = 20_000;

/** A file spooled to disk: where, how large, and what it is called and holds. */
export interface SpooledFile {
  path: string;
  size: number;
  filename: string;
  contentType: string;
}

/** A step's temporary folder; `remove` in a `finally` deletes it and everything spooled in it. */
export interface Spool {
  dir: string;
  remove: () => Promise<void>;
}

export const openSpool = async (): Promise<Spool> => {
  const dir = await mkdtemp(join(tmpdir(), 'opnform-files-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
};

/** Thrown inside the stream when a file grows past its limit (the caller says so in its words). */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super('file over its limit');
  }
}

/**
 * Streams an answer's body into `path`, counting: past `limit` bytes the copy stops and `TooLarge` is
 * thrown (a declared Content-Length over the limit stops it before anything is read).
 */
export const spoolBody = async (response: TimedDownload, path: string, limit: number): Promise<number> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    response.discard();
    throw new TooLarge(limit);
  }
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? new TooLarge(limit) : null, chunk);
    },
  });
  await pipeline(response.body, counter, createWriteStream(path));
  return size;
};

const refuseLate = (z: ZObject, what: string) =>
  userError(
    z,
    `Not enough of this step's time is left to upload ${what} (Zapier stops a step after 30 seconds). ` +
      'Nothing was submitted; run the step again, with fewer or smaller files.',
    'out_of_time',
    504,
  );

const unreachableUpload = (z: ZObject, host: string, error: unknown) =>
  userError(
    z,
    `The file could not be uploaded to ${host}${
      (error as { code?: string }).code ? ` (${(error as { code?: string }).code})` : ''
    }. Nothing was submitted; try again later.`,
    'unreachable',
    503,
  );

/**
 * Reads a JSON answer of an upload, or maps its error status (422 names the question through `fields`);
 * a redirect (a login page or a proxy on a self-hosted server) is said to be one, naming where it leads.
 */
const answerOf = async (
  z: ZObject,
  response: RawHttpResponse,
  route: string,
  url: string,
  fields: Readonly<Record<string, string>>,
): Promise<unknown> => {
  if (response.status >= 300 && response.status < 400) {
    response.body?.resume?.();
    const location = response.headers.get('location');
    let to: string | undefined;
    try {
      to = location ? new URL(location, url).host : undefined;
    } catch {
      to = undefined;
    }
    throw badResponse(z, publicRedirect(route, response.status, to), response.status);
  }
  const body = parseJson(await response.text().catch(() => ''));
  if (response.status >= 300)
    throw failureFor(z, response.status, body, response.headers.get('retry-after'), {
      need: { thing: 'file', abilities: [] },
      statuses: { fields },
      publicRoute: route,
    });
  return body;
};

/**
 * `POST /upload-file` on the connection's origin: multipart, one part `file` streamed from the
 * spooled file with its known length, no token. Answers the server's JSON (`{uuid, key}`).
 */
export const postUpload = async (
  z: ZObject,
  bundle: Bundle,
  apiPath: ApiPath,
  file: SpooledFile,
  fields: Readonly<Record<string, string>>,
): Promise<unknown> => {
  if (remainingMs(bundle) < UPLOAD_RESERVE_MS) throw refuseLate(z, `"${file.filename}"`);
  const baseUrl = baseUrlOf(z, bundle);
  const base = new URL(baseUrl);
  const form = new FormData();
  form.append('file', createReadStream(file.path), {
    filename: file.filename,
    contentType: file.contentType,
    knownLength: file.size,
  });
  const url = joinUrl(baseUrl, apiPath);
  let response: RawHttpResponse;
  try {
    response = await z.request({
      url,
      method: 'POST',
      raw: true,
      headers: {
        ...form.getHeaders(),
        'Content-Length': String(form.getLengthSync()),
        Accept: 'application/json',
        'User-Agent': USER_AGENT,
      },
      body: form as unknown as string,
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      timeout: UPLOAD_TIMEOUT_MS,
      agent: publicAgent(base.protocol, developmentMode() && isLoopbackHost(base.hostname)),
      merge: false,
    } as Parameters<ZObject['request']>[0] & { raw: true });
  } catch (error) {
    throw unreachableUpload(z, base.host, error);
  }
  return answerOf(z, response, `POST ${apiPath}`, url, fields);
};

/**
 * `PUT` of the spooled bytes to the presigned URL the connection's OpnForm issued for this upload:
 * https on a public host (loopback only under the development setting with a loopback connection),
 * no user info, no redirect followed, no token, only the signed headers (minus `Host`, lists joined
 * by ", " as OpnForm's front end does). The URL is a credential: never in a message.
 */
export const putPresigned = async (
  z: ZObject,
  bundle: Bundle,
  url: string,
  signed: Readonly<Record<string, unknown>>,
  file: SpooledFile,
): Promise<void> => {
  const refuse = (why: string) =>
    badResponse(
      z,
      `The storage link OpnForm gave for "${file.filename}" ${why}; nothing was uploaded or submitted.`,
    );
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw refuse('is not a valid URL');
  }
  const connection = new URL(baseUrlOf(z, bundle));
  const loopback =
    developmentMode() && isLoopbackHost(connection.hostname) && isLoopbackHost(target.hostname);
  if (target.protocol !== 'https:' && !(loopback && target.protocol === 'http:'))
    throw refuse('is not https');
  if (target.username !== '' || target.password !== '') throw refuse('holds a user name or password');
  const problem = loopback ? undefined : hostProblem(target.hostname);
  if (problem !== undefined) throw refuse(`points at a host that ${problem}`);
  if (remainingMs(bundle) < UPLOAD_RESERVE_MS) throw refuseLate(z, `"${file.filename}"`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed)) {
    if (name.toLowerCase() === 'host' || name.toLowerCase() === 'authorization') continue;
    headers[name] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  headers['Content-Length'] = String(file.size);
  let response: RawHttpResponse;
  try {
    response = await z.request({
      url: target.href,
      method: 'PUT',
      raw: true,
      headers,
      body: createReadStream(file.path) as unknown as string,
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      redirect: 'manual',
      timeout: UPLOAD_TIMEOUT_MS,
      agent: publicAgent(target.protocol, loopback),
      merge: false,
    } as Parameters<ZObject['request']>[0] & { raw: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRNOTPUBLIC') throw refuse('points at a host that resolves to a private address');
    throw unreachableUpload(z, target.host, error);
  }
  response.body?.resume?.();
  if (response.status >= 300 && response.status < 400) throw refuse(`redirected (HTTP ${response.status})`);
  if (response.status >= 300)
    throw userError(
      z,
      `The file storage refused "${file.filename}" (HTTP ${response.status}). Nothing was submitted; try again.`,
      'server_error',
      response.status,
    );
};
