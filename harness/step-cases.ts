/**
 * The step cases (`export const cases: StepCase[]` at the end of each step's module, src/shared/step-case.ts),
 * found through the app definition: every module of src/ is loaded, each exported step object is
 * paired with the step of the app it is (by identity: the guarded app keeps each step's `display`
 * object, the connection's `fields`), and its module's cases become calls of that step's methods.
 * The fault, secrets and deadline suites, the demo, the benchmark's request table, `npm run examples`
 * and test/cases.test.ts read them here; nothing keeps a list of steps by hand.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import App from '../index';
import type { SandboxIds } from '../sandbox/seed';
import type { Sandbox } from '../sandbox/server';
import type { StepCase } from '../src/shared/step-case';
import type { StashServer } from './file-storage';
import { type Invocation, invokeLogged } from './invoke';

export type StepKind = 'authentication' | 'triggers' | 'creates' | 'searches';
type Method = NonNullable<StepCase['method']> | 'test';

const ROOT = resolve(__dirname, '..');
const KINDS = ['triggers', 'creates', 'searches'] as const;
const HOOK_METHODS = ['performList', 'performSubscribe', 'performUnsubscribe'] as const;
const HOW = 'CONTRIBUTING.md, "Adding a step"; the type: src/shared/step-case.ts';

/** A step of the app as the cases see it. */
export interface AppStep {
  kind: StepKind;
  key: string;
  /** `creates.update_submission`, or `authentication` */
  id: string;
  /** What the Zap editor shows (`Connection` for the connection). */
  label: string;
  hidden: boolean;
  /** The methods a case must cover: a hook trigger's three, `perform`, or the connection's `test`. */
  methods: Method[];
  /** The module that exports it (relative to the repository), once the modules are loaded. */
  file?: string;
  /** What pairs it with its module's export (kept by identity in the guarded app). */
  marker: unknown;
  operation: Record<string, unknown>;
}

/** A case, paired with its step. */
export interface FoundCase
  extends Omit<StepCase, 'input' | 'bundle' | 'nothing' | 'method' | 'step' | 'name'> {
  /** `update_submission`, `new_submission.performList (Transfer page)`, `authentication.test` */
  name: string;
  /** The app method Zapier calls: `creates.update_submission.operation.perform`, `authentication.test`. */
  path: string;
  method: Method;
  step: AppStep;
  file: string;
  /** The inputData, placeholders replaced by the sandbox's ids. */
  inputData(ids: SandboxIds): Record<string, unknown>;
  /** The other bundle members, placeholders replaced. */
  bundle(ids: SandboxIds): Record<string, unknown> | undefined;
  /** A search's input that finds nothing, placeholders replaced (when the case declares one). */
  nothing?: (ids: SandboxIds) => Record<string, unknown>;
}

export interface StepCases {
  steps: AppStep[];
  cases: FoundCase[];
  /** What is missing or wrong, each naming the file and what to write (test/cases.test.ts shows them). */
  problems: string[];
}

type Operation = Record<string, unknown> & { type?: string };
type Step = { key: string; display: { label: string; hidden?: boolean }; operation: Operation };

/** The steps of the app in definition order: the connection first, then triggers, creates, searches. */
export const appSteps = (app: typeof App = App): AppStep[] => {
  const auth = app.authentication as unknown as ({ fields?: unknown } & Record<string, unknown>) | undefined;
  const steps: AppStep[] =
    auth === undefined
      ? []
      : [
          {
            kind: 'authentication',
            key: 'test',
            id: 'authentication',
            label: 'Connection',
            hidden: false,
            methods: ['test'],
            marker: auth.fields,
            operation: auth,
          },
        ];
  for (const kind of KINDS) {
    for (const step of Object.values((app[kind] ?? {}) as unknown as Record<string, Step>)) {
      steps.push({
        kind,
        key: step.key,
        id: `${kind}.${step.key}`,
        label: step.display.label,
        hidden: step.display.hidden === true,
        methods: step.operation.type === 'hook' ? [...HOOK_METHODS] : ['perform'],
        marker: step.display,
        operation: step.operation,
      });
    }
  }
  return steps;
};

/** Every module of src/ (no declaration files), relative to the repository. */
const srcModules = (dir = 'src'): string[] =>
  readdirSync(join(ROOT, dir))
    .sort()
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) return srcModules(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });

