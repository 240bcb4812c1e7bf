// What a Zap made with the public version 1.0.4 holds, replayed through core's handler (Zapier's
// runtime entry point, `command: 'execute'`) after migration to this version: a connection with only
// `api_key` (1.0.4 had no URL field: its host was OpnForm Cloud), dropdown values saved as strings,
// a hook 1.0.4 subscribed (it stored OpnForm's answer `[]`), the delivery keys its Zaps map, and its
// hidden lists. OpnForm Cloud is stood in for by the sandbox: every request the app sends to
// https://api.opnform.com is expected one by one (method and path, nock) and forwarded as sent
// (query, body, bearer token) to the sandbox, whose answer comes back.
import nock from 'nock';
import { type StashServer, startStashServer } from '../../harness/file-storage';
import { invokeLogged } from '../../harness/invoke';
import { everyCase } from '../../harness/step-cases';
import { seed } from '../../sandbox/seed';
import type { Sandbox } from '../../sandbox/server';
import { readPublicDefinition } from '../../scripts/breaking-change';
import { App } from '../helpers/app';
import { call, useHookCatcher, useSandbox } from './helpers';

const sandbox = useSandbox();
const hookCatcher = useHookCatcher();

const CLOUD = 'https://api.opnform.com';
const emitted = (readPublicDefinition() as { emitted: Record<string, string[]> }).emitted;

/** The connection 1.0.4 made: only the token. */
const legacyConnection = (s: Sandbox) => ({ authData: { api_key: s.tokens.admin } });

/**
 * OpnForm Cloud for the next requests, in order (`'GET /external/zapier/validate'`): each must come
 * to https://api.opnform.com with the path given (any query), and is answered by the sandbox.
 */
const cloud = (s: Sandbox, ...expected: string[]) => {
  const scope = nock(CLOUD);
  for (const line of expected) {
    const [method = '', path = ''] = line.split(' ');
    scope
      .intercept(path, method)
      .query(true)
      .reply(async function forward(uri, body) {
        const answer = await fetch(`${s.baseUrl}${uri}`, {
          method,
          headers: {
            Accept: 'application/json',
            Authorization: String(this.req.headers.authorization),
            ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
          },
          body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        });
        return [answer.status, await answer.text(), { 'content-type': 'application/json' }];
      });
  }
  return scope;
};

/** Zapier renders a string connection label from the auth test's result. */
const label = (result: Record<string, unknown>) =>
  String(App.authentication?.connectionLabel).replace(/\{\{(\w+)\}\}/g, (_m, key: string) =>
    String(result[key]),
  );

describe('a connection made by 1.0.4 (api_key only) is an OpnForm Cloud connection', () => {
  test.each([
    ['no base_url', {}],
    ['a blank base_url', { base_url: '  ' }],
  ])('%s: the auth test and the label', async (_name, extra) => {
    const s = sandbox();
    const scope = cloud(s, 'GET /external/zapier/validate');
    const outcome = await invokeLogged(
      s,
      'authentication.test',
      {},
      {
        authData: { api_key: s.tokens.admin, ...extra },
      },
    );
    expect(outcome.error).toBeUndefined();
    expect(scope.isDone()).toBe(true);
    const me = outcome.results as Record<string, unknown>;
    expect(me).toEqual({ name: expect.any(String), email: expect.stringContaining('@') });
    expect(label(me)).toBe(`${me.name} (${me.email})`);
  });
});

