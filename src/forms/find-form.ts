import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import * as v from 'zod/mini';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { workspaceField } from '../inputs/fields';
import { inputObject, OptionalId, refuse } from '../inputs/values';
import { lazy } from '../schemas/lazy';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { FORM_DETAILS_OUTPUT_FIELDS, FORM_DETAILS_SAMPLE, formDetails } from './shape';

const inputFields = defineInputFields([
  // optional: only narrows the Form dropdown (with none, it lists every form of the user's workspaces);
  // a mapped slug, UUID, id or link needs no workspace
  { ...workspaceField, required: false },
  {
    key: 'form',
    label: 'Form',
    required: true,
    dynamic: 'form_list.id.name',
    helpText:
      "Pick one (a workspace narrows the list), or enter the form's slug (e.g. `contact-us-3fa2b1`), UUID, id or share link.",
  },
]);

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const HINT = 'must be a form slug, UUID or id, such as contact-us-3fa2b1 (letters, digits, - and _ only)';

/** The slug in a share link such as `https://opnform.com/forms/contact-us-3fa2b1`. */
const slugFromLink = (text: string): string | undefined => {
  try {
    const segments = new URL(text).pathname.split('/').filter((s) => s !== '');
    const at = segments.indexOf('forms');
    return at === -1 ? undefined : decodeURIComponent(segments[at + 1] ?? '');
  } catch {
    return undefined;
  }
};

/**
 * A form by slug, UUID or numeric id, or the form's share link (its slug is taken from it). Only
 * letters, digits, `-` and `_` pass, so the value is one path segment: no slash, no dot segment.
 */
const FormRef = lazy(() =>
  v.pipe(
    v.union([v.string(), v.number()], { error: HINT }),
    v.transform((value, ctx) => {
      const text = String(value).trim();
      const candidate = /^https?:\/\//i.test(text) ? slugFromLink(text) : text;
      if (candidate !== undefined && SLUG.test(candidate)) return candidate;
      return refuse(ctx, value, text === '' ? HINT : `${HINT}; got ${JSON.stringify(text.slice(0, 60))}`);
    }),
  ),
);

const Input = inputObject(() => ({ workspace_id: OptionalId(), form: FormRef() }));

/** `GET /open/forms/{slug}`: the form with its settings and questions; `[]` when none matches. */
const perform = (async (z, bundle) => {
  const { form: ref } = parseInput(z, Input(), bundle.inputData, inputFields);
  const form = await forms.find(z, bundle, ref);
  if (form === undefined) return [];
  return [formDetails(form, account.baseUrl(z, bundle))];
}) satisfies SearchPerform;

export const findForm = defineSearch({
  key: 'find_form',
  noun: 'Form',
  display: {
    label: 'Find Form',
    description:
      'Finds a form by its slug, UUID, ID or link. Returns its share link, settings and questions.',
  },
  operation: {
    inputFields,
    perform,
    sample: FORM_DETAILS_SAMPLE,
    outputFields: [...FORM_DETAILS_OUTPUT_FIELDS],
    throttle: throttleFor(1), // the form
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { form: '$formSlug' },
    minimum: 1,
    why: 'form',
    nothing: { form: 'no-such-form-slug' },
    review: { on: 'both', evidence: ['forms--get-form#0'] },
  },
];
