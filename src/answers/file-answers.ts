/**
 * Files into answers (Create and Update Submission), as OpnForm's own form does it (recorded:
 * submissions--file-upload.json): each file the user gave is downloaded and spooled to a temporary
 * file, every file is checked against its question's limits before the first upload, then the
 * server's feature flags choose the upload path (`POST /upload-file`, or a presigned PUT for S3
 * storage), and the answer names the uploads as the front end does: a files question a list of
 * `<name>_<uuid>.<ext>` (#12), a signature one such name. Temporary files are removed in any case.
 */
import { join } from 'node:path';
import contentDisposition from 'content-disposition';
import type { Bundle, ZObject } from 'zapier-platform-core';
import * as uploads from '../api/uploads';
import { invalidInput } from '../errors';
import type { Form, FormBlock } from '../schemas/forms';

/** What a signature question takes as an uploaded file (OpnForm's "upload a file instead": code reading). */
export const SIGNATURE_TYPES: readonly string[] = ['png', 'jpg', 'jpeg', 'pdf'];
/** Refused by `POST /upload-file` whatever the question says (#6). */
const REFUSED_TYPES: readonly string[] = ['html', 'htm', 'xhtml', 'xml'];
/** `POST /upload-file`'s own limit (max:4883 KB, that is 5,000,000 bytes: #7). */
export const LOCAL_UPLOAD_BYTES = 5_000_000;
/** The limit when neither the question nor the form says one (OpnForm's Pro workspace: 50 MB). */
const DEFAULT_LIMIT_BYTES = 50_000_000;
/** An upload name's part before the uuid, as the server cuts it (`getMovedFileName`: 50 characters). */
const NAME_CHARS = 50;

/** One question given files: its label and input key (for messages) and the file URLs. */
export interface FileInput {
  block: FormBlock;
  label: string;
  key: string;
  urls: string[];
}

const megabytes = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The extensions a question takes (lower case); empty: any (but HTML and XML). */
export const allowedTypes = (block: FormBlock): string[] => {
  if (block.type === 'signature') return [...SIGNATURE_TYPES];
  const text = (block as { allowed_file_types?: unknown }).allowed_file_types;
  return typeof text === 'string'
    ? text
        .split(',')
        .map((type) => type.trim().replace(/^\./, '').toLowerCase())
        .filter((type) => type !== '')
    : [];
};

/**
 * A question's size limit in bytes: the least of its `max_file_size` and the form's (the workspace's,
 * top level of the form read), both in MB (10^6 bytes, as the server compares: #27).
 */
export const limitBytes = (form: Pick<Form, 'properties'>, block: FormBlock): number => {
  const limits = [
    megabytes((block as { max_file_size?: unknown }).max_file_size),
    megabytes((form as { max_file_size?: unknown }).max_file_size),
  ].filter((mb): mb is number => mb !== undefined);
  return limits.length === 0 ? DEFAULT_LIMIT_BYTES : Math.min(...limits) * 1_000_000;
};

/** Whether a question takes several files (a signature is one file). */
export const takesSeveral = (block: FormBlock): boolean =>
  block.type === 'files' && (block as { multiple?: unknown }).multiple !== false;

const sizeText = (bytes: number) =>
  bytes >= 1_000_000
    ? `${Number((bytes / 1_000_000).toFixed(1))} MB`
    : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/** The help of a file input: what it takes ("PNG or JPG, up to 1 MB, one file."). */
export const fileHelp = (form: Pick<Form, 'properties'>, block: FormBlock): string => {
  const types = allowedTypes(block).map((type) => type.toUpperCase());
  const kinds =
    types.length === 0
      ? 'Any file'
      : types.length === 1
        ? `${types[0]} only`
        : `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`;
  const count =
    block.type === 'signature'
      ? ' An image or PDF of the signature.'
      : takesSeveral(block)
        ? ''
        : ' One file.';
  const limit = limitBytes(form, block);
  const local =
    limit > LOCAL_UPLOAD_BYTES ? ` (${sizeText(LOCAL_UPLOAD_BYTES)} on a self-hosted server)` : '';
  return `${kinds}, up to ${sizeText(limit)}${local}.${count}`;
};

/** The file's name: Content-Disposition's, else the link's last segment, else "file". */
const givenName = (disposition: string | null, url: string): string => {
  if (disposition) {
    try {
      const name = contentDisposition.parse(disposition).parameters.filename;
      if (name) return name;
    } catch {
      // a malformed header: the link's name below
    }
  }
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return decodeURIComponent(last) || 'file';
  } catch {
    return 'file';
  }
};

const TYPE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'text/plain': 'txt',
  'text/csv': 'csv',
};
const EXTENSION_TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(TYPE_EXTENSIONS).map(([type, ext]) => [ext, type])),
  jpeg: 'image/jpeg',
};

