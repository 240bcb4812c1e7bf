/**
 * OpnForm's public upload routes, each written once (recorded: submissions--file-upload.json). None
 * takes a token (no auth middleware: #3, #4), so none is sent, as from a respondent's browser.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { badResponse } from '../errors';
import type { Need } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import { path } from '../http/path';
import { downloadInTime } from '../http/timed-download';
import { postUpload, putPresigned, type SpooledFile, UPLOAD_RESERVE_MS } from '../http/upload';
import { describeShapeError } from '../schemas/parse';
import { FeatureFlags, SignedStorageReply, UploadReply } from '../schemas/uploads';

/** A public route about files: no ability (no token is sent). */
const PUBLIC: Need = { thing: 'file', abilities: [] };

/**
 * `GET /content/feature-flags` (#1): whether the server stores uploads locally (`POST /upload-file`)
 * or in S3 (a presigned PUT). A server without the route, or one that fails it, is taken as local:
 * the self-hosted default.
 */
export const storesLocally = async (z: ZObject, bundle: Bundle): Promise<boolean> => {
  const flags = await opnform(z, bundle).get(path`/content/feature-flags`, {
    need: PUBLIC,
    respondent: {},
    statuses: { absent: [404, 500, 502, 503] },
    schema: FeatureFlags(),
  });
  return flags instanceof Absent || flags.storage?.local !== false;
};

/** `POST /upload-file` (#2): multipart, part `file`; 201 `{uuid, key}`. A 422 names the question (`fields.file`). */
export const uploadLocal = async (
  z: ZObject,
  bundle: Bundle,
  file: SpooledFile,
  fields: Readonly<Record<string, string>>,
): Promise<string> => {
  const body = await postUpload(z, bundle, path`/upload-file`, file, fields);
  const parsed = UploadReply().safeParse(body);
  if (!parsed.success) throw badResponse(z, describeShapeError('upload', parsed.error));
  return parsed.data.uuid;
};

/**
 * `POST /vapor/signed-storage-url` with the body OpnForm's front end sends (#8), then the bytes PUT to
 * the one URL it answers, with its headers. The answer holds a presigned URL: the call is quiet.
 */
export const uploadS3 = async (
  z: ZObject,
  bundle: Bundle,
  file: SpooledFile,
  fields: Readonly<Record<string, string>>,
): Promise<string> => {
  const signed = await opnform(z, bundle).post(path`/vapor/signed-storage-url`, {
    need: PUBLIC,
    respondent: {},
    statuses: { fields },
    body: {
      bucket: '',
      content_type: file.contentType,
      expires: '',
      visibility: '',
      baseURL: null,
      headers: {},
    },
    schema: SignedStorageReply(),
    quiet: (reply) => `signed storage URL for upload ${reply.uuid}`,
  });
  await putPresigned(z, bundle, signed.url, signed.headers ?? {}, file);
  return signed.uuid;
};

export { openSpool, type Spool, type SpooledFile, spoolBody, TooLarge } from '../http/upload';

/**
 * Downloads a file the user gave a step (Zapier's storage URL, or a link they mapped) through the one
 * download path in its input-file mode: any public https host, every redirect re-checked, no token,
 * the URL never in a message; within the step's time, leaving what an upload needs, and given up when
 * it stalls (src/http/timed-download.ts). The caller spools the answer (`spoolBody`).
 */
export const downloadGivenFile = (z: ZObject, bundle: Bundle, url: string, what: string, outcome: string) =>
  downloadInTime(z, url, { input: true, what, outcome }, { bundle, reserveMs: UPLOAD_RESERVE_MS });
