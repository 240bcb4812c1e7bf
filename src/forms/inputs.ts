/** Input schemas of the form steps (Find Form). */
import * as z from 'zod/mini';

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const HINT = 'must be a form slug, UUID or id, such as contact-us-3fa2b1 (letters, digits, - and _ only)';

/** The slug in a share link such as `https://opnform.com/forms/contact-us-3fa2b1`. */
const slugFromLink = (text: string): string | undefined => {
  try {
    const segments = new URL(text).pathname.split('/').filter((s) => s !== '');
    const at = segments.indexOf('forms');
    return at === -1 ? undefined : decodeURIComponent(segments[at + 1] ?? '');
  } catch {
    return undefined;
  }
};

/**
 * A form by slug, UUID or numeric id, or the form's share link (its slug is taken from it). Only
 * letters, digits, `-` and `_` pass, so the value is one path segment: no slash, no dot segment.
 */
export const FormRef = z.pipe(
  z.union([z.string(), z.number()], { error: HINT }),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    const candidate = /^https?:\/\//i.test(text) ? slugFromLink(text) : text;
    if (candidate !== undefined && SLUG.test(candidate)) return candidate;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: text === '' ? HINT : `${HINT}; got ${JSON.stringify(text.slice(0, 60))}`,
    });
    return z.NEVER;
  }),
);
