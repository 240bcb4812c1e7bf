// `npm start` steps of the New Submission trigger: subscribe a (loopback) hook, a delivery, the
// trigger's output for it, unsubscribe with zero hooks left.
import type { SubmissionOutput } from '../../src/submissions/shape';
import type { DemoStep } from '../demo-flow';

const formOf = (picked: Record<string, unknown>) => Number(picked.form_id);

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
      const items = await ctx.invoke<Array<SubmissionOutput & { sample_note: string | null }>>(
        'triggers.new_submission.operation.perform',
        { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id, include_edits: true },
        { cleanedRequest: ctx.picked.delivery, subscribeData: ctx.picked.subscribeData },
      );
      const item = items[0];
      if (items.length !== 1 || item === undefined) throw new Error(`expected 1 item, got ${items.length}`);
      if (item.id !== ctx.picked.submission_id) {
        throw new Error(`expected submission #${String(ctx.picked.submission_id)}, got #${item.id}`);
      }
      const files = Object.values(item.answer_files).flatMap((list) => list.map((f) => f.name));
      const dates = Object.values(item.answer_dates).map((d) => d.start);
      return (
        `submission #${item.id} of "${item.form_title}": ${Object.keys(item.answers).length} answers, ` +
        `files ${files.join(', ')}, ISO dates ${dates.join(', ')}, utm_source ${item.attribution.utm_source}`
      );
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
