/**
 * Property-based bad input: for every operation of the app, generated inputs either fail before any
 * request with a Zapier error naming a bad field, or (when every field is valid) reach the HTTP layer.
 * Never an uncaught exception, never a request for a bad input.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { everyCase } from '../../harness/step-cases';
import { seed } from '../../sandbox/seed';
import { App, authData, failure, op, run, type SeenError, type StepPath } from '../helpers/app';
import { type KeyRule, RULES } from './bad-input-rules';

/**
 * Thousands of runs through core's test handler cost ~4 ms each (it compiles the app per call), so the
 * properties call each perform directly with the `z` core built for one real invocation: the same
 * request client, middleware and error classes, the bundle fresh per run.
 */
let zObject: ZObject | undefined;
beforeAll(async () => {
  await run((z) => {
    zObject = z;
    return {};
  });
});
const direct = (method: StepPath, inputData: Record<string, unknown>) => {
  if (zObject === undefined) throw new Error('z was not captured');
  const bundle = {
    authData,
    inputData,
    inputDataRaw: {},
    meta: { isLoadingSample: false, page: 0, limit: -1 },
  };
  return Promise.resolve().then(() => op(method)(zObject as ZObject, bundle as unknown as Bundle));
};

/**
 * Runs per property: fast-check's default (100) in `npm test`; `.ci/run` sets DEEP_PROPERTIES=1 for the
 * deep run, 1000 bad inputs and 200 valid ones per operation (each through the whole perform; a valid
 * one costs a refused connection).
 */
const DEEP = process.env.DEEP_PROPERTIES === '1';
const FAST_CHECK_DEFAULT = 100;
const RUNS = DEEP ? 1000 : FAST_CHECK_DEFAULT;
const VALID_RUNS = DEEP ? 200 : FAST_CHECK_DEFAULT;
/** The run count handed to fast-check: none outside the deep run (its own default applies). */
const runs = (deep: number) => (DEEP ? { numRuns: deep } : {});

type Field = { key: string; required?: boolean; choices?: unknown; list?: boolean; type?: string };
type Definition = { key: string; operation: { inputFields?: unknown[]; perform?: unknown; type?: string } };

const operations = (['triggers', 'creates', 'searches'] as const).flatMap((kind) =>
  Object.values((App as unknown as Record<string, Record<string, Definition>>)[kind] ?? {})
    .filter((def) => typeof def.operation.perform === 'function' && def.operation.type !== 'hook')
    .map((def) => ({
      name: `${kind}.${def.key}`,
      path: `${kind}.${def.key}.operation.perform` as StepPath,
      def,
    })),
);

const fieldsOf = (def: Definition): Field[] =>
  (def.operation.inputFields ?? []).filter(
    (f): f is Field => typeof f === 'object' && f !== null && 'key' in f,
  );

let requests = 0;
beforeAll(() => {
  nock.emitter.on('no match', () => {
    requests += 1;
  });
});

/**
 * A required input with no rule here (a new step's own key) takes its value from the step's case
 * (harness/step-cases.ts, the seeded ids filled in), so a valid input reaches the HTTP layer without
 * a rule written for every new key.
 */
const seededIds = seed({ submissions: 1, largeFormSubmissions: 1 }).ids;
const caseInputs = new Map(
  everyCase()
    .filter((c) => c.method === 'perform')
    .reverse()
    .map((c) => [c.step.operation, c.inputData(seededIds)]),
);
const fromCase = (def: Definition, fields: Field[], bad: ReadonlySet<string>) => {
  const input = caseInputs.get(def.operation) ?? {};
  return fields
    .filter((f) => RULES[f.key] === undefined && !bad.has(f.key) && f.required === true && f.key in input)
    .map((f) => [f.key, fc.constant(input[f.key])]);
};

/** An input object; `bad` keys get invalid values, the others valid ones. */
const inputFor = (def: Definition, bad: ReadonlySet<string>) => {
  const fields = fieldsOf(def);
  return fc.record(
    Object.fromEntries([
      ...fromCase(def, fields, bad),
      ...fields
        .filter((f) => RULES[f.key] !== undefined || bad.has(f.key))
        .map((f) => [
          f.key,
          bad.has(f.key)
            ? // an optional field left blank is "not given", which is valid
              f.required === false
              ? (RULES[f.key] as KeyRule).invalid.filter(
                  (v) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === ''),
                )
              : (RULES[f.key] as KeyRule).invalid
            : (RULES[f.key] as KeyRule).valid,
        ]),
    ]),
  );
};

const checked = (def: Definition) => fieldsOf(def).filter((f) => RULES[f.key] !== undefined);

