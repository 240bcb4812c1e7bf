import type { Bundle, ZObject } from 'zapier-platform-core';
import { startStep } from '../shared/budget';
import { redact, secretsOf } from './secrets';

/** Errors whose message core serialises as JSON (`{message, code, status}` or `{message, delay}`). */
const JSON_MESSAGE_ERRORS = new Set(['AppError', 'ThrottledError']);

/**
 * Makes an error safe to show and log: every secret of the step is replaced in its message, and
 * `doNotContextify` keeps core from appending the step's whole input to it ("What happened: ...
 * Executing ... with bundle {inputData...}"), which core does for every error class except its own
 * AppError, ThrottledError and ResponseError (ExpiredAuthError included).
 */
export const sanitizeError = (error: unknown, bundle: Bundle | undefined, extra: readonly unknown[] = []) => {
  if (!(error instanceof Error)) {
    return Object.assign(new Error(redact(String(error), secretsOf(bundle, extra))), {
      doNotContextify: true,
    });
  }
  const secrets = secretsOf(bundle, extra);
  if (JSON_MESSAGE_ERRORS.has(error.name)) {
    try {
      const parsed = JSON.parse(error.message) as { message?: unknown };
      if (typeof parsed.message === 'string') parsed.message = redact(parsed.message, secrets);
      error.message = JSON.stringify(parsed);
    } catch {
      error.message = redact(error.message, secrets);
    }
  } else {
    error.message = redact(error.message, secrets);
  }
  if (typeof error.stack === 'string') error.stack = redact(error.stack, secrets);
  (error as Error & { doNotContextify?: boolean }).doNotContextify = true;
  return error;
};

type Fn = (z: ZObject, bundle: Bundle) => unknown;

const guardFn =
  (fn: Fn): Fn =>
  async (z, bundle) => {
    startStep(bundle);
    try {
      return await fn(z, bundle);
    } catch (error) {
      throw sanitizeError(error, bundle);
    }
  };

const PERFORMS = ['perform', 'performList', 'performSubscribe', 'performUnsubscribe', 'performResume'];

const guardOperation = (operation: Record<string, unknown> | undefined) => {
  if (operation === undefined) return operation;
  const out: Record<string, unknown> = { ...operation };
  for (const key of PERFORMS) {
    if (typeof out[key] === 'function') out[key] = guardFn(out[key] as Fn);
  }
  // dynamic input and output fields (functions in the field lists) run with the bundle too
  for (const key of ['inputFields', 'outputFields']) {
    const fields = out[key];
    if (Array.isArray(fields)) {
      out[key] = fields.map((field: unknown) => (typeof field === 'function' ? guardFn(field as Fn) : field));
    }
  }
  return out;
};

const guardSteps = (steps: Record<string, { operation?: Record<string, unknown> }> | undefined) =>
  steps === undefined
    ? steps
    : Object.fromEntries(
        Object.entries(steps).map(([key, step]) => [
          key,
          { ...step, operation: guardOperation(step.operation) },
        ]),
      );

/**
 * Wraps every step of the app (and the auth test) so that each step starts its time budget and
 * no error leaves it carrying a secret. Hydrators are left as they are (core finds them by
 * identity); they download through `src/http/download.ts`, whose errors never name a secret.
 */
export const guardApp = <T extends Record<string, unknown>>(app: T): T => {
  const anyApp = app as Record<string, unknown> & {
    authentication?: { test?: unknown };
    triggers?: Record<string, { operation?: Record<string, unknown> }>;
    creates?: Record<string, { operation?: Record<string, unknown> }>;
    searches?: Record<string, { operation?: Record<string, unknown> }>;
  };
  return {
    ...app,
    authentication:
      anyApp.authentication === undefined
        ? undefined
        : {
            ...anyApp.authentication,
            test:
              typeof anyApp.authentication.test === 'function'
                ? guardFn(anyApp.authentication.test as Fn)
                : anyApp.authentication.test,
          },
    triggers: guardSteps(anyApp.triggers),
    creates: guardSteps(anyApp.creates),
    searches: guardSteps(anyApp.searches),
  } as T;
};
