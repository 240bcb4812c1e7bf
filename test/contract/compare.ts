/**
 * Compares a sandbox answer with a recorded one: structure (keys and value types, recursively;
 * arrays element by element) and values. Values that cannot be equal between two servers
 * (timestamps, UUIDs, signed-link signatures, random slugs and sample values) are compared by
 * their type and format instead; everything else must be equal. Returns readable differences.
 */

export interface CompareOptions {
  /**
   * Paths (`$.data[0].created_at`, matched as regular expressions against the whole path) whose
   * values are compared by type only (documented per exchange in the contract test).
   */
  typeOnly?: RegExp[];
  /** Strings replaced in sandbox values before comparing (a created form's slug -> the recorded one). */
  rewrite?: Map<string, string>;
  /** Recorded signed link -> the sandbox's link at the same place (filled while comparing). */
  links?: Map<string, string>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Keys whose values are moments in time (`date`: an integration event): compared by format only. */
const TIME_KEY = /(^|_)(at|until)$|^(created_at|updated_at|expires_at|valid_until|last_edited_human|date)$/;

/** The format of a timestamp text, or undefined when it is not one. */
export const timeFormat = (text: string): string | undefined => {
  const formats: Array<[string, RegExp]> = [
    ['ISO 8601 with microseconds (Y-m-d\\TH:i:s.uuuuuu\\Z)', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/],
    ['ISO 8601 with milliseconds (Y-m-d\\TH:i:s.vZ)', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/],
    ['ISO 8601 with offset (Y-m-d\\TH:i:sP)', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/],
    ['Y-m-d H:i:s', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/],
    ['Y-m-d H:i', /^\d{4}-\d\d-\d\d \d\d:\d\d$/],
  ];
  return formats.find(([, re]) => re.test(text))?.[0];
};

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/** A signed link: `expires` and `signature` query values (their values differ between servers). */
const signedUrl = (text: string): URL | undefined => {
  if (!/^https?:\/\//.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.searchParams.has('signature') ? url : undefined;
  } catch {
    return undefined;
  }
};

/** The file-name part of a file link, decoded (`.../file/<base64url of the stored name>`). */
const decodedFilePath = (url: URL) =>
  url.pathname.replace(/\/file\/([A-Za-z0-9_-]+)$/, (_whole, b64: string) => {
    const name = Buffer.from(b64, 'base64url').toString('utf8');
    return `/file/${name.replace(UUID, '<uuid>')}`;
  });

const normalise = (text: string) => text.replace(UUID, '<uuid>');

export const compareSignedUrl = (recorded: URL, actual: URL): string | undefined => {
  if (recorded.origin !== actual.origin) return `link origin ${actual.origin}, recorded ${recorded.origin}`;
  if (decodedFilePath(recorded) !== decodedFilePath(actual))
    return `link path ${actual.pathname}, recorded ${recorded.pathname}`;
  const keys = (u: URL) => [...u.searchParams.keys()].sort().join('&');
  if (keys(recorded) !== keys(actual)) return `link query keys ${keys(actual)}, recorded ${keys(recorded)}`;
  if (!/^\d+$/.test(actual.searchParams.get('expires') ?? '')) return 'link expires is not a Unix time';
  if (!/^[0-9a-f]{64}$/.test(actual.searchParams.get('signature') ?? ''))
    return 'link signature is not 64 hex digits';
  return undefined;
};

const compareString = (
  recorded: string,
  actual: string,
  key: string,
  options: CompareOptions,
): string | undefined => {
  if (recorded === actual) return undefined;
  const rURL = signedUrl(recorded);
  const aURL = signedUrl(actual);
  if (rURL !== undefined) {
    if (aURL === undefined) return `a signed link was recorded (${show(recorded)}), sandbox ${show(actual)}`;
    options.links?.set(`${rURL.pathname}${rURL.search}`, actual);
    return compareSignedUrl(rURL, aURL);
  }
  const rTime = timeFormat(recorded);
  if (rTime !== undefined && TIME_KEY.test(key)) {
    const aTime = timeFormat(actual);
    return aTime === rTime
      ? undefined
      : `time ${show(actual)} (${aTime ?? 'no known format'}), recorded ${rTime}`;
  }
  if (key === 'last_edited_human') return undefined;
  if (normalise(recorded) === normalise(actual)) return undefined;
  if (key === 'photo_url' && actual.startsWith('https://www.gravatar.com/avatar/')) return undefined;
  return `${show(actual)}, recorded ${show(recorded)}`;
};

/** Differences between a recorded JSON value and the sandbox's, one line each (path: what). */
export const compareJson = (
  recorded: unknown,
  actual: unknown,
  options: CompareOptions = {},
  path = '$',
): string[] => {
  const typeOnly = options.typeOnly?.some((re) => re.test(path)) ?? false;
  const rk = kind(recorded);
  const ak = kind(actual);
  if (rk !== ak) return [`${path}: sandbox ${ak} ${show(actual)}, recorded ${rk} ${show(recorded)}`];
  if (typeOnly && rk !== 'object' && rk !== 'array') return [];
  if (rk === 'array') {
    const r = recorded as unknown[];
    const a = actual as unknown[];
    const out: string[] = [];
    if (r.length !== a.length && !typeOnly)
      out.push(`${path}: sandbox has ${a.length} items, recorded ${r.length}`);
    for (let i = 0; i < Math.min(r.length, a.length); i++)
      out.push(...compareJson(r[i], a[i], options, `${path}[${i}]`));
    return out;
  }
  if (rk === 'object') {
    const r = recorded as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const out: string[] = [];
    const missing = Object.keys(r).filter((k) => !(k in a));
    const extra = Object.keys(a).filter((k) => !(k in r));
    if (!typeOnly) {
      if (missing.length > 0) out.push(`${path}: keys missing in the sandbox: ${missing.join(', ')}`);
      if (extra.length > 0) out.push(`${path}: keys the recording does not have: ${extra.join(', ')}`);
    }
    for (const k of Object.keys(r)) if (k in a) out.push(...compareJson(r[k], a[k], options, `${path}.${k}`));
    return out;
  }
  if (rk === 'string') {
    let text = actual as string;
    for (const [from, to] of options.rewrite ?? []) text = text.split(from).join(to);
    const key = path.replace(/^.*\./, '').replace(/\[\d+\]$/, '');
    const diff = compareString(recorded as string, text, key, options);
    return diff === undefined ? [] : [`${path}: ${diff}`];
  }
  return recorded === actual ? [] : [`${path}: sandbox ${show(actual)}, recorded ${show(recorded)}`];
};

/** Splits CSV text into rows of cells (RFC 4180 quoting; the text may end in a cut row). */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, `${cell}…`]);
  return rows;
};

