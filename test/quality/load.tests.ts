/**
 * Load against the sandbox: 100 subscribe/unsubscribe cycles of the instant trigger leave zero hooks;
 * deliveries through `new_submission` are all received and shaped right (none lost, none wrong): 100 in
 * `npm test`, 1000 in the deep run (`DEEP_PROPERTIES=1`, which `.ci/run` exports).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import type { SubmissionOutput } from '../../src/submissions/output/output-types';
import { useHookCatcher, useSandbox } from '../e2e/helpers';
import { type BundleExtra, op, run } from '../helpers/app';
import { withCache } from '../submissions/cache';

const DELIVERIES = process.env.DEEP_PROPERTIES === '1' ? 1000 : 100;

const sandbox = useSandbox();
const hookCatcher = useHookCatcher();

type Fn = (z: ZObject, bundle: Bundle) => unknown;
const on = <T>(fn: Fn, inputData: Record<string, unknown>, extra: BundleExtra = {}) => {
  const s = sandbox();
  return run(fn, inputData, {
    authData: { base_url: s.baseUrl, api_key: s.tokens.admin },
    ...extra,
  }) as Promise<T>;
};
const trigger = (name: 'performSubscribe' | 'performUnsubscribe' | 'performList' | 'perform') =>
  op(`triggers.new_submission.operation.${name}`);

test('100 subscribe/unsubscribe cycles leave zero hooks', async () => {
  const { formId, workspaceId } = sandbox().ids;
  const before = sandbox().hooks(formId).length;
  for (let i = 0; i < 100; i += 1) {
    const input = { workspace_id: workspaceId, form_id: formId };
    const subscribeData = await on<Record<string, unknown>>(trigger('performSubscribe'), input, {
      targetUrl: hookCatcher().url(`cycle-${i}`),
    });
    expect(sandbox().hooks(formId)).toHaveLength(before + 1);
    await on(trigger('performUnsubscribe'), input, { subscribeData });
  }
  expect(sandbox().hooks(formId)).toHaveLength(before);
  expect(
    sandbox()
      .hooks()
      .filter((h) => h.hookUrl.includes('/cycle-')),
  ).toEqual([]);
  // a guard against a hang, not a speed check: about 10 s on a quiet 2-core machine, several times that under load
}, 300_000);

test(`${DELIVERIES} deliveries: every one received and shaped with its own id and answers`, async () => {
  const s = sandbox();
  const { formId, workspaceId, fields: F } = s.ids;
  const input = { workspace_id: workspaceId, form_id: formId };
  const subscribeData = await on<Record<string, unknown>>(trigger('performSubscribe'), input, {
    targetUrl: hookCatcher().url('load'),
  });
  const first = hookCatcher().received.length;
  const sent: Array<{ id: number; name: string }> = [];
  for (let i = 0; i < DELIVERIES; i += 1) {
    const name = `Load tester ${i}`;
    const { id } = await s.submit(formId, {
      [F.full_name as string]: name,
      [F.email as string]: `load${i}@example.org`,
      [F.plan as string]: 'Pro',
    });
    sent.push({ id, name });
  }
  const deliveries = hookCatcher()
    .received.slice(first)
    .filter((d) => d.path.endsWith('/load'));
  expect(deliveries).toHaveLength(DELIVERIES);

  const cache = new Map<string, unknown>();
  const shaped: SubmissionOutput[] = [];
  for (const delivery of deliveries) {
    const items = await on<SubmissionOutput[]>(withCache(trigger('perform'), cache), input, {
      cleanedRequest: delivery.json,
      subscribeData,
    });
    shaped.push(...items);
  }
  expect(shaped.map((item) => ({ id: item.id, name: item.answers[F.full_name as string] }))).toEqual(sent);
  expect(new Set(shaped.map((item) => item.id)).size).toBe(DELIVERIES);
  for (const item of shaped)
    expect(item).toMatchObject({ form_id: formId, form_slug: 'customer-feedback', status: 'completed' });

  await on(trigger('performUnsubscribe'), input, { subscribeData });
  expect(s.hooks().filter((h) => h.hookUrl.endsWith('/load'))).toEqual([]);
  // a guard against a hang, not a speed check: 1000 take about 40 s on a quiet 2-core machine, 110 s under load
}, 600_000);
