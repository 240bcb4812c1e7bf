/**
 * The definition Zapier's runtime clones and freezes on every cold call (issue 21): core's `definition`
 * command, minified, at most 1.5 KB per step on average, so a new step must stay lean too. Help texts
 * say what a user needs in the editor; the longer material is in the step's README section.
 * The same built definition carries each step's throttle and lock (docs/decisions.md, "Throttle and lock").
 */
import { appHandler } from '../harness/invoke';
import { type AppStep, everyCase, type FoundCase, stepCases } from '../harness/step-cases';
import { STEP_BUDGET_MS } from '../src/shared/budget';
import { drawOf, throttleFor } from '../src/shared/limits';
import { recorded } from './helpers/recorded';

/** 1.5 KB per trigger, action and search (search-or-create pairs and the connection ride along). */
const PER_STEP = 1536;
const HELP_TEXT = 200;

/**
 * Help texts allowed to be longer, with the reason. The token's help links to the page where tokens
 * are made (Zapier's check D002) and names the five abilities to tick; the editor shows the link as its
 * text ("Settings > Access Tokens"): 223 characters shown, 269 written.
 */
const LONGER_HELP: Record<string, string> = {
  'authentication.api_key': 'the link Zapier asks for and the five abilities to tick',
  'creates.create_prefilled_link.query_params': "the names OpnForm's public form reads itself (issue 32)",
};

type Field = { key?: string; helpText?: string; required?: boolean };
type Step = {
  display: { hidden?: boolean };
  operation: { type?: string; inputFields?: unknown[]; throttle?: unknown; lock?: unknown };
};
type Definition = { authentication: { fields: Field[] } } & Record<
  'triggers' | 'creates' | 'searches',
  Record<string, Step>
>;

const KINDS = ['triggers', 'creates', 'searches'] as const;

let definition: Definition;
let minified: number;
beforeAll(async () => {
  const reply = await appHandler({ command: 'definition', calledFromCli: true, customLogger: () => {} });
  definition = reply.results as Definition;
  minified = Buffer.byteLength(JSON.stringify(definition));
});

test('at most 1.5 KB of minified definition per step (largest steps named when over)', () => {
  const steps = KINDS.flatMap((kind) =>
    Object.entries(definition[kind]).map(([key, step]) => ({
      at: `${kind}.${key}`,
      bytes: JSON.stringify(step).length,
    })),
  );
  const perStep = Math.round(minified / steps.length);
  const largest = [...steps].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  expect({ perStep, within: perStep <= PER_STEP, largest }).toEqual({ perStep, within: true, largest });
  expect(steps.length).toBeGreaterThan(30);
});

test(`no help text over ${HELP_TEXT} characters, except the ones listed with a reason`, () => {
  const texts = [
    ...definition.authentication.fields.map((f) => [`authentication.${f.key}`, f.helpText] as const),
    ...KINDS.flatMap((kind) =>
      Object.entries(definition[kind]).flatMap(([key, step]) =>
        (step.operation.inputFields ?? [])
          .filter((f): f is Field => typeof f === 'object' && f !== null)
          .map((f) => [`${kind}.${key}.${f.key}`, f.helpText] as const),
      ),
    ),
  ];
  const long = texts.filter(([, text]) => (text ?? '').length > HELP_TEXT).map(([at]) => at);
  expect(long).toEqual(Object.keys(LONGER_HELP));
});

/** OpnForm's per-user limits as the real server answered them (X-RateLimit-Limit), and its window. */
const limits = recorded('limits--rate-limit-429');
const headerOf = (method: string, path: RegExp) =>
  Number(limits.find(method, path, 200).response.headers['x-ratelimit-limit']);