describe("1.0.4's hidden lists, with the ids its dropdowns saved", () => {
  test('list_workspaces: [{id, name}], the integer workspace ids', async () => {
    const s = sandbox();
    const scope = cloud(s, 'GET /external/zapier/workspaces');
    const outcome = await invokeLogged(
      s,
      'triggers.list_workspaces.operation.perform',
      {},
      legacyConnection(s),
    );
    expect(scope.isDone()).toBe(true);
    const items = outcome.results as Array<Record<string, unknown>>;
    expect(items).toContainEqual({ id: s.ids.workspaceId, name: expect.any(String) });
    for (const item of items) expect(Object.keys(item)).toEqual(emitted.list_workspaces);
  });

  test('list_forms: workspace_id as 1.0.4 saved it ("11"), [{id, name, label}], the integer form ids', async () => {
    const s = sandbox();
    const scope = cloud(s, `GET /open/workspaces/${s.ids.workspaceId}/forms`);
    const outcome = await invokeLogged(
      s,
      'triggers.list_forms.operation.perform',
      { workspace_id: String(s.ids.workspaceId) },
      legacyConnection(s),
    );
    expect(scope.isDone()).toBe(true);
    const items = outcome.results as Array<Record<string, unknown>>;
    expect(items).toContainEqual({
      id: s.ids.formId,
      name: expect.any(String),
      label: expect.stringMatching(/ \(.+\)$/),
    });
    for (const item of items) expect(Object.keys(item)).toEqual(emitted.list_forms);
  });
});

describe('New Submission in a Zap made by 1.0.4', () => {
  test("its hook delivers (subscribeData []), the samples, unsubscribe removes it: the form's hook list is empty after", async () => {
    const s = sandbox();
    const { formId, workspaceId, fields: F } = s.ids;
    // what 1.0.4's dropdowns saved, and the hook it subscribed (OpnForm answered `[]`: stored as such)
    const input = { workspace_id: String(workspaceId), form_id: String(formId) };
    const hookUrl = hookCatcher().url('zap-made-by-1.0.4');
    const subscribed = await call(s, 'POST', '/external/zapier/webhook', {
      body: { hookUrl, form_id: input.form_id },
    });
    expect([subscribed.status, subscribed.json]).toEqual([200, []]);
    const subscribeData: unknown[] = [];
    const zap = { ...legacyConnection(s), subscribeData, targetUrl: hookUrl, meta: { zap: { id: 104 } } };

    // a submission: OpnForm delivers to the 1.0.4 hook; the trigger runs on it
    const { id } = await s.submit(formId, {
      [F.full_name as string]: 'Ada Lovelace',
      [F.email as string]: 'ada@example.org',
      [F.plan as string]: 'Pro',
      [F.subscribe as string]: true,
      [F.interests as string]: ['Forms'],
      [F.visit_date as string]: '2026-11-21T14:30:00+00:00',
      [F.satisfaction as string]: { Support: 'Good', Product: 'OK' },
    });
    const delivery = (await hookCatcher().next()).json as Record<string, unknown>;
    const performed = await invokeLogged(s, 'triggers.new_submission.operation.perform', input, {
      ...zap,
      cleanedRequest: delivery,
    });
    expect(performed.error).toBeUndefined();
    const [item] = performed.results as Array<Record<string, unknown>>;
    // every key the 1.0.4 trigger gave, with the delivered value, next to today's keys
    for (const key of Object.keys(delivery))
      expect({ key, value: item?.[key] }).toEqual({ key, value: delivery[key] });
    expect(item).toMatchObject({
      id,
      submission_id: id,
      form_id: formId,
      submission: { 'Full Name': 'Ada Lovelace', Email: 'ada@example.org', Subscribe: 'Yes' },
      data: { [F.email as string]: { value: 'ada@example.org', name: 'Email', type: 'email' } },
      answers: { [F.full_name as string]: 'Ada Lovelace', [F.subscribe as string]: true },
    });

    // the editor's test records: the same keys, the 1.0.4 ones shaped as the delivery shows them
    const listed = cloud(s, `GET /open/forms/${formId}`, `GET /open/forms/${formId}/submissions`);
    const sampled = await invokeLogged(s, 'triggers.new_submission.operation.performList', input, zap);
    expect(listed.isDone()).toBe(true);
    const sample = (sampled.results as Array<Record<string, unknown>>).find((each) => each.id === id);
    expect(Object.keys(sample ?? {}).sort()).toEqual(Object.keys(item ?? {}).sort());
    expect(sample?.submission).toEqual(item?.submission);
    expect(sample?.data).toEqual(item?.data);

    // turning the Zap off: the hook 1.0.4 subscribed is found by the Zap's hook URL and its form
    expect(s.hooks(formId)).toEqual([{ formId, hookUrl }]);
    const removed = cloud(s, 'DELETE /external/zapier/webhook');
    const off = await invokeLogged(s, 'triggers.new_submission.operation.performUnsubscribe', input, zap);
    expect(removed.isDone()).toBe(true);
    expect(off.results).toEqual({ hookUrl, form_id: formId, form_gone: false });
    expect(s.hooks(formId)).toEqual([]);

    // on again (now with this version): the form read (its workspace checked), subscribe with the same
    // inputs, off again, nothing left
    const again = cloud(
      s,
      `GET /open/forms/${formId}`,
      'POST /external/zapier/webhook',
      'DELETE /external/zapier/webhook',
    );
    const on = await invokeLogged(s, 'triggers.new_submission.operation.performSubscribe', input, zap);
    expect(on.results).toEqual({ hookUrl, form_id: formId });
    expect(s.hooks(formId)).toEqual([{ formId, hookUrl }]);
    await invokeLogged(s, 'triggers.new_submission.operation.performUnsubscribe', input, {
      ...zap,
      subscribeData: on.results,
    });
    expect(again.isDone()).toBe(true);
    expect(s.hooks(formId)).toEqual([]);
  });

  test.each([
    ['{}', {}],
    ['missing', undefined],
  ])('unsubscribing with subscribeData %s also leaves no hook behind', async (_name, subscribeData) => {
    const s = sandbox();
    const { formId, workspaceId } = s.ids;
    const hookUrl = hookCatcher().url(`zap-unsubscribe-${_name === '{}' ? 'empty' : 'missing'}`);
    await call(s, 'POST', '/external/zapier/webhook', { body: { hookUrl, form_id: String(formId) } });
    const scope = cloud(s, 'DELETE /external/zapier/webhook');
    const off = await invokeLogged(
      s,
      'triggers.new_submission.operation.performUnsubscribe',
      { workspace_id: String(workspaceId), form_id: String(formId) },
      {
        ...legacyConnection(s),
        targetUrl: hookUrl,
        ...(subscribeData === undefined ? {} : { subscribeData }),
      },
    );
    expect(scope.isDone()).toBe(true);
    expect(off.results).toEqual({ hookUrl, form_id: formId, form_gone: false });
    expect(s.hooks(formId).filter((hook) => hook.hookUrl === hookUrl)).toEqual([]);
  });
});

