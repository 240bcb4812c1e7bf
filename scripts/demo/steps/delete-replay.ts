/**
 * Issue 15 items 2 and 7 in the `npm start` flow: one Transfer page of New Submission (a bulk read of
 * the form's history), then Delete Submission on the submission the demo itself created in
 * "new submission: a delivery" (sent as a respondent would), and the same delete again (a halt).
 */
import type { DemoContext, DemoStep } from '../types';

interface Listed {
  id: number;
  received_at: string;
  is_edit: boolean | null;
}

interface Deleted {
  id: number;
  form_id: number;
  deleted: boolean;
  message: string;
}

const formInput = (ctx: DemoContext) => ({
  workspace_id: ctx.picked.workspace_id,
  form_id: ctx.picked.form_id,
});

export const DELETE_REPLAY_STEPS: DemoStep[] = [
  {
    name: 'replay past submissions: one Transfer page (new_submission performList, bulk read)',
    run: async (ctx) => {
      const completed = ctx.sandbox.state.submissions.filter(
        (s) => s.form_id === ctx.picked.form_id && s.status === 'completed',
      ).length;
      const page = await ctx.invoke<Listed[]>(
        'triggers.new_submission.operation.performList',
        formInput(ctx),
        {
          meta: { isBulkRead: true, page: 0 },
        },
      );
      if (page.length !== Math.min(100, completed)) {
        throw new Error(
          `expected ${Math.min(100, completed)} submissions on the first page, got ${page.length}`,
        );
      }
      if (!page.some((item) => item.id === ctx.picked.submission_id)) {
        throw new Error(`expected the created submission #${String(ctx.picked.submission_id)} on the page`);
      }
      return `Zapier page 0 = list page 1 of 100: ${page.length} of ${completed} completed submissions, newest #${page[0]?.id}, the created #${String(ctx.picked.submission_id)} among them, shaped like deliveries`;
    },
  },
  {
    name: 'delete the created submission (delete_submission)',
    run: async (ctx) => {
      // the one Create Submission made (else the one the hook delivery came from)
      const id = Number(ctx.picked.created_submission_id ?? ctx.picked.submission_id);
      ctx.picked.deleted_submission_id = id;
      const out = await ctx.invoke<Deleted>('creates.delete_submission.operation.perform', {
        ...formInput(ctx),
        submission_id: id,
      });
      if (ctx.sandbox.state.submissions.some((s) => s.id === id))
        throw new Error(`submission #${id} is still there`);
      return `submission #${out.id} of form ${out.form_id} deleted ("${out.message}")`;
    },
  },
  {
    name: 'delete it again: already gone, the run halts (delete_submission)',
    run: async (ctx) => {
      try {
        await ctx.invoke('creates.delete_submission.operation.perform', {
          ...formInput(ctx),
          submission_id: ctx.picked.deleted_submission_id,
        });
      } catch (error) {
        if ((error as Error).name !== 'HaltedError') throw error;
        return `halted, not an error: ${(error as Error).message}`;
      }
      throw new Error('the second delete did not halt');
    },
  },
];
