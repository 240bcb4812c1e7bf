import { Readable } from 'node:stream';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { ANSWER_LIMITS, BodyTimeout, collectBody } from '../http/answer-size';
import { firstOf, maskJsonStream } from '../http/big-answer';
import type { Exchange } from '../http/calls';
import { notJson, opnform } from '../http/client';
import { INVALID_ABILITY } from '../http/failures';
import { pathOf } from '../http/path';
import { MASKED, maskJson, maskJsonText, redact, secretFieldValues, secretsOf } from '../http/secrets';
import type { RequestInput } from '../inputs/request';

/** What API Request gives the next step. */
export interface ApiAnswer {
  status: number;
  /** The allowed headers that came (`HEADERS`), by snake_case name; `location` masked. */
  headers: Record<string, string>;
  /** The parsed JSON answer, values under secret names masked; `null` when the answer is not JSON. */
  data: unknown;
  /** The answer's text when it is not JSON (a CSV export); `null` otherwise. */
  text: string | null;
  /** The answer's size in bytes, as OpnForm sent it. */
  size: number;
  /** An answer over the size asked for (`send`'s `toFile`), with `data` and `text` null: the file's link. */
  file?: string;
}

/** Where an answer over `above` bytes goes: `stash` writes a file of `body` (of `type`) and gives its link. */
export interface ToFile {
  above: number;
  stash: (body: Readable, type: string) => Promise<string>;
}

/**
 * The headers an answer may pass on: what a next step can use (type, size, file name, caching, the rate
 * limit, a redirect's target). Never `set-cookie` or anything else a server or proxy adds.
 */
const HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'date',
  'etag',
  'last-modified',
  'cache-control',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'location',
];

/**
 * A redirect's target without what may be a capability: on the connection's own origin its path (the
 * query dropped: signed links carry their signature there), elsewhere only its origin.
 */
const maskedLocation = (location: string, base: string): string => {
  let target: URL;
  try {
    target = new URL(location, `${base}/`);
  } catch {
    return MASKED;
  }
  return target.origin === new URL(base).origin ? target.pathname : `${target.origin}/${MASKED}`;
};

/**
 * Sends the request the user described (API Request) to the connection's OpnForm URL with its token
 * and gives back the answer: never followed when it redirects, an error status given back too unless
 * `stop_on_error`. Every value under a secret's name in the query or body becomes a secret of the
 * step (hidden in errors and logs); the answer's own secret-named values are masked, and every secret of
 * the step is hidden from the output.
 */