describe.each(operations.filter((o) => checked(o.def).length > 0).map((o) => [o.name, o] as const))(
  '%s',
  (_name, { path, def }) => {
    const fields = checked(def);

    test(`${RUNS} inputs with a bad field: an error naming it, no request`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .subarray(
              fields.map((f) => f.key),
              { minLength: 1 },
            )
            .chain((badKeys) => inputFor(def, new Set(badKeys)).map((input) => ({ input, badKeys }))),
          async ({ input, badKeys }) => {
            requests = 0;
            const error: SeenError = await failure(direct(path, input));
            expect(error.code).toBe('invalid_input');
            expect(badKeys.some((key) => error.message.includes(`(${key})`))).toBe(true);
            expect(requests).toBe(0);
          },
        ),
        runs(RUNS),
      );
    });
  },
);

describe.each(operations.map((o) => [o.name, o] as const))('%s', (_name, { path, def }) => {
  test(`${VALID_RUNS} valid inputs reach the HTTP layer`, async () => {
    await fc.assert(
      fc.asyncProperty(inputFor(def, new Set()), async (input) => {
        requests = 0;
        const error = await failure(direct(path, input));
        expect(error.code).toBe('unreachable');
        expect(requests).toBeGreaterThan(0);
      }),
      runs(VALID_RUNS),
    );
  });
});

