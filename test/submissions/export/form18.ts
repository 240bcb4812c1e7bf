// Form 18 (the async-exports recording's form) as the export suites mock it: its reads, its pages
// of submissions (each read costing time on the fake clock) and the exports of 1001 of them.
import type nock from 'nock';
import { api } from '../../helpers/recorded';
import {
  asyncExports,
  COLUMNS_18,
  csv18,
  exportScope,
  form18,
  item18,
  N,
  NAME,
  page18,
  useFakeClock,
} from './fixtures';

export const formScope = (form: unknown, id: number) =>
  api()
    .get(`/open/forms/${id}`)
    .reply(200, form as nock.Body);
export const input18 = (extra: Record<string, unknown> = {}) => ({
  workspace_id: 6,
  form_id: 18,
  columns: [NAME, N, 'created_at'],
  ...extra,
});

export const range = (from: number, to: number) => {
  const out: number[] = [];
  for (let n = from; n >= to; n -= 1) out.push(n);
  return out;
};
export const ids = (ns: number[]) => ns.map((n) => 2066 + n);
export const CHUNK_ANSWER = asyncExports.exchange(7);

/** The suite's fake clock (`useFakeClock()`) and the scopes that cost time on it. */
export const useForm18 = () => {
  const clock = useFakeClock();
  /** Pages 1..k of form 18 (newest first, `total` submissions), each read costing `ms` on the fake clock. */
  const pages18 = (total: number, pages: number, query: Record<string, string> = {}, ms = 300) => {
    let scope = api();
    for (let page = 1; page <= pages; page += 1) {
      const ns: number[] = [];
      for (let n = total - (page - 1) * 100; n > Math.max(0, total - page * 100); n -= 1) ns.push(n);
      scope = scope
        .get('/open/forms/18/submissions')
        .query({ page: String(page), per_page: '100', ...query })
        .reply(() => {
          clock.advance(ms);
          return [
            200,
            page18(
              ns.map((n) => item18(n)),
              page,
              total,
            ),
          ];
        }) as unknown as nock.Scope;
    }
    return scope;
  };
  /** Form 18 with 1001 submissions: its 11 pages and the export of the newest 1000 ids (no form read). */
  const list1001 = () => {
    const list = pages18(1001, 11);
    const first = exportScope(
      18,
      { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) },
      CHUNK_ANSWER,
      () => csv18(range(1001, 2)),
    );
    return [list, first] as const;
  };
  const listed1001 = () => {
    const form = formScope(form18(), 18);
    return [form, ...list1001()] as const;
  };
  /** The export of the oldest of the 1001 (id 2067). */
  const last1001 = () =>
    exportScope(18, { columns: COLUMNS_18, submissionIds: [2067] }, CHUNK_ANSWER, () => csv18([1]));
  return { clock, pages18, list1001, listed1001, last1001 };
};