export const send = async (
  z: ZObject,
  bundle: Bundle,
  input: RequestInput,
  toFile?: ToFile,
): Promise<ApiAnswer> => {
  const client = opnform(z, bundle);
  client.remember(secretFieldValues(input.body?.value));
  const apiPath = pathOf(input.path);
  const line = `${input.method} ${apiPath}`;
  const answer = await client.exchange(input.method, apiPath, {
    need: { thing: 'API', abilities: [] },
    statuses: {
      known: [
        {
          status: 404,
          code: 'not_found',
          message: `OpnForm has nothing at ${line} (404). Check the path and the ids in it: OpnForm's API paths for tokens start with /open/.`,
        },
        {
          status: 403,
          said: INVALID_ABILITY,
          code: 'forbidden',
          message:
            'OpnForm refused this request (403): "Invalid ability provided." The access token lacks an ability this ' +
            'path needs: create a new token with it ticked in OpnForm (Settings > Access Tokens) and reconnect.',
        },
      ],
    },
    query: input.query,
    json: input.body?.text,
    stopOnError: input.stop_on_error,
    maxBytes: ANSWER_LIMITS.apiRequest,
    fileAbove: toFile?.above,
  });
  const type = answer.header('content-type');
  // OpnForm's API never answers HTML: that is its web app, reached through a connection URL without /api
  if (input.stop_on_error && answer.status < 300 && /\btext\/html\b/i.test(type ?? '')) {
    throw notJson(z, 'API', type, answer.status);
  }
  const secrets = secretsOf(bundle);
  const headers: Record<string, string> = {};
  for (const name of HEADERS) {
    const value = answer.header(name);
    if (value === null) continue;
    const shown = name === 'location' ? maskedLocation(value, client.baseUrl) : value;
    headers[name.replace(/-/g, '_')] = redact(shown, secrets);
  }
  const { status } = answer;
  if (answer.big !== undefined && toFile !== undefined) {
    const { file, size } = await bigAnswerFile(answer.big, secrets, type, toFile);
    return { status, headers, data: null, text: null, size, file };
  }
  const size = Buffer.byteLength(answer.text);
  const blank = !/\S/.test(answer.text);
  if (toFile !== undefined && size > toFile.above) {
    // read whole yet over the size (a compressed answer: its Content-Length is the compressed size)
    const masked = blank ? undefined : maskJsonText(answer.text, secrets);
    const parts = masked ?? [redact(answer.text, secrets)];
    const file = await toFile.stash(
      Readable.from(bytesOf(parts)),
      masked === undefined ? textType(type) : JSON_TYPE,
    );
    return { status, headers, data: null, text: null, size, file };
  }
  let data: unknown = null;
  let text: string | null = null;
  if (!blank) {
    try {
      // masked in place: no copy of the parsed answer
      data = maskJson(JSON.parse(answer.text), secrets);
    } catch {
      text = redact(answer.text, secrets);
    }
  }
  return { status, headers, data, text, size };
};

const JSON_TYPE = 'application/json';
const textType = (type: string | null) => type ?? 'text/plain';

/** Parts of text as a file's bytes, about 64 KB at a time. */
function* bytesOf(parts: readonly string[]) {
  let held: string[] = [];
  let length = 0;
  for (const part of parts) {
    held.push(part);
    length += part.length;
    if (length >= 64 * 1024) {
      yield Buffer.from(held.join(''), 'utf8');
      held = [];
      length = 0;
    }
  }
  if (held.length > 0) yield Buffer.from(held.join(''), 'utf8');
}

/**
 * An answer over `toFile.above` bytes as a file (issue 33: never held whole). A JSON list or object is
 * masked item by item as it arrives (`maskJsonStream`) and written to the file as it goes; past the
 * call's limit, or broken off, the file is abandoned and the step fails. Anything else (a CSV export) is
 * read to its end within the limit and its secrets hidden, as a text answer is.
 */
const bigAnswerFile = async (
  big: NonNullable<Exchange['big']>,
  secrets: readonly string[],
  type: string | null,
  toFile: ToFile,
): Promise<{ file: string; size: number }> => {
  const first = firstOf(big.head);
  if (first !== '[' && first !== '{') {
    let text: string;
    try {
      // the rest read to its end within the limit (the connection is closed by `fail`)
      text = await collectBody(big.body, big.limit, () => {}, big.msLeft(), { head: big.head });
    } catch (error) {
      throw big.fail(error);
    }
    const file = await toFile.stash(Readable.from(bytesOf([redact(text, secrets)])), textType(type));
    return { file, size: Buffer.byteLength(text) };
  }
  const masked = maskJsonStream(first, secrets, big.limit);
  let broken: Error | undefined;
  for (const chunk of big.head) masked.stream.write(chunk);
  big.body.on('error', (error) => {
    broken = error;
    masked.stream.destroy(error);
  });
  big.body.pipe(masked.stream);
  const timer = setTimeout(() => big.body.destroy(new BodyTimeout('body timeout')), big.msLeft());
  try {
    const file = await toFile.stash(masked.stream, JSON_TYPE);
    return { file, size: masked.bytes() };
  } catch (error) {
    big.body.unpipe(masked.stream);
    // the answer's own failure (too large, broken off) as the user's error; the file storage's as it came
    const failure = broken ?? masked.raised();
    if (failure !== undefined) throw big.fail(failure);
    big.fail(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
