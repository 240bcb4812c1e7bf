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
 * The ways a secret can be written in a text: as is, JSON-escaped (JavaScript's and PHP's `\/`),
 * URL-encoded (`%2F`, lower-case hex, `+` for spaces) and URL-encoded inside JSON.
 */
export const formsOf = (secret: string): string[] => {
  const encoded = encodeURIComponent(secret);
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      phpJson(secret),
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      encoded.replace(/%20/g, '+'),
      encodeURI(secret),
      phpJson(encodeURI(secret)),
    ]),
  ];
};

/**
 * Keys, at any depth of a value the connector did not shape itself (API Request's query, body and
 * answer), whose values are secrets: a form's `password`, a webhook's `webhook_secret` and
 * `webhook_headers`, integration and hook URLs (`webhook_url`, `slack_webhook_url`, `hookUrl`: capability
 * URLs), any `*token`, `*secret`, `*api_key`. Matched at the end of the key only, so `password_protection`
 * or `secret_input` (plan feature names) keep their values.
 */
export const SECRET_FIELD = /(?:password|passwd|secret|token|api[-_]?key)$|webhook_headers$|hook_?url$/i;