/**
 * The name parts an upload is answered with: the name without extension, reduced to `[A-Za-z0-9_.-]`
 * and cut to 50 characters (the server's own rules: a name outside `[\w\-. /]` is dropped, its
 * stored name is cut to 50), and the extension (from the name, else from the content type).
 */
export const uploadName = (name: string, contentType: string): { base: string; ext: string } => {
  const dot = name.lastIndexOf('.');
  const named = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(name.slice(dot + 1));
  const ext = named ? name.slice(dot + 1).toLowerCase() : (TYPE_EXTENSIONS[contentType] ?? '');
  const stem = (named ? name.slice(0, dot) : name)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_.-]/g, '');
  return { base: [...(stem || 'file')].slice(0, NAME_CHARS).join(''), ext };
};

interface Spooled {
  input: FileInput;
  file: uploads.SpooledFile;
  ext: string;
  base: string;
}

/**
 * Downloads and spools one given file, refusing (before anything is uploaded) a type the question
 * does not take and a file over its limit.
 */
const spoolOne = async (
  z: ZObject,
  bundle: Bundle,
  form: Form,
  input: FileInput,
  url: string,
  path: string,
  outcome: string,
): Promise<Spooled> => {
  const refuse = (message: string) => invalidInput(z, `${input.label} (${input.key}) ${message}. ${outcome}`);
  const response = await uploads.downloadGivenFile(z, bundle, url, `the file for "${input.label}"`, outcome);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const { base, ext } = uploadName(givenName(response.headers.get('content-disposition'), url), contentType);
  const shown = ext === '' ? base : `${base}.${ext}`;
  const allowed = allowedTypes(input.block);
  const wrongType =
    REFUSED_TYPES.includes(ext) || /html|xml/.test(contentType)
      ? 'HTML and XML files are refused by OpnForm'
      : allowed.length > 0 && !allowed.includes(ext)
        ? `takes ${allowed.join(', ')} files only`
        : undefined;
  if (wrongType !== undefined) {
    response.discard();
    throw refuse(`got the file "${shown}": ${wrongType}`);
  }
  const limit = limitBytes(form, input.block);
  let size: number;
  try {
    size = await uploads.spoolBody(response, path, limit);
  } catch (error) {
    if (!(error instanceof uploads.TooLarge)) throw error;
    throw refuse(`got the file "${shown}", larger than this question's limit of ${sizeText(limit)}`);
  }
  const type =
    contentType !== '' && contentType !== 'application/octet-stream' ? contentType : EXTENSION_TYPES[ext];
  return {
    input,
    base,
    ext,
    file: { path, size, filename: shown, contentType: type ?? 'application/octet-stream' },
  };
};

/**
 * Downloads every given file, checks them all, then uploads them the way the server's feature flags
 * say and answers each question with the upload names (files: a list; signature: one name).
 * Requests: one download per file (not OpnForm), then only with files: the flags, and one upload per
 * file (local) or two (S3: signed URL, PUT).
 */
export const uploadFileAnswers = async (
  z: ZObject,
  bundle: Bundle,
  form: Form,
  inputs: readonly FileInput[],
  outcome: string,
): Promise<Record<string, string | string[]>> => {
  if (inputs.length === 0) return {};
  const spool = await uploads.openSpool();
  try {
    const spooled: Spooled[] = [];
    for (const input of inputs) {
      for (const url of input.urls) {
        spooled.push(
          await spoolOne(z, bundle, form, input, url, join(spool.dir, String(spooled.length)), outcome),
        );
      }
    }
    const local = await uploads.storesLocally(z, bundle);
    if (local) {
      const big = spooled.find((item) => item.file.size > LOCAL_UPLOAD_BYTES);
      if (big !== undefined)
        throw invalidInput(
          z,
          `${big.input.label} (${big.input.key}) got the file "${big.file.filename}", larger than the ` +
            `${sizeText(LOCAL_UPLOAD_BYTES)} your OpnForm server takes in one upload. ${outcome}`,
        );
    }
    const answers: Record<string, string | string[]> = {};
    for (const item of spooled) {
      const fields = { file: `${item.input.label} (${item.input.key})` };
      const uuid = local
        ? await uploads.uploadLocal(z, bundle, item.file, fields)
        : await uploads.uploadS3(z, bundle, item.file, fields);
      const name = item.ext === '' ? uuid : `${item.base}_${uuid}.${item.ext}`;
      const id = item.input.block.id;
      if (item.input.block.type === 'signature') answers[id] = name;
      else answers[id] = [...((answers[id] as string[] | undefined) ?? []), name];
    }
    return answers;
  } finally {
    await spool.remove();
  }
};
