/**
 * Issue 21, point 2: every step declares its own case (`export const cases` at the end of its module,
 * src/shared/step-case.ts), and the suites, the demo, the benchmark and `npm run examples` take their
 * steps from the app definition and those cases (harness/step-cases.ts). Here: every step and method
 * has a case (else the message names the file and what to add), placeholders resolve, each case ends
 * against the sandbox as declared with exactly its `minimum` requests, a step whose case deletes
 * something warns, and the reviewer evidence of every visible step names recorded exchanges that exist.
 */
import { type StashServer, startStashServer } from '../harness/file-storage';
import { invokeLogged } from '../harness/invoke';
import {
  type CaseRun,
  everyCase,
  type FoundCase,
  findCases,
  type LoadedModule,
  runCase,
  stepCases,
  withIds,
} from '../harness/step-cases';
import type { StepCase } from '../src/shared/step-case';
import { useSandbox } from './e2e/helpers';
import type { App } from './helpers/app';
import { recorded } from './helpers/recorded';

const HOW = 'CONTRIBUTING.md, "Adding a step"; the type: src/shared/step-case.ts';

describe('every step has a case', () => {
  test('the app: no step or method without one, no case without its step', () => {
    expect(stepCases().problems).toEqual([]);
    // the connection, 34 steps (a hook trigger counts its three methods)
    expect(stepCases().steps.length).toBeGreaterThanOrEqual(35);
    expect(new Set(everyCase().map((c) => c.step)).size).toBe(stepCases().steps.length);
  });

  // a planted app: what a contributor sees after adding a step without a case
  const perform = async () => [];
  const display = { label: 'Find Member Copy', description: 'Finds a copy.' };
  const hookDisplay = { label: 'New Thing', description: 'Triggers when a thing is new.' };
  const search = { key: 'find_member_copy', noun: 'Member', display, operation: { perform } };
  const hook = {
    key: 'new_thing',
    noun: 'Thing',
    display: hookDisplay,
    operation: {
      type: 'hook',
      perform,
      performList: perform,
      performSubscribe: perform,
      performUnsubscribe: perform,
    },
  };
  const planted = { searches: { find_member_copy: { ...search } }, triggers: { new_thing: { ...hook } } };
  const problemsOf = (modules: LoadedModule[]) =>
    findCases(planted as unknown as typeof App, modules).problems;
  const one: StepCase = {
    input: { workspace_id: '$workspaceId' },
    minimum: 1,
    why: 'list',
    nothing: { workspace_id: '$workspaceId', email: 'nobody@example.org' },
  };
  const hookCases: StepCase[] = [
    { method: 'performList', input: {}, minimum: 1, why: 'list' },
    { method: 'performSubscribe', input: {}, minimum: 1, why: 'subscribe' },
    { method: 'performUnsubscribe', input: {}, minimum: 1, why: 'unsubscribe' },
  ];
  const withHook = { file: 'src/things/new-thing.ts', exported: { newThing: hook, cases: hookCases } };

  test('a new step without a case: the message names the step, the file and what to add', () => {
    expect(
      problemsOf([{ file: 'src/workspaces/members/find-member-copy.ts', exported: { search } }, withHook]),
    ).toEqual([
      '`searches.find_member_copy` has no case: add `export const cases: StepCase[] = [{ input, minimum, why }]` ' +
        `to the end of src/workspaces/members/find-member-copy.ts (${HOW})`,
    ]);
    // the positive control: with its case, nothing is missing
    expect(
      problemsOf([
        { file: 'src/workspaces/members/find-member-copy.ts', exported: { search, cases: [one] } },
        withHook,
      ]),
    ).toEqual([]);
  });

  test('a hook trigger needs a case for each of its three methods', () => {
    const search1 = { file: 'src/s.ts', exported: { search, cases: [one] } };
    expect(problemsOf([search1, { file: 'src/things/new-thing.ts', exported: { newThing: hook } }])).toEqual([
      '`triggers.new_thing` has no case: add `export const cases: StepCase[] = [{ input, minimum, why }]` to ' +
        `the end of src/things/new-thing.ts (one for each of performList, performSubscribe, performUnsubscribe: \`method\`) (${HOW})`,
    ]);
    expect(
      problemsOf([search1, { ...withHook, exported: { newThing: hook, cases: hookCases.slice(0, 2) } }]),
    ).toEqual([
      "`triggers.new_thing` has no case for performUnsubscribe: add `{ method: 'performUnsubscribe', input, " +
        `minimum, why }\` to \`cases\` in src/things/new-thing.ts (${HOW})`,
    ]);
  });

  test('a search needs an input that finds nothing (test/quality/searches.tests.ts runs it)', () => {
    const { nothing: _, ...withoutNothing } = one;
    expect(
      problemsOf([{ file: 'src/s.ts', exported: { search, cases: [withoutNothing] } }, withHook]),
    ).toEqual([
      '`searches.find_member_copy` has no input that finds nothing: add `nothing: { ... }` (an input no seeded ' +
        `record matches; it must answer []) to its case in src/s.ts (${HOW})`,
    ]);
  });

  test('a case must name its step in a module of two, and a method the step has', () => {
    const both = { search, newThing: hook };
    expect(problemsOf([{ file: 'src/two.ts', exported: { ...both, cases: [one, ...hookCases] } }])).toEqual([
      "src/two.ts: cases[0] must say which step it calls (`step`: 'new_thing' or 'find_member_copy')",
      "src/two.ts: cases[1] must say which step it calls (`step`: 'new_thing' or 'find_member_copy')",
      "src/two.ts: cases[2] must say which step it calls (`step`: 'new_thing' or 'find_member_copy')",
      "src/two.ts: cases[3] must say which step it calls (`step`: 'new_thing' or 'find_member_copy')",
      expect.stringMatching(/^`triggers\.new_thing` has no case: /),
      expect.stringMatching(/^`searches\.find_member_copy` has no case: /),
    ]);
    expect(
      problemsOf([
        withHook,
        { file: 'src/s.ts', exported: { search, cases: [one, { ...one, method: 'performList' }] } },
        { file: 'src/stray.ts', exported: { cases: [one] } },
      ]),
    ).toEqual([
      'src/stray.ts: has `cases` but exports no step of the app',
      'src/s.ts: find_member_copy.performList calls performList, which searches.find_member_copy does not have',
    ]);
  });
});

