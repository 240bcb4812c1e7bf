import type { Bundle, ZObject } from 'zapier-platform-core';
import { createAppTester } from 'zapier-platform-core';
import { type SeenError, seen } from '../../harness/seen';
import App from '../../index';

export { App };
export const appTester = createAppTester(App);

export const BASE = 'https://forms.example.org/api';
export const TOKEN = '12|s3cretTokenValue0123456789abcdefghijklmnopqrstuv';
export const authData = { base_url: BASE, api_key: TOKEN };

/** Headers every request to OpnForm must carry. */
export const API_HEADERS = {
  authorization: `Bearer ${TOKEN}`,
  accept: 'application/json',
};

type Perform<T> = (z: ZObject, bundle: Bundle) => T | Promise<T>;

/** Runs a perform with the test connection and the given input. */
export const run = <T>(
  perform: Perform<T>,
  inputData: Record<string, unknown> = {},
  extra: Partial<Bundle> = {},
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

/** A function of the app by its path, as Zapier resolves it: `op('triggers.form_list.operation.perform')`. */
export const op = (methodPath: string): Perform<unknown> => {
  const found = methodPath
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], App);
  if (typeof found !== 'function') throw new Error(`no function at ${methodPath}`);
  return found as Perform<unknown>;
};