const OPNFORM = {
  open: headerOf('GET', /^\/open\//),
  external: headerOf('GET', /^\/external\//),
  export: headerOf('POST', /\/submissions\/export$/),
};

/** Where each action's and search's throttle is wrong, naming the step's file and the fix. */
const throttleProblems = (steps: AppStep[], cases: FoundCase[]) => {
  const HOW = 'src/shared/limits.ts; CONTRIBUTING.md, "Adding a step"';
  /** The requests one ordinary run sends: the most its cases declare (`most`, else `minimum`). */
  const countOf = (step: AppStep) =>
    Math.max(...cases.flatMap((c) => (c.step === step ? [c.most ?? c.minimum] : [])));
  return steps.flatMap((step) => {
    const draw = drawOf(step.operation.throttle);
    const count = countOf(step);
    const where = `${step.id} (${step.file})`;
    if (draw === undefined)
      return [
        `${where}: add \`throttle: throttleFor(${Number.isFinite(count) ? count : 'n'})\` to its operation ` +
          `(n: the requests its cases send; ${HOW})`,
      ];
    // an export step counts its export POSTs (10 a minute), which must bind before what its first case
    // (an ordinary run: up to 1000 submissions, one POST) sends to /open
    const first = cases.find((c) => c.step === step);
    if (draw.on === 'export')
      return OPNFORM.export / draw.requests <= OPNFORM.open / (first?.minimum ?? count)
        ? []
        : [`${where}: throttleFor(${draw.requests}, 'export') binds after /open (${first?.minimum} a run)`];
    return draw.requests === count
      ? []
      : [
          `${where}: throttleFor(${draw.requests}), but its cases send up to ${count} request(s) ` +
            `(\`minimum\`, or \`most\` when some input needs more): make it throttleFor(${count}) (${HOW})`,
        ];
  });
};

describe("throttle: every action and search keeps a burst of runs under OpnForm's limits", () => {
  const steps = () => stepCases().steps.filter((s) => s.kind === 'creates' || s.kind === 'searches');
  /** What each step's throttle was made from (throttleFor's arguments); one without is reported above. */
  const declared = () =>
    steps().flatMap((step) => {
      const draw = drawOf(step.operation.throttle);
      return draw === undefined ? [] : [{ step, draw }];
    });

  test('the recorded limits are 100 on /open, 60 on /external and 10 exports, each a minute', () => {
    expect(OPNFORM).toEqual({ open: 100, external: 60, export: 10 });
    const retries = limits.exchanges.filter((e) => e.response.status === 429);
    expect(retries.map((e) => Number(e.response.headers['retry-after']) <= 60)).toEqual(
      retries.map(() => true),
    );
  });

  test('each action and search declares throttleFor(the requests its cases send); no trigger has one', () => {
    expect(throttleProblems(steps(), everyCase())).toEqual([]);
    expect(declared().length).toBeGreaterThan(25);
    const triggers = Object.entries(definition.triggers).filter(([, step]) => step.operation.throttle);
    expect(triggers.map(([key]) => key)).toEqual([]);
  });

  test('a step without a throttle or with a changed request count is named with its file and fix', () => {
    const step = (operation: Record<string, unknown>): AppStep => ({
      ...{ kind: 'searches', key: 'find_thing', id: 'searches.find_thing', label: 'Find Thing' },
      ...{ hidden: false, methods: ['perform'], file: 'src/things/find-thing.ts', marker: {}, operation },
    });
    const caseOf = (s: AppStep, minimum: number, most?: number) =>
      ({ step: s, minimum, ...(most === undefined ? {} : { most }) }) as FoundCase;
    // without a case yet, the count is its cases' to say
    expect(throttleProblems([step({})], [])).toEqual([
      expect.stringContaining(': add `throttle: throttleFor(n)`'),
    ]);
    const bare = step({});
    expect(throttleProblems([bare], [caseOf(bare, 2)])).toEqual([
      'searches.find_thing (src/things/find-thing.ts): add `throttle: throttleFor(2)` to its operation ' +
        '(n: the requests its cases send; src/shared/limits.ts; CONTRIBUTING.md, "Adding a step")',
    ]);
    const stale = step({ throttle: throttleFor(1) });
    expect(throttleProblems([stale], [caseOf(stale, 1), caseOf(stale, 2)])).toEqual([
      'searches.find_thing (src/things/find-thing.ts): throttleFor(1), but its cases send up to 2 ' +
        'request(s) (`minimum`, or `most` when some input needs more): make it throttleFor(2) ' +
        '(src/shared/limits.ts; CONTRIBUTING.md, "Adding a step")',
    ]);
    // the positive controls: the count its cases declare, `most` included
    expect(throttleProblems([stale], [caseOf(stale, 1)])).toEqual([]);
    const most = step({ throttle: throttleFor(2) });
    expect(throttleProblems([most], [caseOf(most, 1, 2)])).toEqual([]);
    // a throttle not made by throttleFor is not one the test can check
    expect(drawOf({ window: 60, limit: 50, scope: ['auth'] })).toBeUndefined();
  });

  test('each limit is the OpnForm limit over the requests one run sends, per connection, a minute', () => {
    // the built definition, as Zapier reads it (`any`: the user's path, so the lower of /open and /external)
    const built = declared().map(({ step }) => [
      step.id,
      definition[step.kind as 'creates' | 'searches'][step.key]?.operation.throttle,
    ]);
    const expected = declared().map(({ step, draw }) => {
      const on = draw.on === 'any' ? 'external' : draw.on;
      return [step.id, { window: 60, limit: Math.floor(OPNFORM[on] / draw.requests), scope: ['auth'] }];
    });
    expect(built).toEqual(expected);
  });

  test('steps on the same limit with the same request count share one window; no others do', () => {
    const groups = new Map<string, Set<string>>();
    const ownWindow: string[] = [];
    for (const { step, draw } of declared()) {
      const group = `${draw.on} x${draw.requests}`;
      groups.set(group, (groups.get(group) ?? new Set()).add(JSON.stringify(step.operation.throttle)));
      if ((step.operation.throttle as { scope?: string[] }).scope?.includes('action'))
        ownWindow.push(step.id);
    }
    expect(ownWindow).toEqual([]);
    const configs = [...groups.values()].map((set) => [...set]);
    expect(configs.map((c) => c.length)).toEqual(configs.map(() => 1));
    expect(new Set(configs.flat()).size).toBe(groups.size);
  });
});

describe('lock: the read-then-write steps run one at a time per object', () => {
  const input = (field: string) => `{{bundle.inputData.${field}}}`;
  const team = { key: `workspace-team-${input('workspace_id')}`, scope: ['user'], timeout: 30 };
  /** The object each names; the team steps share one per workspace (each checks the last admin). */
  const LOCKED = {
    'creates.update_form': { key: `form-${input('form_id')}`, scope: ['user'], timeout: 30 },
    'creates.update_submission': {
      key: `submission-${input('submission_id')}`,
      scope: ['user'],
      timeout: 30,
    },
    'creates.update_webhook_integration': {
      key: `webhook-integration-${input('webhook_integration_id')}`,
      scope: ['user'],
      timeout: 30,
    },
    'creates.update_workspace': { key: `workspace-${input('workspace_id')}`, scope: ['user'], timeout: 30 },
    'creates.update_member_role': team,
    'creates.remove_member': team,
    'creates.leave_workspace': team,
  };
  const locked = () =>
    KINDS.flatMap((kind) =>
      Object.entries(definition[kind])
        .filter(([, step]) => step.operation.lock !== undefined)
        .map(([key, step]) => [`${kind}.${key}`, step] as const),
    );

  test('these steps lock on the object they read then write, per Zapier user; others as lockOn does', () => {
    const known = locked().filter(([at]) => at in LOCKED);
    expect(Object.fromEntries(known.map(([at, step]) => [at, step.operation.lock]))).toEqual(LOCKED);
    // a new step's lock (lockOn in its operation) needs no row here: it has lockOn's shape
    const others = locked().filter(([at]) => !(at in LOCKED));
    expect(others.map(([at, step]) => [at, step.operation.lock])).toEqual(
      others.map(([at]) => [
        at,
        {
          key: expect.stringMatching(/^[a-z-]+-\{\{bundle\.inputData\.\w+\}\}$/),
          scope: ['user'],
          timeout: 30,
        },
      ]),
    );
  });

  test('a lock key reads only required inputs of its step (an empty one would lock every run together)', () => {
    const loose = locked().flatMap(([at, step]) => {
      const required = new Set(
        (step.operation.inputFields as Field[]).filter((f) => f.required === true).map((f) => f.key),
      );
      const { key } = step.operation.lock as { key: string };
      return [...key.matchAll(/\{\{bundle\.inputData\.(\w+)\}\}/g)]
        .map((m) => m[1])
        .filter((field) => !required.has(field))
        .map((field) => `${at}: ${field}`);
    });
    expect(loose).toEqual([]);
  });

  test("the timeout outlasts the step's budget and Zapier's 30 s, within the 180 s Zapier allows", () => {
    for (const [, step] of locked()) {
      const { timeout } = step.operation.lock as { timeout: number };
      expect(timeout >= STEP_BUDGET_MS / 1000 && timeout >= 30 && timeout <= 180).toBe(true);
    }
  });
});
