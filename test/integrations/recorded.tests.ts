// Update Webhook Integration and the Webhook Integration dropdown against the real server's
// recorded answers (integrations--list, integrations--update).
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { formReadScope, recorded, recordedScope } from '../helpers/recorded';

const update = op('creates.update_webhook_integration.operation.perform');
const dropdown = op('triggers.webhook_integration_list.operation.perform');

const LIST = recorded('integrations--list');
const UPDATE = recorded('integrations--update');
const SECRET = 's3cret-signing-key-123';

afterEach(() => nock.cleanAll());

describe('Webhook Integration dropdown', () => {
  test('the recorded list (three webhooks and a zapier row): only the webhooks, no secret', async () => {
    const scope = recordedScope(UPDATE.exchange(10));
    const out = await run(dropdown, { workspace_id: '6', form_id: '6' });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual([
      { id: 17, name: 'Webhook #17 to hooks.example.net/******** (active)' },
      { id: 18, name: 'Webhook #18 to hooks.example.net/******** (active)' },
      { id: 19, name: 'Webhook #19 to dead.example.net:8443/******** (active)' },
    ]);
  });

  test('a token without manage-integrations (recorded 403) is told which ability', async () => {
    const scope = recordedScope(LIST.exchange(1));
    const error = await failure(run(dropdown, { workspace_id: 6, form_id: 6 }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

describe('Update Webhook Integration', () => {
  test('a status change sends exactly the recorded "done right" PUT: current data and logic back, status changed', async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    const put = recordedScope(UPDATE.exchange(1)); // matches the recorded request body exactly
    const out = await run(update, {
      workspace_id: '6',
      form_id: '6',
      webhook_integration_id: '18',
      status: 'inactive',
    });
    expect(list.isDone() && put.isDone()).toBe(true);
    expect(out).toEqual({
      id: 18,
      form_id: 6,
      integration_id: 'webhook',
      status: 'inactive',
      webhook_url: 'https://hooks.example.net/********',
      has_secret: true,
      secret_last4: '-123',
      webhook_headers: { 'X-Team': '********', 'X-Env': '********' },
      header_names: ['X-Team', 'X-Env'],
      message: 'Form Integration was updated.',
    });
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(JSON.stringify(out)).not.toContain('growth');
  });

  test('rotating the secret keeps the headers and the trigger logic (the server would drop them if left out)', async () => {
    const current = LIST.exchange(0).response.body as Array<Record<string, unknown>>;
    const row = current.find((i) => i.id === 18) as Record<string, unknown>;
    const rotated = 'rotated-secret-456789';
    const sent = {
      integration_id: 'webhook',
      status: 'active',
      data: { ...(row.data as Record<string, unknown>), webhook_secret: rotated },
      logic: row.logic,
    };
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    const ex = UPDATE.exchange(4);
    ex.request.body = sent;
    ex.response.body = {
      type: 'success',
      message: 'Form Integration was updated.',
      form_integration: { ...row, data: sent.data },
    };
    const put = recordedScope(ex);
    const out = await run(update, {
      workspace_id: 6,
      form_id: 6,
      webhook_integration_id: 18,
      webhook_secret: rotated,
    });
    expect(list.isDone() && put.isDone()).toBe(true);
    expect(out).toMatchObject({ has_secret: true, secret_last4: '6789', header_names: ['X-Team', 'X-Env'] });
    expect(JSON.stringify(out)).not.toContain(rotated);
  });

  test('the id of a zapier row is refused before any PUT (the real server would silently turn it into a webhook)', async () => {
    formReadScope(6, 6);
    const list = recordedScope(UPDATE.exchange(10));
    const error = await failure(
      run(update, { workspace_id: 6, form_id: 6, webhook_integration_id: 20, status: 'inactive' }),
    );
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(error.message).toBe(
      'Invalid input: Webhook Integration (webhook_integration_id) 20 is a "zapier" integration, not a ' +
        'webhook: this step only updates webhook integrations.',
    );
  });

  test('an id that is not on the form (the server would answer 404) is reported before any PUT', async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    const error = await failure(
      run(update, { workspace_id: 6, form_id: 6, webhook_integration_id: 999999, status: 'active' }),
    );
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.message).toMatch(/^Webhook integration 999999 not found on form 6 in OpnForm \(404\)/);
  });

  test("the server's recorded 422 names the input; the secret is not repeated", async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    // the recorded 422 of a PUT without data, as the answer to whatever the step sends
    const put = recordedScope(UPDATE.exchange(0), { body: () => true });
    const error = await failure(
      run(update, { workspace_id: 6, form_id: 6, webhook_integration_id: 18, status: 'inactive' }),
    );
    expect(list.isDone() && put.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(error.message).toContain('Webhook URL (webhook_url): The Webhook Url field is required.');
    expect(error.message).not.toContain(SECRET);
  });
});
