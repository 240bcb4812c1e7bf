/**
 * The bodies OpnForm's integration handlers send: PHP's `json_encode` (Zapier: its defaults, slashes
 * and non-ASCII escaped; webhooks: `JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES`) and the
 * webhook signature (`sha256=<hex HMAC-SHA256 of the exact body>`).
 */
import { createHmac } from 'node:crypto';

const escapeString = (text: string, options: { slashes: boolean; unicode: boolean }) => {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '/') out += options.slashes ? '\\/' : '/';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0x7e && options.unicode) {
      // PHP escapes every non-ASCII character, astral ones as a surrogate pair
      for (let i = 0; i < ch.length; i++)
        out += `\\u${(ch.charCodeAt(i) as number).toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}"`;
};

/**
 * PHP's `json_encode`: `escapeSlashes`/`escapeUnicode` are its defaults (true) unless
 * `JSON_UNESCAPED_SLASHES`/`JSON_UNESCAPED_UNICODE` is given. An empty object is `[]` (a PHP array).
 */
export const phpJson = (
  value: unknown,
  options: { escapeSlashes: boolean; escapeUnicode: boolean },
): string => {
  const o = { slashes: options.escapeSlashes, unicode: options.escapeUnicode };
  const walk = (node: unknown): string => {
    if (node === null || node === undefined) return 'null';
    if (typeof node === 'string') return escapeString(node, o);
    if (typeof node === 'number') return Number.isFinite(node) ? JSON.stringify(node) : '0';
    if (typeof node === 'boolean') return node ? 'true' : 'false';
    if (Array.isArray(node)) return `[${node.map(walk).join(',')}]`;
    const entries = Object.entries(node as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '[]';
    return `{${entries.map(([k, v]) => `${escapeString(k, o)}:${walk(v)}`).join(',')}}`;
  };
  return walk(value);
};

/** The body OpnForm POSTs to a Zapier hook (Guzzle's `json` option: PHP defaults). */
export const zapierBody = (payload: unknown) =>
  phpJson(payload, { escapeSlashes: true, escapeUnicode: true });
/** The body OpnForm POSTs to a generic webhook (and signs). */
export const webhookBody = (payload: unknown) =>
  phpJson(payload, { escapeSlashes: false, escapeUnicode: false });

export const signature = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
