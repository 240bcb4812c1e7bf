// The scale benchmark's parts (harness/scale-*.ts, harness/growth.ts, sandbox/scale-seed.ts,
// sandbox/tls.ts): the growth-law fit, the synthetic seed served as the sandbox serves its own seed,
// the https mode and the byte count, the step list. No timing: the benchmark is `npm run bench -- --scale`.
import { rmSync } from 'node:fs';
import { get } from 'node:https';
import { growthExponent, shownExponent } from '../../harness/growth';
import { dimensionOf, SCALE_STEPS } from '../../harness/scale-steps';
import { type ScaleResult, scaleTables } from '../../harness/scale-table';
import App from '../../index';
import {
  ANSWER_LENGTH,
  answerOf,
  PARTIAL_SUBMISSIONS,
  PARTIALS_BEYOND,
  SCALE_IDS,
  scaleSeed,
} from '../../sandbox/scale-seed';
import { startSandbox } from '../../sandbox/server';
import { selfSignedTls } from '../../sandbox/tls';

const SIZE = { forms: 3, questions: 4, submissions: 130, events: 40, members: 3 };

describe('growth law', () => {
  const at = (f: (x: number) => number) => [10, 100, 1000, 10_000].map((x) => ({ x, y: f(x) }));
  test('the exponent of y = a·x^b is b: constant 0, linear 1, square root 0.5, quadratic 2', () => {
    expect(growthExponent(at(() => 7))).toBeCloseTo(0, 9);
    expect(growthExponent(at((x) => 3 * x))).toBeCloseTo(1, 9);
    expect(growthExponent(at((x) => 5 * Math.sqrt(x)))).toBeCloseTo(0.5, 9);
    expect(growthExponent(at((x) => x * x))).toBeCloseTo(2, 9);
  });
  test('points at 0 are left out; fewer than two distinct sizes have no law', () => {
    expect(growthExponent([{ x: 10, y: 0 }, ...at((x) => 2 * x)])).toBeCloseTo(1, 9);
    expect(growthExponent([{ x: 10, y: 5 }])).toBeUndefined();
    expect(
      growthExponent([
        { x: 10, y: 5 },
        { x: 10, y: 6 },
      ]),
    ).toBeUndefined();
    expect([shownExponent(undefined), shownExponent(0.01), shownExponent(0.96), shownExponent(-0.3)]).toEqual(
      ['-', '0.0', '1.0', '-0.3'],
    );
  });
  test('the table shows each run (429s counted, errors) and each step’s law against its own dimension', () => {
    const run = (size: string, bytes: number) => ({
      size,
      step: 'new_form',
      requests: 1,
      throttled: 0,
      bytesRead: bytes,
      peak: 100 * 2 ** 20,
      outputBytes: 10,
      ms: 200,
    });
    const result: ScaleResult = {
      idlePeak: 90 * 2 ** 20,
      seedMs: {},
      // forms 10 → 100 (xs → s): bytes × 10 is linear in forms
      rows: [
        run('xs', 1000),
        run('s', 10_000),
        { ...run('m', 0), requests: 101, throttled: 2, error: 'a | b' },
      ],
    };
    const text = scaleTables(result);
    expect(text).toContain('| new_form | xs | 1 | 1000 B | 100 | 10 B | 0.2 |  |');
    expect(text).toContain('| new_form | m | 101 (2) | 0 B | 100 | 10 B | 0.2 | a / b |');
    // requests 1, 1, 101 over forms 10, 100, 1000; bytes 1000, 10000 (m's 0 left out); peak constant
    expect(text).toContain(
      `| new_form | forms | ${shownExponent(
        growthExponent([
          { x: 10, y: 1 },
          { x: 100, y: 1 },
          { x: 1000, y: 101 },
        ]),
      )} | 1.0 | 0.0 | 0.0 | 0.0 |`,
    );
  });
});

describe('the benchmark’s steps', () => {
  test('each names a method of the app and a dimension of the size; Delete Workspace runs last', () => {
    const names = SCALE_STEPS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const step of SCALE_STEPS) {
      const [kind, key] = step.method.split('.');
      const found = (App as unknown as Record<string, Record<string, { operation: { perform: unknown } }>>)[
        kind as string
      ]?.[key as string];
      expect([step.name, typeof found?.operation.perform]).toEqual([step.name, 'function']);
      expect(dimensionOf(SIZE, step.grows)).toBeGreaterThan(0);
    }
    expect(names.at(-1)).toBe('delete_workspace_with_forms');
    expect(dimensionOf(SIZE, 'answers')).toBe(4 * 130);
  });
});

