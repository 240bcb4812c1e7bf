/** The submission steps of the `npm start` flow: update, find and export (issue #5, #11). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { startStashServer } from '../../../harness/file-storage';
import type { DemoContext, DemoStep } from '../types';

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
  chunks: number | null;
}

/** Runs an export through the real z.stashFile, against the loopback stand-in of Zapier's storage (files kept in a temp folder). */
const exportWithStorage = async (ctx: DemoContext, formId: number) => {
  const storage = await startStashServer({ dir: mkdtempSync(join(tmpdir(), 'opnform-demo-')) });
  try {
    const out = await storage.withKey(() =>
      ctx.invoke<Exported>(
        'creates.export_submissions.operation.perform',
        { workspace_id: ctx.picked.workspace_id, form_id: formId },
        {},
        storage.event,
      ),
    );
    return {
      out,
      uploaded: storage.uploads.reduce((sum, u) => sum + u.bytes, 0),
      path: storage.uploads.find((u) => u.path !== undefined)?.path,
    };
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
    name: 'find it by its email, exactly (find_submission, question Email)',
    run: async (ctx) => {
      const found = await ctx.invoke<Output[]>('searches.find_submission.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
        search_field: ctx.sandbox.ids.fields.email,
        search: ctx.picked.email,
      });
      if (found[0]?.id !== ctx.picked.submission_id)
        throw new Error(`found ${found.map((s) => s.id).join(', ') || 'nothing'}`);
      return `${found.length} match(es), newest #${found[0]?.id}`;
    },
  },
  {
    name: 'exact match, not a look-alike: ann@example.org is not the newer joann@example.org (find_submission)',
    run: async (ctx) => {
      const formId = ctx.picked.form_id as number;
      const fields = ctx.sandbox.ids.fields;
      const answers = (name: string, email: string) => ({
        [fields.full_name as string]: name,
        [fields.email as string]: email,
        [fields.plan as string]: 'Pro',
      });
      const ann = await ctx.sandbox.submit(formId, answers('Ann Example', 'ann@example.org'));
      const joann = await ctx.sandbox.submit(formId, answers('Joann Example', 'joann@example.org'));
      const found = await ctx.invoke<Output[]>('searches.find_submission.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: formId,
        search_field: fields.email,
        search: ' Ann@Example.org ',
      });
      if (found.length !== 1 || found[0]?.id !== ann.id)
        throw new Error(`found ${found.map((s) => s.id).join(', ') || 'nothing'} (Ann is #${ann.id})`);
      return (
        `"Ann@Example.org" found only Ann (#${ann.id}, ${String(found[0]?.answers[fields.email as string])}); ` +
        `Joann (#${joann.id}, newer) was not matched`
      );
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
    name: 'export the large form to a real file (export_submissions, 1200 submissions: ids listed, 2 exports joined)',
    run: async (ctx) => {
      const formId = ctx.sandbox.ids.largeFormId;
      const { out, path } = await exportWithStorage(ctx, formId);
      const expected = submissionsOf(ctx, formId).length;
      if (out.status !== 'completed' || out.rows !== expected || path === undefined)
        throw new Error(`${out.status}, ${out.rows} rows (expected ${expected} in a file)`);
      const text = readFileSync(path, 'utf8');
      const records = parse(text, { bom: true, relax_column_count: true }) as string[][];
      const headers = records.filter((r) => r[0] === 'id').length;
      if (records.length - 1 !== expected || headers !== 1 || text.split('\uFEFF').length !== 2)
        throw new Error(`the file has ${records.length - 1} rows and ${headers} header rows`);
      return `${out.rows} rows = ${expected} submissions in ${out.chunks} export requests, one header: ${path}`;
    },
  },
  {
    name: 'find an export job (find_export): a real server hides jobs from tokens, and the step says so',
    run: async (ctx) => {
      try {
        await ctx.invoke('searches.find_export.operation.perform', {
          workspace_id: ctx.picked.workspace_id,
          form_id: ctx.sandbox.ids.largeFormId,
          job_id: '00000000-0000-4000-a000-000000000000',
        });
      } catch (error) {
        const message = String((error as Error).message);
        if (message.includes('Find Export cannot look up export job'))
          return 'refused with the reason, not []';
        throw error;
      }
      throw new Error('Find Export answered as if it could see export jobs');
    },
  },
];
