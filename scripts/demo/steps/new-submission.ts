// `npm start` steps of the New Submission trigger: subscribe a (loopback) hook, a delivery, the
// trigger's output for it, an edit flagged as one, the editor's sample (real ids), unsubscribe with
// zero hooks left.
import type { NewSubmissionOutput } from '../../../src/submissions/new-submission';
import type { DemoStep } from '../types';

const formOf = (picked: Record<string, unknown>) => Number(picked.form_id);

/** Zapier's cache for this Zap's runs (core keeps it in this object when the event names one). */
const cacheOf = (picked: Record<string, unknown>) => {
  picked.zcache ??= {};
  return { zcacheTestObj: picked.zcache };
};

/** One delivery through perform with edits on, sharing the Zap's cache. */
const deliver = (ctx: Parameters<DemoStep['run']>[0], delivery: unknown) =>
  ctx.invoke<NewSubmissionOutput[]>(
    'triggers.new_submission.operation.perform',
    { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id, include_edits: true },
    { cleanedRequest: delivery, subscribeData: ctx.picked.subscribeData },
    cacheOf(ctx.picked),
  );

export const NEW_SUBMISSION_STEPS: DemoStep[] = [
  {
    name: 'new submission: subscribe (new_submission)',
    run: async (ctx) => {
      const formId = formOf(ctx.picked);
      const subscribeData = await ctx.invoke<Record<string, unknown>>(
        'triggers.new_submission.operation.performSubscribe',
        { workspace_id: ctx.picked.workspace_id, form_id: formId },
        { targetUrl: ctx.catcher.url('demo-zap') },
      );
      ctx.picked.subscribeData = subscribeData;
      const hooks = ctx.sandbox.hooks(formId);
      if (hooks.length !== 1) throw new Error(`expected 1 hook on form ${formId}, found ${hooks.length}`);
      return `hook subscribed on form ${formId} (stored for unsubscribe: hook URL and form id)`;
    },
  },
  {
    name: 'new submission: a delivery',
    run: async (ctx) => {
      const F = ctx.sandbox.ids.fields as Record<string, string>;
      const { id } = await ctx.sandbox.submit(
        formOf(ctx.picked),
        {
          [F.full_name as string]: 'Katherine Johnson',
          [F.email as string]: 'katherine@example.org',
          [F.plan as string]: 'Pro',
          [F.subscribe as string]: true,
          [F.interests as string]: ['Forms', 'Automation'],
          [F.satisfaction as string]: { Support: 'Good', Product: 'OK' },
          [F.visit_date as string]: '2026-11-21T14:30:00+00:00',
          [F.attachments as string]: ['orbit.pdf'],
        },
        { attribution: { utm_source: 'newsletter' } },
      );
      const delivery = await ctx.catcher.next();
      ctx.picked.submission_id = id;
      ctx.picked.delivery = delivery.json;
      return `submission #${id} sent; the hook received ${delivery.body.length} bytes`;
    },
  },
  {
    name: 'new submission: trigger output (perform)',
    run: async (ctx) => {
      const items = await deliver(ctx, ctx.picked.delivery);
      const item = items[0];
      if (items.length !== 1 || item === undefined) throw new Error(`expected 1 item, got ${items.length}`);
      if (item.id !== ctx.picked.submission_id) {
        throw new Error(`expected submission #${String(ctx.picked.submission_id)}, got #${item.id}`);
      }
      const files = Object.values(item.answer_files).flatMap((list) => list.map((f) => f.name));
      const dates = Object.values(item.answer_dates).map((d) => d.start);
      return (
        `submission #${item.id} of "${item.form_title}": ${Object.keys(item.answers).length} answers, ` +
        `files ${files.join(', ')}, ISO dates ${dates.join(', ')}, utm_source ${item.attribution.utm_source}, ` +
        `is_edit ${String(item.is_edit)}, received_at ${item.received_at}`
      );
    },
  },
  {
    name: 'new submission: an edit, flagged (perform, edits on)',
    run: async (ctx) => {
      const F = ctx.sandbox.ids.fields as Record<string, string>;
      const id = Number(ctx.picked.submission_id);
      await ctx.sandbox.edit(id, {
        [F.full_name as string]: 'Katherine G. Johnson',
        [F.email as string]: 'katherine@example.org',
        [F.plan as string]: 'Enterprise',
      });
      const delivery = await ctx.catcher.next();
      ctx.picked.editDelivery = delivery.json;
      const [item] = await deliver(ctx, delivery.json);
      if (item?.is_edit !== true)
        throw new Error(`expected the edit flagged, got is_edit ${String(item?.is_edit)}`);
      const again = await deliver(ctx, delivery.json);
      if (again.length !== 0) throw new Error('expected the unchanged re-delivery to be skipped');
      return `submission #${item.id} re-delivered after an edit: is_edit true (name now "${String(item.answers[F.full_name as string])}"); the same delivery again is skipped`;
    },
  },
  {
    name: 'new or updated submission: the same two deliveries in another Zap (new_or_updated_submission)',
    run: async (ctx) => {
      // another Zap: its own cache, so the first delivery is new to it and the edit an edit
      const zap = { zcacheTestObj: {} };
      const run = (delivery: unknown) =>
        ctx.invoke<Array<Record<string, unknown>>>(
          'triggers.new_or_updated_submission.operation.perform',
          { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id },
          { cleanedRequest: delivery, subscribeData: ctx.picked.subscribeData },
          zap,
        );
      const [created] = await run(ctx.picked.delivery);
      const [edited] = await run(ctx.picked.editDelivery);
      if (created?.is_edit !== false || edited?.is_edit !== true) {
        throw new Error(
          `expected is_edit false then true, got ${String(created?.is_edit)}, ${String(edited?.is_edit)}`,
        );
      }
      if ('submission_id' in edited) throw new Error('expected no 1.0.4 keys in its output');
      return `submission #${String(edited.id)}: is_edit false, then true after the edit; no 1.0.4 keys`;
    },
  },
  {
    name: "new submission: the editor's test records (performList)",
    run: async (ctx) => {
      const samples = await ctx.invoke<NewSubmissionOutput[]>(
        'triggers.new_submission.operation.performList',
        {
          workspace_id: ctx.picked.workspace_id,
          form_id: ctx.picked.form_id,
        },
      );
      const [first] = samples;
      if (first?.id !== ctx.picked.submission_id) {
        throw new Error(
          `expected the newest sample to be #${String(ctx.picked.submission_id)}, got #${first?.id}`,
        );
      }
      return `${samples.length} real submissions (ids ${samples.map((s) => s.id).join(', ')}), newest submitted at ${String(first?.submitted_at)}`;
    },
  },
  {
    name: 'new submission: unsubscribe',
    run: async (ctx) => {
      const formId = formOf(ctx.picked);
      await ctx.invoke(
        'triggers.new_submission.operation.performUnsubscribe',
        { form_id: formId },
        {
          subscribeData: ctx.picked.subscribeData,
        },
      );
      const left = ctx.sandbox.hooks(formId).length;
      if (left !== 0) throw new Error(`${left} hooks left on form ${formId}`);
      return `hook removed; 0 hooks left on form ${formId}`;
    },
  },
];
