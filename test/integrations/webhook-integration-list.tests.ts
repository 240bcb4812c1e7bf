import { failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';
import { CURRENT_SECRET, FORM_ID, slackIntegration, webhookIntegration } from './fixtures';

const perform = op('triggers.webhook_integration_list.operation.perform');

test('lists only webhook integrations, labelled without the URL query or any secret', async () => {
  const scope = api()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [
      webhookIntegration(),
      slackIntegration,
      { id: 14, form_id: FORM_ID, integration_id: 'webhook', status: 'inactive', data: [] },
      {
        id: 15,
        form_id: FORM_ID,
        integration_id: 'webhook',
        data: { webhook_url: 'https://x.example.org/' },
      },
    ]);
  const out = await run(perform, { workspace_id: '7', form_id: String(FORM_ID) });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual([
    { id: 12, name: 'Webhook #12 to hooks.example.com/******** (active)' },
    { id: 14, name: 'Webhook #14 to no URL (inactive)' },
    { id: 15, name: 'Webhook #15 to x.example.org (unknown status)' },
  ]);
  expect(JSON.stringify(out)).not.toContain(CURRENT_SECRET);
  expect(JSON.stringify(out)).not.toContain('/opnform');
});

test('a Slack or Discord token in the path and a token in the query are masked in labels (I-1)', async () => {
  const scope = api()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [
      {
        ...webhookIntegration(),
        id: 21,
        data: { webhook_url: 'https://hooks.slack.com/services/T0/B0/s3cr3tXX' },
      },
      {
        ...webhookIntegration(),
        id: 22,
        data: { webhook_url: 'https://discord.com/api/webhooks/1/tok3nYY' },
      },
      { ...webhookIntegration(), id: 23, data: { webhook_url: 'https://in.example.org/?key=abcd1234' } },
    ]);
  const out = await run(perform, { workspace_id: '7', form_id: String(FORM_ID) });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual([
    { id: 21, name: 'Webhook #21 to hooks.slack.com/******** (active)' },
    { id: 22, name: 'Webhook #22 to discord.com/******** (active)' },
    { id: 23, name: 'Webhook #23 to in.example.org/******** (active)' },
  ]);
});

test('a server without the integration list (404) gives an empty list: the user types the id', async () => {
  const scope = api().get(`/open/forms/${FORM_ID}/integrations`).reply(404, { message: '' });
  await expect(run(perform, { workspace_id: '7', form_id: FORM_ID })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test('a form that is not an id is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: '7', form_id: 'contact/../1' }));
  expect(error.message).toBe(
    'Invalid input: Form (form_id) must be a whole number (an OpnForm id), got "contact/../1".',
  );
});
