import type { Bundle, ZObject } from 'zapier-platform-core';
import { type HookCatcher, startHookCatcher } from '../../harness/hook-catcher';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../sandbox/server';
import { type BundleExtra, op, run, type StepPath } from '../helpers/app';

export type TokenName = keyof Sandbox['tokens'];

/**
 * The sandbox modes the connector's steps run against: `sync` (jobs in the request, the sqlite
 * recordings) and `production` (a queue worker, PostgreSQL: test/recorded-production-like/). Suites
 * whose steps behave the same in both run in both: `describe.each(MODES)('%s mode', (mode) => ...)`.
 */
export const MODES = ['sync', 'production'] as const;
export type Mode = (typeof MODES)[number];

/** The options of a mode; the production worker waits 50 ms (not the real 3 s) so suites stay quick. */
export const modeOptions = (mode: Mode): SandboxOptions =>
  mode === 'production' ? { mode, worker: { delayMs: 50 } } : { mode };

/** Starts one sandbox for the file (beforeAll) and closes it (afterAll); the getter gives it to tests. */
export const useSandbox = (options: SandboxOptions = {}): (() => Sandbox) => {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ exportPollDelayMs: 100, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (sandbox === undefined) throw new Error('the sandbox is not running');
    return sandbox;
  };
};

/** Starts one hook catcher for the file (beforeAll) and closes it (afterAll); the getter gives it to tests. */
export const useHookCatcher = (): (() => HookCatcher) => {
  let catcher: HookCatcher | undefined;
  beforeAll(async () => {
    catcher = await startHookCatcher();
  });
  afterAll(async () => {
    await catcher?.close();
  });
  return () => {
    if (catcher === undefined) throw new Error('the hook catcher is not running');
    return catcher;
  };
};

/** Runs an app function (`triggers.form_list.operation.perform`, ...) against the sandbox with a token. */
export const runOn = <T = unknown>(
  sandbox: Sandbox,
  method: StepPath,
  inputData: Record<string, unknown> = {},
  token: TokenName = 'admin',
  extra: BundleExtra = {},
) =>
  run(op(method) as (z: ZObject, bundle: Bundle) => Promise<T>, inputData, {
    authData: { base_url: sandbox.baseUrl, api_key: sandbox.tokens[token] },
    ...extra,
  }) as Promise<T>;

/** A plain HTTP call to the sandbox (for checking its own behaviour), JSON in and out. */
export const call = async (
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { token?: TokenName | null; body?: unknown } = {},
) => {
  const token = options.token === null ? undefined : sandbox.tokens[options.token ?? 'admin'];
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
  return { status: response.status, headers: response.headers, text, json: json as any };
};

/** The fewest keys `POST /open/forms` requires (forms--create-form), for workspace 11 of the seed. */
export const REQUIRED_FORM_BODY = {
  workspace_id: 11,
  title: 'Minimal API Form',
  visibility: 'public',
  language: 'en',
  theme: 'default',
  presentation_style: 'classic',
  width: 'centered',
  size: 'md',
  border_radius: 'small',
  dark_mode: 'light',
  color: '#3B82F6',
  uppercase_labels: false,
  no_branding: false,
  transparent_background: false,
  properties: [{ id: 'c29fee32-b629-46bf-afb4-1c3f7cde1ff9', type: 'text', name: 'Your name' }],
};