describe('what .ci/run asks for beyond npm test alone', () => {
  test("outside the deep run each property runs fast-check's own default count, the one its name says", () => {
    const details = fc.check(fc.property(fc.integer(), () => true));
    expect(details.numRuns).toBe(FAST_CHECK_DEFAULT);
  });

  test('.ci/run asks for the deep run (DEEP_PROPERTIES=1) before npm test', () => {
    const ci = readFileSync(join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
    const deep = ci.search(/^export DEEP_PROPERTIES=1$/m);
    expect(deep).toBeGreaterThan(-1);
    expect(ci.indexOf('\nnpm test\n')).toBeGreaterThan(deep);
  });

  test('.ci/run runs npm test with CI=true, where Jest collects coverage and gates it (jest.config.js)', () => {
    const ci = readFileSync(join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
    expect(ci.indexOf('\nnpm test\n')).toBeGreaterThan(ci.search(/^export CI=true$/m));
    expect(ci.search(/^export CI=true$/m)).toBeGreaterThan(-1);
    const config = jest.requireActual<Record<string, unknown>>('../../jest.config.js');
    expect(config.coverageThreshold).toEqual({ global: { lines: 98, branches: 89 } });
    expect(config.collectCoverage).toBe(process.env.CI === 'true');
  });
});

describe('hand-written bad inputs the generators would rarely build', () => {
  test.each([
    ['triggers.form_list.operation.perform', { workspace_id: '7/../8' }, 'workspace_id'],
    ['triggers.form_list.operation.perform', { workspace_id: '9'.repeat(100_000) }, 'workspace_id'],
    ['triggers.form_list.operation.perform', { workspace_id: '٧' }, 'workspace_id'],
    ['triggers.member_list.operation.perform', { workspace_id: ['7'] }, 'workspace_id'],
    [
      'creates.update_member_role.operation.perform',
      { workspace_id: 7, user_id: '3.0', role: 'user' },
      'user_id',
    ],
    [
      'creates.update_member_role.operation.perform',
      { workspace_id: 7, user_id: 3, role: ['admin'] },
      'role',
    ],
    ['creates.update_member_role.operation.perform', { workspace_id: 7, user_id: 3, role: 'owner' }, 'role'],
    ['creates.resend_invite.operation.perform', { workspace_id: 7, invite_id: { id: 5 } }, 'invite_id'],
    ['searches.find_member.operation.perform', { workspace_id: 7, email: ['a@b.c'] }, 'email'],
    [
      'creates.invite_member.operation.perform',
      { workspace_id: 7, email: 'ada@example', role: 'user' },
      'email',
    ],
    ['creates.invite_member.operation.perform', { workspace_id: 7, email: 'a@b.c', role: 'owner' }, 'role'],
    ['searches.find_form.operation.perform', { form: '😀' }, 'form'],
    ['searches.find_form.operation.perform', { form: '..' }, 'form'],
    ['searches.find_form.operation.perform', { form: 'contact%2F..%2Fadmin' }, 'form'],
    [
      'searches.find_submission.operation.perform',
      { workspace_id: 7, form_id: 9, search: ['a', 'b'] },
      'search',
    ],
    ['creates.create_submission.operation.perform', { workspace_id: 7, form_id: '9/../8' }, 'form_id'],
    [
      'searches.find_export.operation.perform',
      { workspace_id: 7, form_id: 9, job_id: '../../users' },
      'job_id',
    ],
    [
      'creates.update_webhook_integration.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_integration_id: 5, webhook_url: 'https://0x7f.1/hook' },
      'webhook_url',
    ],
    [
      'creates.update_webhook_integration.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_integration_id: 5, webhook_secret: 'short' },
      'webhook_secret',
    ],
    [
      'creates.create_webhook_integration.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_url: 'https://0x7f.1/hook' },
      'webhook_url',
    ],
    ['creates.create_webhook_integration.operation.perform', { workspace_id: 7, form_id: 9 }, 'webhook_url'],
    [
      'creates.create_webhook_integration.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_url: 'https://a.example/h', status: 'paused' },
      'status',
    ],
    [
      'creates.delete_webhook_integration.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_integration_id: '../5' },
      'webhook_integration_id',
    ],
    [
      'triggers.new_webhook_delivery_failure.operation.perform',
      { workspace_id: 7, form_id: 9, webhook_integration_id: '1.5' },
      'webhook_integration_id',
    ],
    ['creates.update_form.operation.perform', { workspace_id: 7, form_id: 9 }, 'visibility'],
    ['creates.api_request.operation.perform', { method: 'GET', path: '/open/%252e%252e' }, 'path'],
    [
      'creates.api_request.operation.perform',
      { method: 'GET', path: 'HTTPS://forms.example.org/api/x' },
      'path',
    ],
    ['creates.api_request.operation.perform', { method: 'GET', path: '/open/forms', body: '{}' }, 'body'],
    [
      'creates.update_form.operation.perform',
      { workspace_id: 7, form_id: 9, max_submissions_count: 5, clear_max_submissions_count: true },
      'clear_max_submissions_count',
    ],
    [
      'creates.update_form.operation.perform',
      { workspace_id: 7, form_id: 9, add_choices: ['x'] },
      'choice_field',
    ],
  ] as const)('%s %j names %s and sends nothing', async (method, input, key) => {
    requests = 0;
    const error = await failure(direct(method, input as Record<string, unknown>));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(`(${key})`);
    expect(requests).toBe(0);
  });
});

/**
 * 10 MB in any input: a regular expression with an unbounded repeat overflows V8's stack from about 8 MB
 * ("Maximum call stack size exceeded"), so every check looks at the length first.
 */
describe('very long values (10 MB): refused naming the field, or sent; never a crash', () => {
  const HUGE = ['1'.repeat(10 * 1024 * 1024), 'a'.repeat(10 * 1024 * 1024)];
  /** A valid value for every other checked field, so that only the long one can be refused. */
  const validInput = (def: Definition) =>
    fc.sample(inputFor(def, new Set()), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;

  test.each(operations.map((o) => [o.name, o] as const))(
    '%s',
    async (_name, { path, def }) => {
      const base = validInput(def);
      // both long values for every field in the deep run; in npm test, digits and letters by turns
      for (const [index, field] of fieldsOf(def).entries()) {
        for (const huge of DEEP ? HUGE : [HUGE[index % 2] as string]) {
          requests = 0;
          const error = await failure(direct(path, { ...base, [field.key]: huge }));
          // refused as bad input (naming a field), or sent when the field is free text the server takes at any length
          // an error without a code (not a Zapier error) shows its name and message start in the diff
          const plain =
            error.code === undefined ? `${error.name}: ${error.message.slice(0, 200)}` : undefined;
          expect([field.key, huge[0], error.code, plain]).toEqual([
            field.key,
            huge[0],
            error.code === 'unreachable' ? 'unreachable' : 'invalid_input',
            undefined,
          ]);
          if (error.code === 'invalid_input') {
            expect(error.message).toMatch(/ \([a-z_]+\) /);
            expect(requests).toBe(0);
          }
        }
      }
      // a step that knows a 10 MB secret hides it (in each of its written forms) from every message: ~1 s a value
    },
    120_000,
  );
});

test('API Request: a body nested 5,000 levels deep is refused naming the field (no stack overflow); 512 levels are sent', async () => {
  const nested = (levels: number) => `${'{"a":['.repeat(levels / 2)}${']}'.repeat(levels / 2)}`;
  const post = (body: string) =>
    failure(direct('creates.api_request.operation.perform', { method: 'POST', path: '/open/forms', body }));
  requests = 0;
  expect(await post(nested(5000))).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Body (body) must nest objects and lists at most 512 levels deep (OpnForm reads a deeper ' +
      'body as no body); this one nests 5000.',
  });
  expect(requests).toBe(0);
  expect(await post(nested(512))).toMatchObject({ code: 'unreachable' });
  expect(requests).toBe(1);
});
