/**
 * How a secret shows in a text: the parts of it that give it away on their own, and the ways a server
 * writes it (plain text only: the HTTP layer's redaction and the integration failures' masking use them).
 */

/**
 * The parts of a secret that work, or give it away, on their own:
 * - a Sanctum personal access token `<id>|<plain text>`: Sanctum accepts the plain text alone;
 * - a URL with a path or query (a webhook's or another Zap's hook URL: a capability URL): the URL
 *   without its scheme, its path and query, and each query value (API keys travel there). Parts under
 *   8 characters (`/in`, `?a=1`) are no capability and stay readable.
 */
export const partsOf = (secret: string): string[] => {
  const out: string[] = [];
  const bar = secret.indexOf('|');
  if (bar > 0 && /^\d+$/.test(secret.slice(0, bar))) out.push(secret.slice(bar + 1));
  if (/^https?:\/\//i.test(secret)) {
    try {
      const url = new URL(secret);
      const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}`;
      if (rest.length >= 8) {
        out.push(secret.replace(/^https?:\/\//i, ''), `${url.host}${url.pathname}${url.search}`, rest);
        for (const value of url.searchParams.values()) if (value.length >= 8) out.push(value);
      }
    } catch {
      // not a URL after all: the whole value stays the secret
    }
  }
  return out.filter((part) => part.trim().length >= 3);
};

/** PHP's `json_encode` as OpnForm (Laravel) writes it: `/` as `\/`, non-ASCII as `\uXXXX`. */
const phpJson = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The secrets whose other cases and encodings are hidden too: from 8 characters (shorter forms would
 * hide ordinary words) to 4096 (a token, a webhook secret or URL; the forms of a megabyte value would
 * cost seconds in every text, and nothing that long is a credential).
 */
const MIN_ENCODED = 8;
const MAX_ENCODED = 4096;

const urlSafe = (base64: string) =>
  base64
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');

/**
 * The secret in base64, standard and URL-safe: its own encoding, and the part every base64 text that
 * holds it shows wherever it starts (`Basic base64(user:token)`): for each of the three alignments,
 * the characters that depend on the secret's bytes alone (the groups shared with what is around it
 * dropped). The standard forms also as PHP's JSON writes them (`\/`).
 */
const base64Forms = (secret: string): string[] => {
  const bytes = Buffer.from(secret, 'utf8');
  const own = bytes.toString('base64');
  const cores = [0, 1, 2].map((offset) => {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return text.slice(offset === 0 ? 0 : 4, Math.floor((offset + bytes.length) / 3) * 4);
  });
  const standard = [own, own.replace(/={1,2}$/, ''), ...cores];
  return [...standard, ...standard.map((form) => form.replace(/\//g, '\\/')), ...standard.map(urlSafe)];
};

/**
 * The ways a secret can be written in a text: as is, JSON-escaped (JavaScript's and PHP's `\/`),
 * URL-encoded (`%2F`, lower-case hex, `+` for spaces) and URL-encoded inside JSON; a secret of 8 to
 * 4096 characters also upper- and lower-cased, in base64 (standard and URL-safe, `base64Forms`) and
 * in hex (lower and upper case). The longer forms first, so a form holding another is hidden whole.
 */
export const formsOf = (secret: string): string[] => {
  const encoded = encodeURIComponent(secret);
  const hex = Buffer.from(secret, 'utf8').toString('hex');
  const written = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    phpJson(secret),
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    encoded.replace(/%20/g, '+'),
    encodeURI(secret),
    phpJson(encodeURI(secret)),
  ];
  const disguised =
    secret.length < MIN_ENCODED || secret.length > MAX_ENCODED
      ? []
      : [secret.toUpperCase(), secret.toLowerCase(), hex, hex.toUpperCase(), ...base64Forms(secret)].filter(
          (form) => form.length >= MIN_ENCODED,
        );
  return [...new Set([...written, ...disguised])].sort((a, b) => b.length - a.length);
};

/**
 * Keys, at any depth of a value the connector did not shape itself (API Request's query, body and
 * answer), whose values are secrets: a form's `password`, a webhook's `webhook_secret` and
 * `webhook_headers`, integration and hook URLs (`webhook_url`, `slack_webhook_url`, `hookUrl`: capability
 * URLs), any `*token`, `*secret`, `*api_key`. Matched at the end of the key only, so `password_protection`
 * or `secret_input` (plan feature names) keep their values.
 */
export const SECRET_FIELD = /(?:password|passwd|secret|token|api[-_]?key)$|webhook_headers$|hook_?url$/i;