/**
 * A CSV export against the recorded text (cut at 2000 characters): the BOM, the header row, and
 * every complete recorded row cell by cell (the encoded id column by format, times by format,
 * signed links by shape); the sandbox may not stop where the recording was cut.
 */
export const compareCsv = (recorded: string, actual: string, options: CompareOptions = {}): string[] => {
  const out: string[] = [];
  if (recorded.startsWith('\ufeff') !== actual.startsWith('\ufeff'))
    out.push(`CSV: the recording ${recorded.startsWith('\ufeff') ? 'starts' : 'does not start'} with a BOM`);
  const cut = recorded.length >= 1990;
  const r = parseCsv(recorded.replace(/^\ufeff/, ''));
  const a = parseCsv(actual.replace(/^\ufeff/, ''));
  const complete = r.filter((row) => !row[row.length - 1]?.endsWith('…'));
  if (!cut && r.length !== a.length) out.push(`CSV: sandbox has ${a.length} rows, recorded ${r.length}`);
  if (cut && a.length < complete.length)
    out.push(`CSV: sandbox has ${a.length} rows, recorded at least ${complete.length}`);
  complete.forEach((row, i) => {
    const other = a[i];
    if (other === undefined) return;
    if (row.length !== other.length) {
      out.push(`CSV row ${i}: sandbox ${show(other)}, recorded ${show(row)}`);
      return;
    }
    row.forEach((cell, j) => {
      const got = other[j] ?? '';
      if (i > 0 && j === 0 && r[0]?.[0] === 'id') {
        if (!/^[A-Za-z0-9]+$/.test(got)) out.push(`CSV row ${i} id: ${show(got)} is not an encoded id`);
        return;
      }
      if (cell.includes('signature=')) {
        const rl = cell.split(', ');
        const al = got.split(', ');
        if (rl.length !== al.length)
          out.push(`CSV row ${i} col ${j}: ${al.length} links, recorded ${rl.length}`);
        rl.forEach((link, k) => {
          const diff = compareJson(link, al[k] ?? '', options, `CSV row ${i} col ${j} link ${k}`);
          out.push(...diff);
        });
        return;
      }
      out.push(...compareJson(cell, got, options, `CSV row ${i}.${r[0]?.[j] ?? `col ${j}`}`));
    });
  });
  return out;
};
