/**
 * `npm start` steps of Update Form (issue 15): pick a choice question, change its choices, close and
 * reopen; then a pre-filled link (issue 28) opened on the sandbox's public form, its answers filled in.
 */
import type { DemoStep } from '../types';

interface Choice {
  id: string;
  name: string;
  choices: string[];
}

export const FORM_DEMO_STEPS: DemoStep[] = [
  {
    name: 'pick a choice question (choice_field_list)',
    run: async (ctx) => {
      const questions = await ctx.invoke<Choice[]>('triggers.choice_field_list.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
      });
      const chosen = questions.find((q) => q.name === 'Plan');
      if (chosen === undefined) throw new Error('the form has no select question named Plan');
      ctx.picked.choice_field = chosen.id;
      return `${questions.length} select/multi-select questions; picked "${chosen.name}" (${chosen.choices.join(', ')})`;
    },
  },
  {
    name: "update the form's choices (update_form)",
    run: async (ctx) => {
      const out = await ctx.invoke<{ changed: string[]; title: string }>(
        'creates.update_form.operation.perform',
        {
          workspace_id: ctx.picked.workspace_id,
          form_id: ctx.picked.form_id,
          choice_field: ctx.picked.choice_field,
          add_choices: ['Team'],
        },
      );
      const [after] = (
        await ctx.invoke<Choice[]>('triggers.choice_field_list.operation.perform', {
          workspace_id: ctx.picked.workspace_id,
          form_id: ctx.picked.form_id,
        })
      ).filter((q) => q.id === ctx.picked.choice_field);
      if (!after?.choices.includes('Team')) throw new Error('the added choice "Team" is not on the form');
      return `"${out.title}": changed ${out.changed.join(', ')}; Plan now offers ${after.choices.join(', ')}`;
    },
  },
  {
    name: 'close and reopen the form (update_form)',
    run: async (ctx) => {
      const form = { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id };
      const closed = await ctx.invoke<{ visibility: string }>('creates.update_form.operation.perform', {
        ...form,
        visibility: 'closed',
      });
      const open = await ctx.invoke<{ visibility: string }>('creates.update_form.operation.perform', {
        ...form,
        visibility: 'public',
      });
      return `visibility ${closed.visibility}, then ${open.visibility}`;
    },
  },
  {
    name: 'make a pre-filled link and open it (create_prefilled_link)',
    run: async (ctx) => {
      const { fields } = ctx.sandbox.ids;
      const out = await ctx.invoke<{ url: string }>('creates.create_prefilled_link.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
        [`answer__${fields.full_name}`]: 'Ada Lovelace',
        [`answer__${fields.plan}`]: 'Pro',
        [`answer__${fields.referrer}`]: 'crm-42',
      });
      const html = await (await fetch(out.url)).text();
      const filled = [...html.matchAll(/<label>([^<]*)<\/label> <output>([^<]+)<\/output>/g)].map(
        ([, label, value]) => `${label}: ${value}`,
      );
      if (filled.length !== 3)
        throw new Error(`the public form shows ${filled.length} pre-filled answers, not 3`);
      return `${out.url}\n  opens the form with ${filled.join('; ')}`;
    },
  },
];
