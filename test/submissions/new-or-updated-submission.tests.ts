// New or Updated Submission against the real server's recorded answers (external--webhook-subscribe,
// external--webhook-unsubscribe, external--hook-delivery-every-block: the delivery #2 and its re-delivery
// after the edit #6).
import nock from 'nock';
import { App, failure, op, run } from '../helpers/app';
import { fakeDateOnly } from '../helpers/clock';
import { recorded, recordedScope } from '../helpers/recorded';
import { withCache } from './cache';

const KEY = 'triggers.new_or_updated_submission.operation';
const subscribe = op(`${KEY}.performSubscribe` as never);
const unsubscribe = op(`${KEY}.performUnsubscribe` as never);
const perform = op(`${KEY}.perform` as never);
const performList = op(`${KEY}.performList` as never);
const newSubmission = op('triggers.new_submission.operation.perform');

const EVERY_BLOCK = recorded('external--hook-delivery-every-block');
const formScope = () => recordedScope(recorded('forms--get-form').find('GET', '/open/forms/13', 200));
const RECEIVED = '2026-11-23T17:39:06+00:00';
const HOOK = 'https://hooks.example.net/hooks/zapier-form6';
const EVERY_BLOCK_HOOK = 'https://hooks.example.net/hooks/zapier-everyblock';
/** The keys New Submission keeps for Zaps made with 1.0.4: not in this trigger's output. */
const LEGACY = ['submission_id', 'submission', 'data', 'message', 'meta'];

beforeEach(() => {
  fakeDateOnly(new Date(RECEIVED));
});
afterAll(() => {
  jest.useRealTimers();
});
afterEach(() => nock.cleanAll());

const deliver = (step: typeof perform, index: number, store: Map<string, unknown>, input = {}) =>
  run(
    withCache(step, store),
    { workspace_id: 6, form_id: 13, ...input },
    {
      cleanedRequest: EVERY_BLOCK.exchange(index).request.body,
      subscribeData: { hookUrl: EVERY_BLOCK_HOOK, form_id: 13 },
    },
  ) as Promise<Array<Record<string, unknown>>>;

test('subscribes (after the form read) and unsubscribes on the same legacy hook endpoints as New Submission (as recorded)', async () => {
  const read = recordedScope(recorded('forms--update-form').exchange(1));
  const on = recordedScope(recorded('external--webhook-subscribe').exchange(0));
  await expect(run(subscribe, { workspace_id: '6', form_id: '6' }, { targetUrl: HOOK })).resolves.toEqual({
    hookUrl: HOOK,
    form_id: 6,
  });
  expect(read.isDone() && on.isDone()).toBe(true);
  const off = recordedScope(recorded('external--webhook-unsubscribe').exchange(0));
  await expect(
    run(unsubscribe, { workspace_id: '6', form_id: '6' }, { subscribeData: { hookUrl: HOOK, form_id: 6 } }),
  ).resolves.toEqual({ hookUrl: HOOK, form_id: 6, form_gone: false });
  expect(off.isDone()).toBe(true);
});

test('a form that is not an id is refused before subscribing, naming the field', async () => {
  const error = await failure(
    run(subscribe, { workspace_id: 7, form_id: 'contact-us' }, { targetUrl: HOOK }),
  );
  expect(error.message).toBe(
    'Invalid input: Form (form_id) must be a whole number (an OpnForm id), got "contact-us".',
  );
});

test('the recorded submission triggers as new, its edit (same id 1049) as an edit, an unchanged repeat not at all', async () => {
  const store = new Map<string, unknown>();
  // one form read for all three deliveries: the date formats are cached (5 minutes)
  const form = formScope();
  const [first] = await deliver(perform, 2, store);
  expect(first).toMatchObject({ id: 1049, is_edit: false, submitted_at: RECEIVED, received_at: RECEIVED });
  // edits are always on: a stray include_edits (no such input here) changes nothing
  const [edit] = await deliver(perform, 6, store, { include_edits: 'no' });
  expect(edit).toMatchObject({
    id: 1049,
    is_edit: true,
    received_at: RECEIVED,
    submitted_at: null,
    answers: { '3e07d301-d172-448c-9007-28d8a30b7e16': 'Enterprise' },
  });
  // the Zap's own Update Submission delivered back unchanged: the loop ends here
  await expect(deliver(perform, 6, store)).resolves.toEqual([]);
  expect(form.isDone()).toBe(true);
});

test("New Submission's item without the 1.0.4 keys", async () => {
  const forms = [formScope(), formScope()];
  const [item] = await deliver(perform, 2, new Map());
  const [legacy] = await deliver(newSubmission, 2, new Map());
  expect(forms.map((f) => f.isDone())).toEqual([true, true]);
  const strip = (out: Record<string, unknown> | undefined) =>
    Object.fromEntries(Object.entries(out ?? {}).filter(([key]) => !LEGACY.includes(key)));
  expect(item).toEqual(strip(legacy));
  for (const key of LEGACY) expect(item).not.toHaveProperty(key);
});

test('a delivery that is not a submission is an error naming what is wrong', async () => {
  const error = await failure(
    run(withCache(perform, new Map()), { workspace_id: 6, form_id: 13 }, { cleanedRequest: [] as never }),
  );
  expect(error.code).toBe('bad_response');
  expect(error.message).toMatch(/^The delivery OpnForm sent to this Zap is not a submission \(/);
});

test('performList: the newest completed submissions (the form, one page of 3), shaped as perform shapes them', async () => {
  const form = formScope();
  const list = recordedScope(EVERY_BLOCK.find('GET', '/open/forms/13/submissions', 200), {
    query: { page: 1, per_page: 3, status: 'completed' },
  });
  const items = (await run(performList, { workspace_id: 6, form_id: 13 })) as Array<Record<string, unknown>>;
  expect(form.isDone() && list.isDone()).toBe(true);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    id: 1049,
    submitted_at: '2026-11-23T17:39:05+00:00',
    received_at: RECEIVED,
    is_edit: false,
  });
  const formAgain = formScope();
  const [delivered] = await deliver(perform, 2, new Map());
  expect(formAgain.isDone()).toBe(true);
  expect(Object.keys(items[0] as object).sort()).toEqual(Object.keys(delivered as object).sort());
});

test('its own key and label; New Submission keeps its key, label and the edits input', () => {
  const mine = App.triggers.new_or_updated_submission as unknown as {
    display: { label: string; description: string };
    operation: { inputFields: Array<{ key: string }>; sample: Record<string, unknown> };
  };
  expect(mine.display).toEqual({
    label: 'New or Updated Submission',
    description:
      'Triggers when a form gets a completed submission or one is edited: New Submission with edits always ' +
      'on, without its 1.0.4 keys.',
  });
  expect(mine.operation.inputFields.map((f) => f.key)).toEqual(['workspace_id', 'form_id']);
  for (const key of LEGACY) expect(mine.operation.sample).not.toHaveProperty(key);
  const theirs = App.triggers.new_submission as unknown as {
    display: { label: string };
    operation: { inputFields: Array<{ key: string }> };
  };
  expect(theirs.display.label).toBe('New Submission');
  expect(theirs.operation.inputFields.map((f) => f.key)).toEqual([
    'workspace_id',
    'form_id',
    'include_edits',
  ]);
});
