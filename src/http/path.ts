/** A path relative to the OpnForm base URL, built only by the `path` template below. */
export type ApiPath = string & { readonly __apiPath: unique symbol };

/**
 * Tagged template for API paths: every interpolated value is one URL-encoded path segment.
 * `path\`/open/forms/${id}/submissions\`` can never be steered elsewhere by an id such as `../x`
 * or `a/b`: slashes are encoded and dot segments (which URL parsers resolve) are refused.
 */
export const path = (strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): ApiPath => {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const text = String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new Error(`Refusing to build an OpnForm path with the segment "${text}".`);
    }
    out += encodeURIComponent(text) + (strings[i + 1] ?? '');
  });
  return out as ApiPath;
};

/**
 * A path from decoded segments (API Request: a path the user typed, split and decoded by its input
 * rule), each encoded as one segment exactly as the `path` template encodes a value: a `/` inside a
 * segment stays data, and empty or dot segments are refused. No segment at all is the base URL itself.
 */
export const pathOf = (segments: readonly string[]): ApiPath => {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new Error(`Refusing to build an OpnForm path with the segment "${segment}".`);
    }
  }
  return `/${segments.map(encodeURIComponent).join('/')}` as ApiPath;
};

export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** Joins a normalised base URL (no trailing slash) with a path and an optional query. */
export const joinUrl = (baseUrl: string, apiPath: ApiPath, query?: Query): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${apiPath}${search === '' ? '' : `?${search}`}`;
};
