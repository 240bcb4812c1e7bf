/** The submission steps of the `npm start` flow: update, find and export (issue #5). */
import type { DemoContext, DemoStep } from './demo-flow';
import { startStashServer } from './demo-stash';

interface Output {
  id: number;
  answers: Record<string, unknown>;
}

interface Exported {
  mode: string;
  status: string;
  rows: number | null;
  file: string | null;
  file_name: string | null;
  job_id: string | null;
  progress: number | null;
}

/** Runs an export through the real z.stashFile, against the loopback stand-in of Zapier's storage. */
const exportWithStorage = async (ctx: DemoContext, formId: number) => {
  const storage = await startStashServer();
  try {
    const out = await storage.withKey(() =>
      ctx.invoke<Exported>(
        'creates.export_submissions.operation.perform',
        { workspace_id: ctx.picked.workspace_id, form_id: formId },
        {},
        storage.event,
      ),
    );
    return { out, uploaded: storage.uploads.reduce((sum, u) => sum + u.bytes, 0) };
  } finally {
    await storage.close();
  }
};

const submissionsOf = (ctx: DemoContext, formId: number) =>
  ctx.sandbox.state.submissions.filter((s) => s.form_id === formId);

export const SUBMISSION_DEMO_STEPS: DemoStep[] = [
  {
    name: 'pick a submission (submission_list)',
    run: async (ctx) => {
      const list = await ctx.invoke<Array<{ id: number; label: string }>>(
        'triggers.submission_list.operation.perform',
        { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id },
      );
      const chosen = list.find(
        (s) => ctx.sandbox.state.submissions.find((x) => x.id === s.id)?.status === 'completed',
      );
      if (chosen === undefined) throw new Error('no completed submission in the list');
      ctx.picked.submission_id = chosen.id;
      return `${list.length} recent submissions; picked "${chosen.label}" (#${chosen.id})`;
    },
  },
  {
    name: 'update one answer (update_submission)',
    run: async (ctx) => {
      const id = ctx.picked.submission_id as number;
      const planField = ctx.sandbox.ids.fields.plan as string;
      const stored = () => ctx.sandbox.state.submissions.find((s) => s.id === id);
      const before = structuredClone(stored()?.answers ?? {});
      const plan = before[planField] === 'Enterprise' ? 'Pro' : 'Enterprise';
      const out = await ctx.invoke<Output>('creates.update_submission.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
        submission_id: id,
        [`answer__${planField}`]: plan,
      });
      const after = stored()?.answers ?? {};
      const others = Object.keys(before).filter((key) => key !== planField);
      const changed = others.filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
      if (after[planField] !== plan || out.answers[planField] !== plan)
        throw new Error('the plan was not updated');
      if (changed.length > 0) throw new Error(`other answers changed: ${changed.join(', ')}`);
      ctx.picked.email = after[ctx.sandbox.ids.fields.email as string];
      return `#${id}: Plan "${String(before[planField])}" -> "${plan}"; the ${others.length} other answers unchanged`;
    },
  },
  {
    name: 'update a submission with files and a signature (update_submission)',
    run: async (ctx) => {
      const id = ctx.sandbox.ids.fileSubmissionId;
      const fields = ctx.sandbox.ids.fields;
      const [attachments, signature, age] = [fields.attachments, fields.signature, fields.age] as string[];
      if (attachments === undefined || signature === undefined || age === undefined)
        throw new Error('the seeded form has no attachments, signature or age question');
      const stored = () => ctx.sandbox.state.submissions.find((s) => s.id === id)?.answers ?? {};
      const before = structuredClone(stored());
      const files = (before[attachments] as string[] | undefined) ?? [];
      const signed = (before[signature] as string[] | undefined) ?? [];
      if (files.length === 0 || signed.length === 0) throw new Error(`#${id} has no files or no signature`);
      const newAge = before[age] === 44 ? 45 : 44;
      const out = await ctx.invoke<Output & { answer_files: Record<string, Array<{ name: string }>> }>(
        'creates.update_submission.operation.perform',
        {
          workspace_id: ctx.picked.workspace_id,
          form_id: ctx.sandbox.ids.formId,
          submission_id: id,
          [`answer__${age}`]: String(newAge),
        },
      );
      const after = stored();
      const same = (key: string) => JSON.stringify(after[key]) === JSON.stringify(before[key]);
      if (after[age] !== newAge) throw new Error('the age was not updated');
      if (!same(attachments) || !same(signature))
        throw new Error(
          `files or signature changed: ${JSON.stringify([after[attachments], after[signature]])}`,
        );
      const shown = [...(out.answer_files[attachments] ?? []), ...(out.answer_files[signature] ?? [])];
      return (
        `#${id}: Age -> ${newAge}; still stored: ${files.length} files (${files.join(', ')}) and the signature ` +
        `${signed[0]}; the step's output links ${shown.length} files`
      );
    },
  },
  {
    name: 'find it by its email (find_submission)',
    run: async (ctx) => {
      const found = await ctx.invoke<Output[]>('searches.find_submission.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
        search: ctx.picked.email,
      });
      if (found[0]?.id !== ctx.picked.submission_id)
        throw new Error(`found ${found.map((s) => s.id).join(', ') || 'nothing'}`);
      return `${found.length} match(es), newest #${found[0]?.id}`;
    },
  },
  {
    name: 'export the form (export_submissions, CSV streamed to storage)',
    run: async (ctx) => {
      const formId = ctx.picked.form_id as number;
      const { out, uploaded } = await exportWithStorage(ctx, formId);
      const expected = submissionsOf(ctx, formId).length;
      if (out.mode !== 'sync' || out.rows !== expected)
        throw new Error(`${out.mode}, ${out.rows} rows (expected ${expected})`);
      return `${out.rows} rows = ${expected} submissions, ${out.file_name} (${uploaded} bytes uploaded)`;
    },
  },
  {
    name: 'export the large form (export_submissions, async job)',
    run: async (ctx) => {
      const formId = ctx.sandbox.ids.largeFormId;
      const { out } = await exportWithStorage(ctx, formId);
      ctx.picked.job_id = out.job_id;
      const expected = submissionsOf(ctx, formId).length;
      if (out.mode !== 'async') throw new Error(`expected an async export, got ${out.mode}`);
      if (out.status === 'completed' && out.rows !== expected)
        throw new Error(`${out.rows} rows (expected ${expected})`);
      return out.status === 'completed'
        ? `job ${out.job_id} completed within the step: ${out.rows} rows = ${expected} submissions`
        : `job ${out.job_id} still ${out.status} (${out.progress ?? 0}%): handed to Find Export`;
    },
  },
  {
    name: 'find the export (find_export)',
    run: async (ctx) => {
      const [found] = await ctx.invoke<
        Array<{ status: string; expires_at: string | null; file: string | null }>
      >('searches.find_export.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.sandbox.ids.largeFormId,
        job_id: ctx.picked.job_id,
      });
      if (found === undefined) throw new Error('the job was not found');
      return `${found.status}${found.expires_at ? `, file expires ${found.expires_at}` : ''}${found.file ? ', file ready' : ''}`;
    },
  },
];