/** What a module exports that marks a step of the app: the step object (or the connection). */
const stepsOf = (exported: Record<string, unknown>, steps: AppStep[]): AppStep[] =>
  steps.filter((step) =>
    Object.values(exported).some((value) => {
      if (value === null || typeof value !== 'object') return false;
      const v = value as Record<string, unknown>;
      return step.kind === 'authentication' ? v.fields === step.marker : v.display === step.marker;
    }),
  );

const caseName = (step: AppStep, method: Method, name: string | undefined) =>
  `${step.kind === 'authentication' ? 'authentication' : step.key}${method === 'perform' ? '' : `.${method}`}${name === undefined ? '' : ` (${name})`}`;

const PLACEHOLDER = /\$([A-Za-z]\w*(?:\.\w+)*)/g;
const WHOLE = /^\$([A-Za-z]\w*(?:\.\w+)*)$/;

const lookup = (ids: SandboxIds, path: string, where: string): unknown => {
  let value: unknown = ids;
  for (const part of path.split('.'))
    value =
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (value === undefined || (value !== null && typeof value === 'object'))
    throw new Error(
      `${where}: the placeholder $${path} names no seeded id (SandboxIds in sandbox/seed.ts: ` +
        `${Object.keys(ids).join(', ')})`,
    );
  return value;
};

/** A case's value with every `$name` replaced by the sandbox's id (exactly `$name`: the id itself). */
export const withIds = (value: unknown, ids: SandboxIds, where: string): unknown => {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole !== null) return lookup(ids, whole[1] as string, where);
    return value.replace(PLACEHOLDER, (_, path: string) => String(lookup(ids, path, where)));
  }
  if (Array.isArray(value)) return value.map((v) => withIds(v, ids, where));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [withIds(k, ids, where) as string, withIds(v, ids, where)]),
    );
  return value;
};

const found = (step: AppStep, file: string, declared: StepCase): FoundCase => {
  const { input, bundle, nothing, method: declaredMethod, step: _key, name: label, ...rest } = declared;
  const method: Method = step.kind === 'authentication' ? 'test' : (declaredMethod ?? 'perform');
  const name = caseName(step, method, label);
  const where = `${name} (${file})`;
  return {
    ...rest,
    name,
    path: step.kind === 'authentication' ? 'authentication.test' : `${step.id}.operation.${method}`,
    method,
    step,
    file,
    inputData: (ids) => withIds(input, ids, where) as Record<string, unknown>,
    bundle: (ids) =>
      bundle === undefined ? undefined : (withIds(bundle, ids, where) as Record<string, unknown>),
    ...(nothing === undefined
      ? {}
      : { nothing: (ids: SandboxIds) => withIds(nothing, ids, where) as Record<string, unknown> }),
  };
};

/** A loaded module: its file (relative to the repository) and what it exports. */
export interface LoadedModule {
  file: string;
  exported: Record<string, unknown>;
}

/** Every module of src/, loaded (the same instances the app is built from). */
export const loadSrc = (): LoadedModule[] =>
  srcModules().map((file) => ({ file, exported: require(join(ROOT, file)) as Record<string, unknown> }));

