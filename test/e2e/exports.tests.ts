// Exports end to end against the sandbox, which behaves like a real OpnForm server: at most 1000
// submissions per export request, background jobs above that whose status no token can read. The
// large seeded form (1200 submissions) is exported through the new path: its ids listed 100 per
// page, exported in 2 requests, joined into one file. A spec-like sandbox (`exportStatusForTokens`)
// keeps the background-job path tested.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { op, run, type StepPath } from '../helpers/app';
import { MODES, modeOptions, useSandbox } from './helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));

  interface Stashed {
    name?: string;
    text: string;
    kind: string;
  }

  /** A stand-in for z.stashFile (Zapier's RPC): reads the stream it is given and keeps the text. */
  const stashing = (files: Stashed[], method: StepPath) => (z: ZObject, bundle: Bundle) => {
    (z as { stashFile: unknown }).stashFile = async (input: unknown, _l?: number, name?: string) => {
      let text = '';
      const kind = input instanceof Readable ? 'stream' : typeof input;
      if (input instanceof Readable) for await (const chunk of input) text += String(chunk);
      files.push({ name, text, kind });
      return `https://stash.example.org/${name}`;
    };
    return (op(method) as (z: ZObject, bundle: Bundle) => Promise<unknown>)(z, bundle);
  };

  const on = <T>(
    s: Sandbox,
    perform: (z: ZObject, bundle: Bundle) => unknown,
    inputData: Record<string, unknown>,
  ) =>
    run(perform, inputData, {
      authData: { base_url: s.baseUrl, api_key: s.tokens.admin },
    }) as Promise<T>;

  const EXPORT = 'creates.export_submissions.operation.perform';

  /** Exports a form of the shared sandbox (request log reset first): the output and the stashed files. */
  const exportForm = async (formId: number, extra: Record<string, unknown> = {}) => {
    const s = sandbox();
    s.resetRequests();
    const files: Stashed[] = [];
    const out = await on<Record<string, unknown>>(s, stashing(files, EXPORT), {
      workspace_id: s.ids.workspaceId,
      form_id: formId,
      ...extra,
    });
    return { s, out, files };
  };
  const FIND = 'searches.find_export.operation.perform';
  const records = (text: string) => parse(text, { bom: true, relax_column_count: true }) as string[][];
  const of = (s: Sandbox, formId: number) => s.state.submissions.filter((x) => x.form_id === formId);
  const sent = (s: Sandbox) =>
    s
      .requests()
      .filter((r) => !r.path.startsWith('/__sandbox/'))
      .map((r) => `${r.method} ${r.path}${r.query === '' ? '' : `?${r.query}`}`);

  test('the small form: one export request, its CSV streamed whole (2 requests)', async () => {
    const s = sandbox();
    const { formId, workspaceId } = s.ids;
    s.resetRequests();
    const files: Stashed[] = [];
    const out = await on<{ rows: number; mode: string; file_name: string; chunks: number }>(
      s,
      stashing(files, EXPORT),
      {
        workspace_id: workspaceId,
        form_id: formId,
      },
    );
    expect([out.mode, out.rows, out.chunks]).toEqual(['sync', of(s, formId).length, 1]);
    expect(files.map((f) => [f.kind, f.name])).toEqual([['stream', out.file_name]]);
    expect(records(files[0]?.text ?? '').length - 1).toBe(of(s, formId).length);
    expect(sent(s)).toEqual([`GET /open/forms/${formId}`, `POST /open/forms/${formId}/submissions/export`]);
  });

  test('the large form (1200): 12 list pages, 2 exports by id, ONE file with one BOM, one header, 1200 rows', async () => {
    const largeFormId = sandbox().ids.largeFormId;
    const { s, out, files } = await exportForm(largeFormId);
    expect(out).toMatchObject({
      mode: 'sync',
      status: 'completed',
      rows: 1200,
      total_submissions: 1200,
      chunks: 2,
    });
    expect(files).toHaveLength(1);
    const text = files[0]?.text ?? '';
    expect(text.split('\uFEFF')).toHaveLength(2);
    const rows = records(text);
    expect(rows.filter((r) => r[0] === 'id')).toHaveLength(1);
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1200);
    const pages = Array.from(
      { length: 12 },
      (_, i) => `GET /open/forms/${largeFormId}/submissions?page=${i + 1}&per_page=100`,
    );
    expect(sent(s)).toEqual([
      `GET /open/forms/${largeFormId}`,
      ...pages,
      `POST /open/forms/${largeFormId}/submissions/export`,
      `POST /open/forms/${largeFormId}/submissions/export`,
    ]);
  });

  test('the newest 250 completed submissions of the large form: 3 pages, 1 export', async () => {
    const { s, out } = await exportForm(sandbox().ids.largeFormId, { newest: 250, status: 'completed' });
    expect([out.rows, out.chunks]).toEqual([250, 1]);
    expect(sent(s)).toHaveLength(5);
  });

  describe('a spec-like server (export status readable by tokens)', () => {
    test('over 5000: background job polled to completion, file rows = submissions; Find Export finds it; [] when unknown', async () => {
      process.env.OPNFORM_EXPORT_POLL_MS = '50';
      const spec = await startSandbox({
        ...modeOptions(mode),
        largeFormSubmissions: 5001,
        exportStatusForTokens: true,
        exportPollDelayMs: 100,
      });
      try {
        const input = { workspace_id: spec.ids.workspaceId, form_id: spec.ids.largeFormId };
        const files: Stashed[] = [];
        const out = await on<Record<string, unknown>>(spec, stashing(files, EXPORT), input);
        expect(out).toMatchObject({ mode: 'async', status: 'completed', rows: 5001 });
        expect(records(files[0]?.text ?? '')).toHaveLength(5002);
        const [found] = await on<Array<Record<string, unknown>>>(spec, op(FIND), {
          ...input,
          job_id: out.job_id,
        });
        expect(found).toMatchObject({ status: 'completed', job_id: out.job_id, mode: 'async' });
        await expect(on(spec, op(FIND), { ...input, job_id: 'no-such-job' })).resolves.toEqual([]);
      } finally {
        delete process.env.OPNFORM_EXPORT_POLL_MS;
        await spec.close();
      }
    });
  });
});
