// The published definition of every step, as the built zip answers `definition`, compared with
// `scripts/definition.snapshot.json` (taken from the zip before the architecture rework of issue 14).
// Live Zaps store these keys, labels, inputs and samples: a refactor must not change one of them.
// A step in the snapshot must come back identical; a step not in it is new (listed, allowed).
// The intended differences: `search` hints on id inputs (SEARCH_HINTS below) and `canPaginate` on the
// two submission triggers (PAGINATED_TRIGGERS, issue 15 item 7).
//   UPDATE_DEFINITION_SNAPSHOT=1 npm run check:zapier   (re-take the snapshot from the built zip, on purpose)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

export const SNAPSHOT = join(__dirname, 'definition.snapshot.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Function references (`$func$2$f$`) name a position in the bundle, not behaviour: compared as one token. */
export const normalize = (value: unknown): Json => {
  if (typeof value === 'string') return value.startsWith('$func$') ? '$func$' : value;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const key of Object.keys(value).sort())
      out[key] = normalize((value as Record<string, unknown>)[key]);
    return out;
  }
  return value as Json;
};

/** `search` hints added on purpose (issue 14): operation key -> input key -> the search they name. */
export const SEARCH_HINTS: Readonly<Record<string, string>> = {
  submission_id: 'find_submission.id',
  user_id: 'find_member.id',
  invite_id: 'find_invite.id',
};

/**
 * `canPaginate: true` added on purpose (issue 15 item 7: Zapier's Transfer pages through these
 * triggers' history): trigger key -> the only difference allowed, checked to be exactly `true`.
 */
export const PAGINATED_TRIGGERS: ReadonlySet<string> = new Set(['new_submission', 'new_partial_submission']);

/**
 * Removes the intended `canPaginate: true` of a trigger in PAGINATED_TRIGGERS before comparing; given
 * `problems` (the built side), any other value is one (that it is there: test/submissions/transfer.test.ts).
 */
const withoutPaging = (kind: string, key: string, def: Json, problems?: string[]): Json => {
  if (kind !== 'triggers' || !PAGINATED_TRIGGERS.has(key)) return def;
  const op = (def as { operation?: Record<string, Json> }).operation;
  if (!op) return def;
  const { canPaginate, ...rest } = op;
  if (problems !== undefined && canPaginate !== undefined && canPaginate !== true)
    problems.push(`${kind}.${key}: canPaginate ${String(canPaginate)}, expected true`);
  return { ...(def as object), operation: rest } as Json;
};

/** The first path where two normalized values differ (for a readable failure). */
const firstDifference = (a: Json, b: Json, at: string): string | undefined => {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, Json>)[key] ?? null,
        (b as Record<string, Json>)[key] ?? null,
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 120)} (snapshot: ${JSON.stringify(b)?.slice(0, 120)})`;
};

const KINDS = ['triggers', 'creates', 'searches', 'searchOrCreates'] as const;

/** Removes the intended `search` hints (each checked to name the right search) before comparing. */
const withoutHints = (operationKey: string, def: Json, problems: string[]): Json => {
  const op = (def as { operation?: { inputFields?: Json[] } }).operation;
  if (!op?.inputFields) return def;
  const inputFields = op.inputFields.map((field) => {
    if (field === null || typeof field !== 'object' || Array.isArray(field) || !('search' in field))
      return field;
    const { search, ...rest } = field;
    const expected = SEARCH_HINTS[String(field.key)];
    if (search !== expected)
      problems.push(
        `${operationKey}.${String(field.key)}: search hint ${String(search)}, expected ${expected}`,
      );
    return rest;
  });
  return { ...(def as object), operation: { ...(op as object), inputFields } } as Json;
};

/** Differences between the built definition and the snapshot, in words; empty when they match. */
export const compareDefinition = (
  built: unknown,
  snapshot: unknown,
): { problems: string[]; added: string[] } => {
  const now = normalize(built) as Record<string, Record<string, Json>>;
  const before = normalize(snapshot) as Record<string, Record<string, Json>>;
  const problems: string[] = [];
  const added: string[] = [];
  const auth = firstDifference(now.authentication ?? null, before.authentication ?? null, 'authentication');
  if (auth) problems.push(`differs from the snapshot at ${auth}`);
  for (const kind of KINDS) {
    const was = before[kind] ?? {};
    const is = now[kind] ?? {};
    for (const key of Object.keys(was)) {
      if (!(key in is)) problems.push(`${kind}.${key} is missing`);
      else {
        const found = firstDifference(
          withoutHints(`${kind}.${key}`, withoutPaging(kind, key, is[key] ?? null, problems), problems),
          // a re-taken snapshot holds the hints and the paging too: compared without them on both sides
          withoutHints(`${kind}.${key}`, withoutPaging(kind, key, was[key] ?? null), []),
          `${kind}.${key}`,
        );
        if (found) problems.push(`differs from the snapshot at ${found}`);
      }
    }
    for (const key of Object.keys(is)) if (!(key in was)) added.push(`${kind}.${key}`);
  }
  return { problems, added };
};

export const readSnapshot = (): unknown => JSON.parse(readFileSync(SNAPSHOT, 'utf8'));

/** Re-takes the snapshot from a built definition (`UPDATE_DEFINITION_SNAPSHOT=1 npm run check:zapier`). */
export const writeSnapshot = (built: unknown) =>
  writeFileSync(SNAPSHOT, `${JSON.stringify(normalize(built), null, 2)}\n`);