/** Pairs the modules' cases with the app's steps; reports every step or method without a case. */
export const findCases = (app: typeof App, modules: LoadedModule[]): StepCases => {
  const steps = appSteps(app);
  const problems: string[] = [];
  const byModule: Array<{ file: string; steps: AppStep[]; cases: StepCase[] }> = [];
  for (const { file, exported } of modules) {
    const own = stepsOf(exported, steps);
    for (const step of own) step.file ??= file;
    const cases = exported.cases;
    if (cases === undefined) continue;
    if (!Array.isArray(cases)) problems.push(`${file}: \`cases\` must be an array of StepCase (${HOW})`);
    else if (own.length === 0) problems.push(`${file}: has \`cases\` but exports no step of the app`);
    else byModule.push({ file, steps: own, cases: cases as StepCase[] });
  }
  const cases: FoundCase[] = [];
  for (const { file, steps: own, cases: declared } of byModule) {
    for (const [i, c] of declared.entries()) {
      const step =
        c.step === undefined ? (own.length === 1 ? own[0] : undefined) : own.find((s) => s.key === c.step);
      if (step === undefined) {
        problems.push(
          c.step === undefined
            ? `${file}: cases[${i}] must say which step it calls (\`step\`: ${own.map((s) => `'${s.key}'`).join(' or ')})`
            : `${file}: cases[${i}] names step '${c.step}', which this module does not export`,
        );
        continue;
      }
      const one = found(step, file, c);
      if (typeof step.operation[one.method] !== 'function')
        problems.push(`${file}: ${one.name} calls ${one.method}, which ${step.id} does not have`);
      else cases.push(one);
    }
  }
  for (const step of steps) {
    const where = step.file ?? 'the module that exports it';
    const covered = new Set(cases.filter((c) => c.step === step).map((c) => c.method));
    const missing = step.methods.filter((m) => !covered.has(m));
    if (missing.length === step.methods.length)
      problems.push(
        `\`${step.id}\` has no case: add \`export const cases: StepCase[] = [{ input, minimum, why }]\` ` +
          `to the end of ${where}${step.methods[0] === 'perform' ? '' : ` (one for each of ${step.methods.join(', ')}: \`method\`)`} (${HOW})`,
      );
    else
      for (const method of missing)
        problems.push(
          `\`${step.id}\` has no case for ${method}: add \`{ method: '${method}', input, minimum, why }\` to \`cases\` in ${where} (${HOW})`,
        );
  }
  for (const step of steps.filter((s) => s.kind === 'searches'))
    if (cases.some((c) => c.step === step) && !cases.some((c) => c.step === step && c.nothing !== undefined))
      problems.push(
        `\`${step.id}\` has no input that finds nothing: add \`nothing: { ... }\` (an input no seeded record ` +
          `matches; it must answer []) to its case in ${step.file ?? 'the module that exports it'} (${HOW})`,
      );
  const order = new Map(steps.map((s, i) => [s, i]));
  cases.sort((a, b) => (order.get(a.step) as number) - (order.get(b.step) as number));
  return { steps, cases, problems };
};

let memo: StepCases | undefined;
/** The app's steps, their cases (in definition order) and what is missing; loaded once. */
export const stepCases = (): StepCases => {
  memo ??= findCases(App, loadSrc());
  return memo;
};

/** The cases, in the app's order (for suites that run every step). */
export const everyCase = (): FoundCase[] => stepCases().cases;

/** The case of that name (`update_submission`, `new_submission.performList`); throws when there is none. */
export const caseNamed = (name: string): FoundCase => {
  const c = everyCase().find((one) => one.name === name);
  if (c === undefined) throw new Error(`no step case named ${name}`);
  return c;
};

/** What one case did against the sandbox. */
export interface CaseRun {
  name: string;
  /** The OpnForm requests it sent (`METHOD path`), the sandbox's own control routes left out. */
  sent: string[];
  outcome: Invocation;
  /** Why it did not end as declared, with exactly `minimum` requests; undefined when it did. */
  problem?: string;
}

/** The one check of a run: it ended as declared (succeeded, or failed as `fails` says) with exactly `minimum` requests. */
export const problemOf = (c: FoundCase, outcome: Invocation, requests: number): string | undefined => {
  const message = outcome.error?.message;
  if (message !== undefined && !(c.fails?.test(message) ?? false)) return `${c.name}: ${message}`;
  if (message === undefined && c.fails !== undefined)
    return `${c.name}: succeeded, but must fail (${c.fails})`;
  if (requests !== c.minimum)
    return `${c.name}: ${requests} OpnForm requests, but its case in ${c.file} says minimum ${c.minimum} (${c.why})`;
  return undefined;
};

/** Runs one case against the sandbox (exports stash their file in `stash`), counting its requests. */
export const runCase = async (sandbox: Sandbox, stash: StashServer, c: FoundCase): Promise<CaseRun> => {
  sandbox.resetRequests();
  const input = c.inputData(sandbox.ids);
  const bundle = c.bundle(sandbox.ids);
  const outcome = await stash.withKey(() => invokeLogged(sandbox, c.path, input, bundle, stash.event));
  const sent = sandbox
    .requests()
    .filter((r) => !r.path.startsWith('/__sandbox/'))
    .map((r) => `${r.method} ${r.path}`);
  return { name: c.name, sent, outcome, problem: problemOf(c, outcome, sent.length) };
};
