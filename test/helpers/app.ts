import type { Bundle, ZObject } from 'zapier-platform-core';
import { createAppTester } from 'zapier-platform-core';
import { type SeenError, seen } from '../../harness/seen';
import App from '../../index';
import { USER_AGENT } from '../../src/version';

export { App };
export const appTester = createAppTester(App);

export const BASE = 'https://forms.example.org/api';
export const TOKEN = '12|s3cretTokenValue0123456789abcdefghijklmnopqrstuv';
export const authData = { base_url: BASE, api_key: TOKEN };

/** Headers every request to OpnForm must carry (src/http/client.ts). */
export const API_HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  accept: 'application/json',
  'user-agent': USER_AGENT,
};

type Perform<T> = (z: ZObject, bundle: Bundle) => T | Promise<T>;

/** What a test may set on the bundle besides the input: loosely typed where core's types are narrower than Zapier's. */
export type BundleExtra = Partial<Omit<Bundle, 'subscribeData' | 'meta' | 'cleanedRequest'>> & {
  subscribeData?: Record<string, unknown>;
  meta?: Partial<Bundle['meta']>;
  cleanedRequest?: unknown;
};

/**
 * Runs a perform with the test connection and the given input. The one cast of the tests' bundles to
 * core's types is here (core types `subscribeData` as `{id}` and `meta` in full; Zapier sends more, or less).
 */
export const run = <T>(
  perform: Perform<T>,
  inputData: Record<string, unknown> = {},
  extra: BundleExtra = {},
) => appTester(perform as never, { authData, inputData, ...extra } as never) as Promise<Awaited<T>>;

export { type SeenError, seen };

/** Awaits a promise that must reject and returns the error as the user sees it. */
export const failure = async (promise: Promise<unknown>): Promise<SeenError> => {
  try {
    await promise;
  } catch (error) {
    return seen(error);
  }
  throw new Error('expected the step to fail, but it succeeded');
};

type Definition = typeof App;
type Kind = 'triggers' | 'creates' | 'searches';
type StepsOf<K extends Kind> = NonNullable<Definition[K]>;
/** The keys of an operation, of any member of a union (a trigger's operation is polling or hook). */
type KeysOf<O> = O extends unknown ? keyof O & string : never;
type OperationOf<T> = T extends { operation: infer O } ? O : never;
type PathsOf<K extends Kind> = K extends Kind
  ? {
      [S in keyof StepsOf<K> & string]:
        | `${K}.${S}.operation.${KeysOf<OperationOf<StepsOf<K>[S]>>}`
        | `${K}.${S}.operation.${'inputFields' | 'outputFields'}.${number}`;
    }[keyof StepsOf<K> & string]
  : never;
/**
 * The path of a function of the app as Zapier names it (`creates.update_submission.operation.perform`),
 * derived from the typed definition: a renamed or removed step or method is a compile error.
 */
export type StepPath =
  | PathsOf<Kind>
  | `hydrators.${keyof NonNullable<Definition['hydrators']> & string}`
  | 'authentication.test';

/**
 * A function of the app by its typed path (`op('triggers.form_list.operation.perform')`) or taken from
 * the definition (`op(App.creates.update_submission.operation.perform)`): a renamed or removed step or
 * method fails to compile. Throws if there is no function there.
 */
export const op = (fn: object | undefined | StepPath): Perform<unknown> => {
  const found =
    typeof fn === 'string'
      ? fn.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], App)
      : fn;
  if (typeof found !== 'function') throw new Error(`not a function of the app: ${String(fn)}`);
  return found as Perform<unknown>;
};