describe('workspace_id and form_id saved as strings ("11", "6") work in every step that takes them', () => {
  let stash: StashServer | undefined;
  beforeAll(async () => {
    stash = await startStashServer();
  });
  afterAll(async () => {
    await stash?.close();
  });

  // one test per step (each within the test timeout on a loaded machine), in the cases' order
  const seededIds = seed({ submissions: 1, largeFormSubmissions: 1 }).ids;
  const taking = everyCase().filter((c) => {
    const input = c.inputData(seededIds);
    return 'workspace_id' in input || 'form_id' in input;
  });

  test('the New Submission methods, the hidden lists and the form steps are among them', () => {
    expect(taking.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'list_forms',
        'new_submission.performList',
        'new_submission.performSubscribe',
        'new_submission.performUnsubscribe',
        'update_submission',
      ]),
    );
  });

  test.each(taking.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const s = sandbox();
    const saved = Object.fromEntries(
      Object.entries(c.inputData(s.ids)).map(([key, value]) =>
        key === 'workspace_id' || key === 'form_id' ? [key, String(value)] : [key, value],
      ),
    );
    const files = stash as StashServer;
    const outcome = await files.withKey(() => invokeLogged(s, c.path, saved, c.bundle(s.ids), files.event));
    const message = outcome.error?.message;
    expect({ name, ok: message === undefined || (c.fails?.test(message) ?? false) }).toEqual({
      name,
      ok: true,
    });
  });
});