describe('placeholders', () => {
  const sandbox = useSandbox();

  test("every case's input and bundle resolve against the seeded ids", () => {
    const { ids } = sandbox();
    for (const c of everyCase()) {
      const resolved = JSON.stringify([c.inputData(ids), c.bundle(ids)]);
      expect({ name: c.name, left: resolved.match(/\$[A-Za-z]/g) }).toEqual({ name: c.name, left: null });
    }
  });

  test('a whole placeholder is the id itself, one inside text its text; an unknown one names the case and the file', () => {
    const { ids } = sandbox();
    expect(withIds({ form_id: '$formId', 'answer__$fields.plan': 'x $formSlug.' }, ids, 'c (f.ts)')).toEqual({
      form_id: ids.formId,
      [`answer__${ids.fields.plan}`]: `x ${ids.formSlug}.`,
    });
    expect(() => withIds({ list: ['$formIds'] }, ids, 'find_x (src/x.ts)')).toThrow(
      /^find_x \(src\/x\.ts\): the placeholder \$formIds names no seeded id \(SandboxIds in sandbox\/seed\.ts: adminUserId, /,
    );
    expect(() => withIds('$fields', ids, 'w')).toThrow(/the placeholder \$fields names no seeded id/);
  });
});

/** A loopback stand-in for Zapier's file storage for a describe block (its `url` once started). */
const useStashServer = () => {
  const held: { server?: StashServer } = {};
  beforeAll(async () => {
    held.server = await startStashServer();
  });
  afterAll(async () => {
    await held.server?.close();
  });
  return held;
};

describe('each case against the sandbox', () => {
  const sandbox = useSandbox();
  const stash = useStashServer();
  const runs = new Map<string, CaseRun>();

  // in the app's order, on one sandbox (as the benchmark's request table runs them)
  test.each(everyCase().map((c) => [c.name, c] as const))(
    '%s ends as declared with exactly its minimum requests',
    async (_name, c: FoundCase) => {
      const run = await runCase(sandbox(), stash.server as StashServer, c);
      runs.set(c.name, run);
      expect(run.problem).toBeUndefined();
      // an action whose case deletes something shows that it cannot be undone (test/publishing.test.ts)
      if (c.step.kind === 'creates' && run.sent.some((line) => line.startsWith('DELETE '))) {
        const first = (c.step.operation.inputFields as Array<{ type?: string; helpText?: string }>)[0];
        expect({ type: first?.type, warns: /cannot be undone/i.test(first?.helpText ?? '') }).toEqual({
          type: 'copy',
          warns: true,
        });
      }
    },
    60_000,
  );

  test('the actions that delete were seen (the warning check above ran)', () => {
    const deleting = everyCase()
      .filter(
        (c) => c.step.kind === 'creates' && runs.get(c.name)?.sent.some((line) => line.startsWith('DELETE ')),
      )
      .map((c) => c.step.key);
    expect(deleting.length).toBeGreaterThan(0);
  });
});

/** `file#N` or `file#N-#M` (test/recorded/), `pl/...` (test/recorded-production-like/). */
const EVIDENCE = /^(pl\/)?([a-z0-9-]+)#(\d+)(?:-#(\d+))?$/;

describe("reviewer evidence (Zapier's review runs every visible step once)", () => {
  const steps = stepCases().steps.filter((s) => s.kind !== 'authentication');

  test('every visible step has exactly one case saying where a reviewer runs it; hidden steps none', () => {
    const reviews = (id: string) =>
      everyCase().filter((c) => c.step.id === id && c.review !== undefined).length;
    expect(
      steps
        .filter((s) => !s.hidden && reviews(s.id) !== 1)
        .map(
          (s) =>
            `${s.id}: ${reviews(s.id)} cases with \`review\`; give one case \`review: { on, evidence }\` ` +
            `in ${s.file} (where a reviewer runs it, the recordings that show it: ${HOW})`,
        ),
    ).toEqual([]);
    // a hidden step's reason stays in docs/decisions.md ("Which steps a reviewer can run")
    expect(steps.filter((s) => s.hidden && reviews(s.id) > 0).map((s) => s.id)).toEqual([]);
  });

  test.each(
    everyCase()
      .filter((c) => c.review !== undefined)
      .map((c) => [c.name, c] as const),
  )('%s: its evidence names recorded exchanges that exist', (_name, c) => {
    const evidence = c.review?.evidence ?? [];
    expect(evidence.length).toBeGreaterThan(0);
    for (const entry of evidence) {
      const [, pl, file, from, to] = EVIDENCE.exec(entry) ?? [];
      expect({ entry, form: file !== undefined }).toEqual({ entry, form: true });
      const recording = recorded(`${pl === undefined ? '' : 'production-like/'}${file}`);
      for (const n of [Number(from), Number(to ?? from)]) expect(() => recording.exchange(n)).not.toThrow();
    }
  });
});

/**
 * Issue 31: an input the step cannot run without is `required: true`, so the editor asks for it. Each
 * case is run again with one of its optional inputs left out, on a sandbox of its own; where the step
 * then stops with an error naming that input (`Label (key) ...`), the definition must say required.
 */
describe('an input a step refuses when empty is required in the editor', () => {
  const sandbox = useSandbox();
  const stash = useStashServer();
  type Input = { key?: string; label?: string; type?: string; required?: boolean };
  const optionalInputs = (c: FoundCase, input: Record<string, unknown>) =>
    ((c.step.operation.inputFields ?? []) as unknown[]).filter(
      (f): f is Input & { key: string } =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as Input).key === 'string' &&
        (f as Input).required !== true &&
        (f as Input).type !== 'copy' &&
        (f as Input).key !== undefined &&
        ((f as Input).key as string) in input,
    );
  const left = everyCase().filter(
    (c) => c.method === 'perform' && c.step.kind !== 'authentication' && c.fails === undefined,
  );

  /** Whether the step stops with an error about `field` itself, not a group it is one of ("A or B"). */
  const refusedAlone = async (
    c: FoundCase,
    input: Record<string, unknown>,
    field: Input & { key: string },
  ) => {
    const outcome = await (stash.server as StashServer).withKey(() =>
      invokeLogged(sandbox(), c.path, input, c.bundle(sandbox().ids), (stash.server as StashServer).event),
    );
    const message = outcome.error?.message ?? '';
    return message.startsWith(`Invalid input: ${field.label} (${field.key}) `) &&
      !message.startsWith(`Invalid input: ${field.label} (${field.key}) or `)
      ? message
      : undefined;
  };

  // an optional input the case does not set is one the step ran without: only the ones it sets are tried
  test('the check sees a refusal: Find Submission run without its Question', async () => {
    const c = left.find((one) => one.step.key === 'find_submission') as FoundCase;
    const { search_field: _gone, ...without } = c.inputData(sandbox().ids);
    const question = { key: 'search_field', label: 'Question' };
    expect(await refusedAlone(c, without, question)).toMatch(
      /^Invalid input: Question \(search_field\) is empty/,
    );
    expect(left.flatMap((one) => optionalInputs(one, one.inputData(sandbox().ids))).length).toBeGreaterThan(
      5,
    );
  });

  test('no optional input is refused when left out of its step case', async () => {
    const { ids } = sandbox();
    const refused: string[] = [];
    for (const c of left) {
      const input = c.inputData(ids);
      const optional = optionalInputs(c, input);
      // the required inputs alone: a refusal there too is not one that other optional inputs cause
      const requiredOnly = Object.fromEntries(
        Object.entries(input).filter(([key]) => !optional.some((f) => f.key === key)),
      );
      for (const field of optional) {
        const { [field.key]: _gone, ...without } = input;
        const message = await refusedAlone(c, without, field);
        if (message !== undefined && (await refusedAlone(c, requiredOnly, field)) !== undefined)
          refused.push(`${c.step.id}.${field.key}: ${message}`);
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);
});