test("the big form's partial submissions: its oldest past the newest 6,000 (none in a smaller seed), 1,000 at most", () => {
  const partialIds = (submissions: number) =>
    scaleSeed({ ...SIZE, submissions })
      .state.submissions.filter((s) => s.form_id === SCALE_IDS.bigFormId && s.status === 'partial')
      .map((s) => s.id);
  expect(partialIds(SIZE.submissions)).toEqual([]);
  const first = SCALE_IDS.firstSubmissionId;
  expect(partialIds(PARTIALS_BEYOND + 50)).toEqual(Array.from({ length: 50 }, (_, k) => first + k));
  expect(partialIds(PARTIALS_BEYOND + PARTIAL_SUBMISSIONS + 500)).toHaveLength(PARTIAL_SUBMISSIONS);
});

describe('the scale seed, served over https', () => {
  const tls = selfSignedTls();
  const seeded = scaleSeed(SIZE);
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let plain: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ initial: seeded, tls });
    plain = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    await plain.close();
    rmSync(tls.dir, { recursive: true, force: true });
  });
  /** GET over https, trusting the sandbox's certificate only. */
  const read = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(
        `${sandbox.baseUrl}${path}`,
        // no keep-alive agent: a socket kept open would outlive the tests (jest's "failed to exit gracefully")
        { ca: tls.cert, agent: false, headers: { authorization: `Bearer ${sandbox.tokens.admin}` } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      ).on('error', reject);
    });
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.slice(0, 1).map(shape)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value;

  test('a page of the big form has the shape of a page of the default seed; answers made from the id', async () => {
    expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api$/);
    type Page = { data: Array<{ id: number; data: Record<string, unknown> }>; meta: object };
    const first = JSON.parse(
      (await read(`/open/forms/${SCALE_IDS.bigFormId}/submissions?per_page=100`)).body,
    ) as Page;
    const before = sandbox.servedBytes();
    const page = await read(`/open/forms/${SCALE_IDS.bigFormId}/submissions?page=2&per_page=100`);
    expect(page.status).toBe(200);
    expect(sandbox.servedBytes() - before).toBe(Buffer.byteLength(page.body));
    const body = JSON.parse(page.body) as Page;
    // the default seed's main form, read the same way (plain http)
    const main = (await (
      await fetch(`${plain.baseUrl}/open/forms/${plain.ids.largeFormId}/submissions?page=1&per_page=100`, {
        headers: { authorization: `Bearer ${plain.tokens.admin}` },
      })
    ).json()) as { data: Array<{ data: Record<string, unknown> }> };
    const withoutAnswers = (item: { data: Record<string, unknown> }) => ({
      ...item,
      data: Object.fromEntries(Object.entries(item.data).filter(([k]) => !/^[0-9a-f]{8}-/.test(k))),
    });
    expect(shape({ ...first, data: first.data.map(withoutAnswers) })).toEqual(
      shape({ ...main, data: main.data.map(withoutAnswers) }),
    );
    expect(body.meta).toMatchObject({ total: 130, last_page: 2 });
    // page 2 of 130, newest first: the 30 oldest
    const oldest = body.data.at(-1);
    expect(oldest?.id).toBe(SCALE_IDS.firstSubmissionId);
    expect(body.data).toHaveLength(30);
    expect(seeded.ids.scale.questions).toHaveLength(4);
    for (const [q, id] of seeded.ids.scale.questions.entries())
      expect(oldest?.data[id]).toBe(answerOf(SCALE_IDS.firstSubmissionId, q));
    expect(answerOf(123_456, 499)).toHaveLength(ANSWER_LENGTH);
  });

  test('the account: forms, members, ten integrations sharing the delivery events', async () => {
    const forms = JSON.parse(
      (await read(`/open/workspaces/${SCALE_IDS.workspaceId}/forms?per_page=100`)).body,
    );
    expect(forms.meta.total).toBe(3);
    const users = JSON.parse((await read(`/open/workspaces/${SCALE_IDS.workspaceId}/users`)).body);
    expect(users).toHaveLength(3);
    const events = JSON.parse(
      (await read(`/open/forms/${SCALE_IDS.bigFormId}/integrations/${SCALE_IDS.firstIntegrationId}/events`))
        .body,
    ) as Array<{ status: string }>;
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.status).sort()).toEqual(['Error', 'Error', 'Success', 'Success']);
    // min(130, 3000) - 50 = 80 places below the newest (firstSubmissionId + 129)
    expect(seeded.ids.scale.deepSubmissionId).toBe(SCALE_IDS.firstSubmissionId + 49);
  });
});
