/**
 * How a respondent's browser uploads a file before answering (the connector's later file inputs;
 * recorded: `submissions--file-upload`), all public routes that never look at a token:
 * - `GET /content/feature-flags`: `storage.local` tells the front end which path to take;
 * - `POST /upload-file` (multipart, part `file`): 201 `{uuid, key: "tmp/{uuid}"}`, the file waiting
 *   in the temporary storage (sandbox/file-storage.ts); at most 4883 KB; HTML, XHTML and XML refused
 *   by extension or content; an SVG is stored without its scripts; 30 a minute and 300 an hour per
 *   client, on top of the API limit (the answer shows the tighter one);
 * - `POST /vapor/signed-storage-url`: the S3 path of OpnForm Cloud. With local storage (the
 *   default, as recorded) 500; with `storage: 's3'`, 201 `{uuid, bucket, key, url, headers}` as
 *   Laravel Vapor's controller answers (code reading), `url` a presigned PUT to the sandbox's
 *   stand-in for S3 (`/__sandbox/s3/{bucket}/tmp/{uuid}`, 5 minutes, the signed Content-Type
 *   required, no Authorization header allowed), which leaves the bytes in the temporary storage.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { RouteKit } from '../kit';
import { fail, invalid, Reply } from '../reply';
import { asRecord, param as p } from '../route-context';

/** `UploadAssetRequest::FORM_ASSET_MAX_SIZE` (5,000,000 bytes) as the `max:` rule's kilobytes. */
const MAX_UPLOAD_KB = Math.ceil(5_000_000 / 1024);
const BLOCKED_EXTENSIONS = ['html', 'htm', 'xhtml', 'xml'];
/** Vapor's `signed_storage_url_expires_after` (minutes). */
const SIGNED_URL_MINUTES = 5;
const DEFAULT_BUCKET = 'opnform-sandbox-uploads';

/** A rough `finfo` for the types the server refuses or treats apart (HTML, XML, SVG). */
const sniff = (bytes: Buffer) => {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  if (head.startsWith('<?xml')) return 'text/xml';
  if (/^<(!doctype html|html|head|body|script|iframe)\b/.test(head)) return 'text/html';
  return 'application/octet-stream';
};

/** An SVG without scripts and event handlers; undefined when nothing of it is left. */
const sanitizedSvg = (bytes: Buffer) => {
  const text = bytes
    .toString('utf8')
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*')/gi, '');
  return text.trim() === '' || !/<svg/i.test(text) ? undefined : Buffer.from(text);
};

/** The S3 error document (`<Error><Code>...`). */
const s3Error = (status: number, code: string, message: string) =>
  new Reply(
    status,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    { 'Content-Type': 'application/xml' },
  );

