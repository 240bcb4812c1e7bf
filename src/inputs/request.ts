/**
 * API Request's input rules (pure: nothing here knows the connection). Every refusal names what is
 * allowed and never repeats the value (a body or a query may hold a secret).
 */
import * as z from 'zod/mini';
import { lazy } from '../schemas/lazy';
import { jsonDepth, MAX_JSON_DEPTH } from '../shared/json-depth';
import { SECRET_FIELD } from '../shared/secret-forms';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RequestMethod = (typeof METHODS)[number];

/** The longest path and body accepted (a body of a whole form read back is a few hundred KB). */
const MAX_PATH = 2000;
const MAX_BODY = 5 * 1024 * 1024;

/** Why an input is refused: a sentence after "<Label> (<key>)". */
class Refusal {
  constructor(readonly why: string) {}
}
const refuse = (why: string) => new Refusal(why);

const WHOLE_URL =
  'must be a path relative to the OpnForm URL of your connection, not a whole URL: requests go only there ' +
  '(for https://api.opnform.com/open/forms enter /open/forms)';

/** Why a typed path is refused (`Refusal`), or its segments, decoded (each is sent as one encoded segment). */
const pathSegments = (value: unknown): string[] | Refusal => {
  if (typeof value !== 'string' && typeof value !== 'number')
    return refuse('must be text, such as /open/workspaces');
  const typed = String(value).trim();
  if (typed === '') return refuse('is required: a path such as /open/workspaces');
  if (typed.length > MAX_PATH) return refuse(`must be at most ${MAX_PATH} characters`);
  if (typed.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(typed)) return refuse(WHOLE_URL);
  if (typed.includes('\\')) return refuse('must not contain a backslash (\\); use /');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  if (/[\s\u0000-\u001f\u007f]/.test(typed))
    return refuse('must not contain spaces or control characters (write a space as %20)');
  if (typed.includes('?'))
    return refuse('must not contain a query (?...): put its parameters in Query String Parameters');
  if (typed.includes('#')) return refuse('must not contain a fragment (#...)');
  const parts = (typed.startsWith('/') ? typed.slice(1) : typed).replace(/\/$/, '').split('/');
  if (parts.length === 1 && parts[0] === '') return [];
  const segments: string[] = [];
  for (const part of parts) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return refuse('has a % that is not followed by two hexadecimal digits of a valid encoding');
    }
    if (part === '') return refuse('must not contain an empty segment (//)');
    if (segment === '.' || segment === '..')
      return refuse('must not contain "." or ".." segments (encoded or not)');
    if (/[/\\]/.test(segment)) return refuse('must not contain an encoded / or \\ (%2F, %5C)');
    // a server or proxy that decodes twice would read these as "..", "/" or "\\"
    if (/%(2e|2f|5c)/i.test(segment))
      return refuse('must not contain a doubly encoded ".", "/" or "\\" (%252E, %252F, %255C)');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
    if (/[\u0000-\u001f\u007f]/.test(segment)) return refuse('must not contain encoded control characters');
    segments.push(segment);
  }
  return segments;
};

/** Query String Parameters: text values by name; none refused for its value, a secret's name refused. */
const queryOf = (value: unknown): Record<string, string> | Refusal => {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) return refuse('must be name and value pairs');
  const out: Record<string, string> = {};
  for (const [rawKey, item] of Object.entries(value as Record<string, unknown>)) {
    const key = rawKey.trim();
    if (key === '') return refuse('must not have an empty name');
    // a secret never goes in a URL (servers and logs keep URLs)
    if (SECRET_FIELD.test(key)) {
      return refuse(
        `must not carry "${key.slice(0, 40)}": a secret never goes in a URL (servers and logs keep URLs); send it in the Body`,
      );
    }
    if (item === null || item === undefined) continue;
    if (!['string', 'number', 'boolean'].includes(typeof item))
      return refuse(`"${key.slice(0, 40)}" must be one text value`);
    out[key] = String(item);
  }
  return out;
};

/** The JSON body as typed (sent as is) and parsed (for its secrets), or why it is refused. */
export interface JsonBody {
  text: string;
  value: unknown;
}

const bodyOf = (value: unknown): JsonBody | undefined | Refusal => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return refuse('must be JSON text, such as {"name": "Marketing"}');
  const text = value.trim();
  if (text === '') return undefined;
  if (text.length > MAX_BODY) return refuse(`must be at most ${MAX_BODY / (1024 * 1024)} MB of JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // the parser's own message may quote the body (a secret): only its position is kept
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    return refuse(
      `is not valid JSON${at === undefined ? '' : ` (at character ${Number(at) + 1})`}: check quotes, commas and brackets`,
    );
  }
  if (parsed === null || typeof parsed !== 'object')
    return refuse('must be a JSON object or list ({...} or [...])');
  const depth = jsonDepth(parsed);
  if (depth > MAX_JSON_DEPTH) {
    return refuse(
      `must nest objects and lists at most ${MAX_JSON_DEPTH} levels deep (OpnForm reads a deeper body as no body); this one nests ${depth}`,
    );
  }
  return { text, value: parsed };
};

const methodOf = (value: unknown): RequestMethod | Refusal => {
  const method = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (METHODS as readonly string[]).includes(method)
    ? (method as RequestMethod)
    : refuse(`must be one of ${METHODS.join(', ')}`);
};

/** Stop on Error: yes unless said otherwise (empty is the default, yes). */
const stopOf = (value: unknown): boolean | Refusal => {
  if (value === undefined || value === null || typeof value === 'boolean') return value !== false;
  const text =
    typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : '?';
  if (['', 'yes', 'true', '1'].includes(text)) return true;
  if (['no', 'false', '0'].includes(text)) return false;
  return refuse('must be yes or no');
};

/** The rule of each input, by key. */
const RULES = { method: methodOf, path: pathSegments, query: queryOf, body: bodyOf, stop_on_error: stopOf };

type Read<F> = F extends (value: unknown) => infer T ? Exclude<T, Refusal> : never;
export type RequestInput = { [K in keyof typeof RULES]: Read<(typeof RULES)[K]> };

/**
 * API Request's input: each key read by its rule, every refusal an issue on its key (so the error names
 * the field), then a body refused with GET.
 */
export const RequestInput = lazy(() =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((data, ctx) => {
      const input: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(RULES)) {
        const out = read(data[key]);
        if (out instanceof Refusal)
          ctx.issues.push({ code: 'custom', input: '', path: [key], message: out.why });
        else input[key] = out;
      }
      if (ctx.issues.length > 0) return z.NEVER;
      const request = input as RequestInput;
      if (request.method === 'GET' && request.body !== undefined) {
        ctx.issues.push({
          code: 'custom',
          input: '',
          path: ['body'],
          message: 'cannot be sent with GET: choose POST, PUT, PATCH or DELETE, or leave Body empty',
        });
        return z.NEVER;
      }
      return request;
    }),
  ),
);
