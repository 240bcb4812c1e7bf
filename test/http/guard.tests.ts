/**
 * Every error the connector raises leaves a step without a secret and without core's bundle context
 * (H-1): `guardApp` wraps every perform, auth test and dynamic field function of the app.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { guardApp, sanitizeError } from '../../src/http/guard';

const bundle = {
  authData: { base_url: 'https://forms.example.org/api', api_key: '7|tokenValue123456' },
  inputData: {
    webhook_secret: 'n3w-Secret-Rotated',
    webhook_headers: { 'X-Team': 'team-value' },
    form_id: '6',
  },
} as unknown as Bundle;

test('a plain Error holding secrets is redacted and marked not to be contextified', () => {
  const error = sanitizeError(
    new Error('Value in violation: "7|tokenValue123456 n3w-Secret-Rotated team-value" in attribute "body"'),
    bundle,
  ) as Error & { doNotContextify?: boolean };
  expect(error.message).toBe('Value in violation: "[hidden] [hidden] [hidden]" in attribute "body"');
  expect(error.doNotContextify).toBe(true);
});

test("a Zapier error's JSON message stays JSON, its message redacted", () => {
  const appError = Object.assign(
    new Error(JSON.stringify({ message: 'echo team-value', code: 'x', status: 400 })),
    {
      name: 'AppError',
    },
  );
  expect(JSON.parse(sanitizeError(appError, bundle).message)).toEqual({
    message: 'echo [hidden]',
    code: 'x',
    status: 400,
  });
});

test('every perform and dynamic field function of the app is guarded', async () => {
  const thrower = async (_z: ZObject, b: Bundle) => {
    throw new Error(`boom ${String((b.inputData as Record<string, unknown>).webhook_secret)}`);
  };
  const app = guardApp({
    authentication: { test: thrower },
    creates: { c: { operation: { perform: thrower, inputFields: [{ key: 'a' }, thrower] } } },
    triggers: { t: { operation: { perform: thrower, performSubscribe: thrower } } },
    searches: { s: { operation: { perform: thrower } } },
  });
  const fns = [
    app.authentication.test,
    app.creates.c.operation.perform,
    app.creates.c.operation.inputFields[1],
    app.triggers.t.operation.perform,
    app.triggers.t.operation.performSubscribe,
    app.searches.s.operation.perform,
  ] as Array<(z: ZObject, b: Bundle) => Promise<unknown>>;
  for (const fn of fns) {
    await expect(fn({} as ZObject, bundle)).rejects.toMatchObject({
      message: 'boom [hidden]',
      doNotContextify: true,
    });
  }
  expect(app.creates.c.operation.inputFields[0]).toEqual({ key: 'a' });
});

test("the token's part after | (Sanctum accepts it alone) and every written form of a secret are hidden", () => {
  const withSlash = {
    ...bundle,
    inputData: {
      webhook_secret: 'slash/Secret+Value 9',
      webhook_url: 'https://hooks.example.net/cap/Xy7Qw9?k=Abc123Def',
    },
  } as unknown as Bundle;
  const error = sanitizeError(
    new Error(
      [
        'tokenValue123456',
        '7%7CtokenValue123456',
        'slash\\/Secret+Value 9',
        'slash%2FSecret%2BValue%209',
        'slash%2FSecret%2BValue+9',
        'https:\\/\\/hooks.example.net\\/cap\\/Xy7Qw9?k=Abc123Def',
        'hooks.example.net/cap/Xy7Qw9?k=Abc123Def',
        'key Abc123Def',
      ].join(' | '),
    ),
    withSlash,
  );
  expect(error.message).toBe(
    '[hidden] | [hidden] | [hidden] | [hidden] | [hidden] | [hidden] | [hidden] | key [hidden]',
  );
});