export const uploadRoutes = (kit: RouteKit) => {
  const { state } = kit;
  const uploads = () => {
    state.uploads ??= new Map();
    return state.uploads;
  };
  const s3 = kit.options.storage === 's3';
  const selfHosted = kit.options.selfHosted === true;
  const s3Key = randomBytes(32);

  kit.router.public('GET', '/content/feature-flags', 'open', () => ({
    self_hosted: selfHosted,
    setup_required: false,
    custom_domains: false,
    ai_features: false,
    version: null,
    billing: { enabled: false, appsumo: false, stripe_publishable_key: null },
    storage: { local: !s3, s3 },
    services: {
      unsplash: false,
      google: { fonts: false, auth: false, client_id: null },
      telegram: { bot_id: false },
    },
    integrations: { zapier: true, google_sheets: false, telegram: false },
    custom_code: { enable_self_hosted: false },
    oidc: { available: false, forced: false },
    // a licence check only where the server is self-hosted (an unlicensed one, as recorded)
    license: selfHosted ? { status: 'invalid', features: null, expires_at: null } : null,
  }));

  kit.router.public('POST', '/upload-file', 'uploads', async (ctx) => {
    const type = ctx.headers['content-type'] ?? '';
    let file: File | string | null = null;
    if (/^multipart\/form-data/i.test(type)) {
      try {
        file = (await new Response(ctx.bytes, { headers: { 'content-type': type } }).formData()).get('file');
      } catch {
        file = null;
      }
    }
    if (file === null) throw invalid({ file: ['The file field is required.'] });
    if (typeof file === 'string') throw invalid({ file: ['The file must be a file.'] });
    if (file.size > MAX_UPLOAD_KB * 1024)
      throw invalid({ file: [`The file may not be greater than ${MAX_UPLOAD_KB} kilobytes.`] });
    let content: Buffer | undefined = Buffer.from(await file.arrayBuffer());
    const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    const detected = sniff(content);
    const refused = (message: string) => invalid({ file: [message] });
    if (BLOCKED_EXTENSIONS.includes(extension) || detected === 'text/html' || detected === 'text/xml')
      throw refused('This file type is not allowed.');
    if (extension === 'svg' || detected === 'image/svg+xml') {
      content = sanitizedSvg(content);
      if (content === undefined) throw refused('Invalid SVG file.');
    }
    const uuid = randomUUID();
    uploads().set(uuid, { uuid, content, contentType: file.type, clientName: file.name });
    return new Reply(201, { uuid, key: `tmp/${uuid}` });
  });

  /** The presigned query's signature: the bucket, key, signed Content-Type and expiry. */
  const signature = (bucket: string, key: string, contentType: string, date: string, expires: string) =>
    createHmac('sha256', s3Key)
      .update(`PUT\n${bucket}/${key}\n${contentType}\n${date}\n${expires}`)
      .digest('hex');
  /** `20261125T114458Z`, as `X-Amz-Date`. */
  const amzDate = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');

  kit.router.public('POST', '/vapor/signed-storage-url', 'open', (ctx) => {
    // local storage: no AWS settings, Vapor's controller throws (500, as recorded)
    if (!s3) return fail(500, { message: 'Server Error' });
    let body: Record<string, unknown> = {};
    try {
      body = asRecord(ctx.text.trim() === '' ? {} : JSON.parse(ctx.text)) ?? {};
    } catch {
      return fail(400, { message: 'The request body is not valid JSON.' });
    }
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const bucket = text(body.bucket) ?? DEFAULT_BUCKET;
    const contentType = text(body.content_type) ?? 'application/octet-stream';
    const uuid = randomUUID();
    const key = `tmp/${uuid}`;
    const date = amzDate(Date.now());
    const expires = String(SIGNED_URL_MINUTES * 60);
    const query = new URLSearchParams({
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `SANDBOXACCESSKEY/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      'X-Amz-Date': date,
      'X-Amz-SignedHeaders': 'content-type;host',
      'X-Amz-Expires': expires,
      'X-Amz-Signature': signature(bucket, key, contentType, date, expires),
    });
    return new Reply(201, {
      uuid,
      bucket,
      key,
      url: `${kit.origin()}/__sandbox/s3/${encodeURIComponent(bucket)}/${key}?${query}`,
      // the signed request's headers (PSR-7: lists), Content-Type set by Vapor's controller
      headers: { Host: [new URL(kit.origin()).host], 'Content-Type': contentType },
    });
  });

  kit.router.control('PUT', /^\/__sandbox\/s3\/([^/]+)\/tmp\/([0-9a-f-]{36})$/, true, (ctx) => {
    const [bucket, uuid] = [p(ctx, 0), p(ctx, 1)];
    const q = (name: string) => ctx.query.get(name) ?? '';
    if (ctx.headers.authorization !== undefined)
      return s3Error(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    const contentType = ctx.headers['content-type'] ?? '';
    const date = q('X-Amz-Date');
    const expected = signature(bucket, `tmp/${uuid}`, contentType, date, q('X-Amz-Expires'));
    if (q('X-Amz-Signature') !== expected)
      return s3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    const signedAt = Date.parse(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    if (Date.now() > signedAt + Number(q('X-Amz-Expires')) * 1000)
      return s3Error(403, 'AccessDenied', 'Request has expired');
    uploads().set(uuid, { uuid, content: ctx.bytes, contentType, clientName: '' });
    return new Reply(200, '', { ETag: `"${createHash('md5').update(ctx.bytes).digest('hex')}"` });
  });
};
