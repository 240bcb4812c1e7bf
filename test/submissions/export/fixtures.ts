/**
 * Export fixtures built from the recordings (`exports--*`, `limits--rate-limit-429`): the real
 * server's answers, with the requests the connector sends. Form 18 (1001 submissions) is only listed
 * with `per_page=1` in the recordings: its pages of 100 are made from that recorded item.
 */
import { Readable } from 'node:stream';
import type nock from 'nock';
import { clock } from '../../../src/shared/budget';
import { exportClock } from '../../../src/submissions/export/time';
import { BASE } from '../../helpers/app';
import { type RecordedExchange, recorded } from '../../helpers/recorded';
import { api } from '../../helpers/scopes';

export const syncCsv = recorded('exports--sync-csv');
export const asyncExports = recorded('exports--async-and-status');
export const limits = recorded('limits--rate-limit-429');

/** The export POST is streamed: it accepts CSV or JSON. */
export const exportApi = () => api(BASE, { headers: { accept: 'text/csv, application/json' } });

/** An export POST answered with a recorded answer (body replaced when given). */
export const exportScope = (formId: number, body: unknown, ex: RecordedExchange, answer?: () => Readable) =>
  exportApi()
    .post(`/open/forms/${formId}/submissions/export`, body as nock.RequestBodyMatcher)
    .reply(ex.response.status, answer ?? (ex.response.body as nock.Body), ex.response.headers);

/** Recorded form 6 as read (0/1 booleans of the sqlite server included; `submissions_count` 5, while its export has 9 rows). */
export const FORM_6 = recorded('forms--update-form').exchange(3).response.body as Record<string, unknown>;

export const NAME = 'aaaaaaaa-0000-4000-8000-000000000001';
export const N = 'aaaaaaaa-0000-4000-8000-000000000002';
/** Form 18 as the form read shows it: the recorded form 13 answer with form 18's id, slug and questions. */
export const form18 = (submissions = 1001) => ({
  ...(recorded('forms--get-form').exchange(1).response.body as Record<string, unknown>),
  id: 18,
  slug: 'large-form-h6fdmj',
  title: 'Large Form',
  submissions_count: submissions,
  enable_partial_submissions: false,
  properties: [
    { id: NAME, type: 'text', name: 'Name', required: true },
    { id: N, type: 'number', name: 'N' },
  ],
});

const recordedItem = asyncExports.exchange(0).response.body as { data: Array<Record<string, unknown>> };
const ITEM = recordedItem.data[0] as { data: Record<string, unknown> };

/** Submission `n` of form 18 (1 oldest): id 2066 + n, as recorded (3067 is Person 1001). */
export const item18 = (n: number, createdAt = '2026-11-23 17:25:29', status = 'completed') => ({
  ...ITEM,
  id: 2066 + n,
  data: { ...ITEM.data, [NAME]: `Person ${n}`, [N]: n, status, created_at: createdAt, id: 2066 + n },
});

/** A list page of 100 in the real server's envelope (links without per_page, meta with the total). */
export const page18 = (items: unknown[], page: number, total: number) => ({
  data: items,
  links: {
    first: `${BASE}/open/forms/18/submissions?page=1`,
    last: `${BASE}/open/forms/18/submissions?page=${Math.max(1, Math.ceil(total / 100))}`,
    prev: page > 1 ? `${BASE}/open/forms/18/submissions?page=${page - 1}` : null,
    next: page * 100 < total ? `${BASE}/open/forms/18/submissions?page=${page + 1}` : null,
  },
  meta: {
    current_page: page,
    from: (page - 1) * 100 + 1,
    last_page: Math.max(1, Math.ceil(total / 100)),
    path: `${BASE}/open/forms/18/submissions`,
    per_page: 100,
    to: (page - 1) * 100 + items.length,
    total,
  },
});

/** The recorded CSV header of form 18 (Name, N, created_at) and rows like the recorded ones. */
export const CSV_HEADER_18 = '"id","Name","N","created_at"\n';
export const csvRow18 = (n: number) => `"enc${n}","Person ${n}","${n}","2026-11-23 17:25"\n`;
export const csv18 = (ns: readonly number[]) =>
  Readable.from([`\uFEFF${CSV_HEADER_18}`, ...ns.map(csvRow18)].map((s) => Buffer.from(s)));

export const COLUMNS_18 = { [NAME]: true, [N]: true, created_at: true };

/** A fake clock for the export steps and the step budget: `advance(ms)`; sleeping advances it too. */
export const useFakeClock = () => {
  const real = { sleep: exportClock.sleep, now: clock.now };
  let now = 1_800_000_000_000;
  beforeEach(() => {
    clock.now = () => now;
    exportClock.sleep = async (ms) => {
      now += ms;
    };
  });
  afterEach(() => {
    clock.now = real.now;
    exportClock.sleep = real.sleep;
  });
  return {
    advance: (ms: number) => {
      now += ms;
    },
  };
};
