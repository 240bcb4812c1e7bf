/** A replay's (replay.ts) comparisons of what the sandbox sent back with what the recording shows. */
import { createHmac } from 'node:crypto';
import type { Delivery } from '../../sandbox/server';
import type { RecordedExchange } from '../helpers/recorded';
import { type CompareOptions, compareJson } from './compare';

const HOOK_HEADERS_IGNORED = new Set(['host', 'user-agent', 'content-length']);

/** How the headers of one answer are compared. */
export interface HeaderRules {
  /** Sandbox slug -> recorded slug (a `content-disposition` names the form). */
  slugs: Map<string, string>;
  /** `X-RateLimit-Remaining` compared exactly (else: a number, counted by `countedSince`). */
  exactRemaining: boolean;
  /** Differences in how much this user's bucket went down since its last recorded answer. */
  countedSince: (limit: number, recorded: number, sandbox: number) => string[];
}

/** What compareHeaders reads of an exchange's expectation (replay-rules.ts). */
type HeaderExpectation = { status?: number; headerPatterns?: Record<string, RegExp> };

/** The answer's headers against the recorded ones; returns differences. */
export const compareHeaders = (
  ex: RecordedExchange,
  headers: Headers,
  expectation: HeaderExpectation | undefined,
  rules: HeaderRules,
): string[] => {
  const out: string[] = [];
  const recorded = ex.response.headers;
  const limit = Number(recorded['x-ratelimit-limit']);
  for (const [name, value] of Object.entries(recorded)) {
    const got = headers.get(name);
    if (got === null) {
      out.push(`header ${name} missing (recorded ${JSON.stringify(value)})`);
      continue;
    }
    const pattern = expectation?.headerPatterns?.[name];
    if (pattern !== undefined) {
      if (!pattern.test(got)) out.push(`header ${name} ${JSON.stringify(got)} does not match ${pattern}`);
    } else if (name === 'content-type' || name === 'x-ratelimit-limit') {
      if (got.toLowerCase() !== value.toLowerCase())
        out.push(`header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}`);
    } else if (name === 'content-disposition') {
      let shown = got;
      for (const [from, to] of rules.slugs) shown = shown.split(from).join(to);
      if (shown !== value)
        out.push(`header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}`);
    } else if (name === 'x-ratelimit-remaining') {
      const exact = rules.exactRemaining;
      if (exact ? got !== value : !/^\d+$/.test(got) || Number(got) > limit)
        out.push(
          `header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}${exact ? '' : ` (a number up to ${limit} expected)`}`,
        );
      else if (!exact) out.push(...rules.countedSince(limit, Number(value), Number(got)));
    } else if (name === 'retry-after') {
      const n = Number(got);
      if (!/^\d+$/.test(got) || n < 1 || n > 60)
        out.push(`header retry-after ${JSON.stringify(got)}: seconds 1..60 expected (recorded ${value})`);
    } else if (name === 'x-ratelimit-reset') {
      const now = Date.now() / 1000;
      const n = Number(got);
      if (!/^\d+$/.test(got) || n < now - 1 || n > now + 61)
        out.push(
          `header x-ratelimit-reset ${JSON.stringify(got)}: a Unix time within the next minute expected`,
        );
    }
  }
  if (expectation?.status === undefined) {
    for (const [name] of headers) {
      if (name.startsWith('x-ratelimit-') && !(name in recorded))
        out.push(`header ${name} sent, the recording has none`);
    }
  }
  return out;
};

/**
 * The deliveries the sandbox made for one request against the recorded ones that follow it:
 * same number and order, path and host, the headers that matter, body (and slash escaping),
 * the signature checked against the body. Deliveries to a receiver this recording listens on
 * that the recording does not show are differences too.
 */
export const compareDeliveries = (
  recorded: RecordedExchange[],
  actual: Delivery[],
  all: RecordedExchange[],
  note: string,
  options: CompareOptions,
): string[] => {
  const out: string[] = [];
  const listened = new Set(all.filter((e) => e.kind === 'delivery').map((e) => e.request.path));
  // a delivery that reached no receiver (refused: the dead hook URL) is in the event log, not here
  const reached = actual.filter((d) => d.error === undefined);
  const relevant =
    recorded.length > 0 ? reached : reached.filter((d) => listened.has(new URL(d.url).pathname));
  if (relevant.length !== recorded.length)
    out.push(
      `the sandbox made ${relevant.length} deliveries (${relevant.map((d) => new URL(d.url).pathname).join(', ') || 'none'}), recorded ${recorded.length} (${recorded.map((d) => d.request.path).join(', ') || 'none'})`,
    );
  recorded.forEach((rec, k) => {
    const got = relevant[k];
    if (got === undefined) return;
    const where = `delivery ${k} (${rec.request.path})`;
    const url = new URL(got.url);
    if (url.pathname !== rec.request.path) out.push(`${where}: sent to ${url.pathname}`);
    const host = rec.request.headers.Host;
    if (host !== undefined && url.host !== host) out.push(`${where}: host ${url.host}, recorded ${host}`);
    const headers = new Map(Object.entries(got.headers).map(([k2, v]) => [k2.toLowerCase(), v]));
    for (const [name, value] of Object.entries(rec.request.headers)) {
      const lower = name.toLowerCase();
      if (HOOK_HEADERS_IGNORED.has(lower)) continue;
      const mine = headers.get(lower);
      if (mine === undefined) out.push(`${where}: header ${name} missing`);
      else if (lower === 'x-webhook-signature') {
        const secret = /secret: ([^\s)]+)/.exec(note)?.[1];
        const expected =
          secret === undefined
            ? undefined
            : `sha256=${createHmac('sha256', secret).update(got.body).digest('hex')}`;
        if (!/^sha256=[0-9a-f]{64}$/.test(mine) || (expected !== undefined && mine !== expected))
          out.push(
            `${where}: X-Webhook-Signature ${mine} is not sha256=HMAC(body) with the scenario's secret`,
          );
      } else if (mine !== value)
        out.push(`${where}: header ${name} ${JSON.stringify(mine)}, recorded ${JSON.stringify(value)}`);
    }
    const recordedNames = new Set(Object.keys(rec.request.headers).map((n) => n.toLowerCase()));
    for (const name of headers.keys())
      if (!recordedNames.has(name) && !HOOK_HEADERS_IGNORED.has(name))
        out.push(`${where}: header ${name} sent, not recorded`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(got.body);
    } catch {
      out.push(`${where}: body is not JSON`);
    }
    if (parsed !== undefined)
      out.push(...compareJson(rec.request.body, parsed, options).map((d) => `${where} body ${d}`));
    const raw = rec.request.body_raw ?? '';
    if (raw.includes('\\/') !== got.body.includes('\\/'))
      out.push(
        `${where}: the recorded body ${raw.includes('\\/') ? 'escapes' : 'does not escape'} slashes (\\/), the sandbox's ${got.body.includes('\\/') ? 'does' : 'does not'}`,
      );
  });
  return out;
};
