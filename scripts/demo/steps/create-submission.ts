/** Create Submission and Find or Create Submission in the `npm start` flow (issue 15, item 1). */
import type { DemoContext, DemoStep } from '../types';

interface Output {
  id: number;
  answers: Record<string, unknown>;
}

const UPSERT_EMAIL = 'upsert@example.org';

/** The main form's required answers, keyed as the step's inputs. */
const answers = (ctx: DemoContext, name: string, email?: string) => {
  const { fields } = ctx.sandbox.ids;
  return {
    workspace_id: ctx.picked.workspace_id,
    form_id: ctx.picked.form_id,
    [`answer__${fields.full_name}`]: name,
    ...(email === undefined ? {} : { [`answer__${fields.email}`]: email }),
    [`answer__${fields.plan}`]: 'Pro',
  };
};

/** Find or Create as Zapier runs it: the search, and the create (told `withSearch`) only when nothing is found. */
const findOrCreate = async (ctx: DemoContext): Promise<{ found: boolean; id: number }> => {
  const search = {
    workspace_id: ctx.picked.workspace_id,
    form_id: ctx.picked.form_id,
    search_field: 'Email',
    search: UPSERT_EMAIL,
  };
  const hits = await ctx.invoke<Output[]>('searches.find_submission.operation.perform', search);
  const first = hits[0];
  if (first !== undefined) return { found: true, id: first.id };
  const created = await ctx.invoke<Output>(
    'creates.create_submission.operation.perform',
    { ...answers(ctx, 'Una Upsert'), search_field: search.search_field, search: search.search },
    { meta: { withSearch: 'find_submission' } },
  );
  return { found: false, id: created.id };
};

export const CREATE_SUBMISSION_STEPS: DemoStep[] = [
  {
    name: 'create a submission (create_submission)',
    run: async (ctx) => {
      const out = await ctx.invoke<Output>(
        'creates.create_submission.operation.perform',
        answers(ctx, 'Cora Created', 'cora@example.org'),
      );
      if (!Number.isInteger(out.id)) throw new Error(`no real id: ${JSON.stringify(out.id)}`);
      ctx.picked.created_submission_id = out.id;
      return `submission ${out.id} created through the public answer endpoint (the form's hooks fired)`;
    },
  },
  {
    // production mode (the default): the server's worker stores the answer after it replied
    name: 'create a submission on a form without editable submissions (create_submission)',
    run: async (ctx) => {
      const formId = ctx.sandbox.ids.emptyFormId;
      const form = ctx.sandbox.state.forms.find((f) => f.id === formId);
      const [name, email] = (form?.properties ?? []).map((b) => b.id);
      const out = await ctx.invoke<{ id: number | null; status: string; outcome: string }>(
        'creates.create_submission.operation.perform',
        {
          workspace_id: ctx.picked.workspace_id,
          form_id: formId,
          [`answer__${name}`]: 'Quinn Queued',
          [`answer__${email}`]: 'quinn@example.org',
        },
      );
      const stored = ctx.sandbox.state.submissions.filter(
        (s) => s.form_id === formId && s.answers[name as string] === 'Quinn Queued',
      );
      if (out.outcome === 'queued') {
        if (out.id !== null) throw new Error(`a queued answer with an id: ${out.id}`);
        return `accepted and queued by the server's worker (no id yet, nothing guessed); ${stored.length} stored so far`;
      }
      if (out.outcome !== 'created' || stored.length !== 1 || stored[0]?.id !== out.id)
        throw new Error(
          `expected the one stored submission, got ${JSON.stringify(out)} and ${stored.length} stored`,
        );
      return `submission ${out.id} stored by the server (its worker, in production mode) and found by the step`;
    },
  },
  {
    name: 'find or create a submission by e-mail (find_or_create_submission)',
    run: async (ctx) => {
      const first = await findOrCreate(ctx);
      const second = await findOrCreate(ctx);
      if (first.found || !second.found || second.id !== first.id)
        throw new Error(`expected one create then a find of it, got ${JSON.stringify([first, second])}`);
      return `${UPSERT_EMAIL}: not found, so submission ${first.id} was created; run again: found ${second.id}`;
    },
  },
];
