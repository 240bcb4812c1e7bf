import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { invalidInput, userError } from '../errors';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, WorkspaceId } from '../inputs/values';
import type { Form } from '../schemas/forms';
import { parseInput } from '../schemas/parse';
import { FILE_TYPES } from '../submissions/answers/answer-facts';
import { answerInputFields, answerKey } from '../submissions/answers/answer-inputs';
import { answerChanges } from '../submissions/answers/answer-values';
import { answerableBlocks } from './blocks';
import { prefillLink, prefillValues } from './prefill';
import { shareUrl } from './shape';

const NOTHING = 'No link was made.';

const NOTE =
  '**Answers:** each answer given here is filled in when the link is opened (the respondent can still ' +
  'change it); a question left empty here opens as the form has it (blank, or its own default). Required ' +
  'questions can be left empty here. ' +
  'Hidden questions carry values such as a CRM id or a campaign into the submission.';

/** One input per question the link can fill (no files, signatures or payments); none until a form is chosen. */
const prefillFields = async (z: ZObject, bundle: Bundle) => {
  const formId = FormId().safeParse(bundle.inputData?.form_id);
  if (!formId.success) return [];
  return answerInputFields(await forms.read(z, bundle, formId.data), NOTE).filter((f) => f.type !== 'file');
};

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  prefillFields,
  {
    key: 'query_params',
    label: 'Extra Query Parameters',
    dict: true,
    required: false,
    helpText:
      'Other parameters added to the link as they are, for example `utm_source` or `utm_campaign`. A ' +
      "question's id cannot be one: answer it above.",
  },
]);

const Input = inputObject(() => ({ workspace_id: WorkspaceId(), form_id: FormId() }));

/** The extra parameters, refused by name when one is empty or is a question's id (the form would read it as the answer). */
const extraParams = (z: ZObject, form: Form, given: unknown): Record<string, string> => {
  if (given === undefined || given === null || given === '') return {};
  if (typeof given !== 'object' || Array.isArray(given))
    throw invalidInput(z, `Extra Query Parameters (query_params) must be names and values. ${NOTHING}`);
  const ids = new Set(answerableBlocks(form).flatMap((block) => [block.id, `${block.id}[]`]));
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(given)) {
    const name = rawName.trim();
    if (name === '' && (value === undefined || value === null || String(value).trim() === '')) continue;
    if (name === '')
      throw invalidInput(z, `Extra Query Parameters (query_params) has a value without a name. ${NOTHING}`);
    if (ids.has(name))
      throw invalidInput(
        z,
        `Extra Query Parameters (query_params) names the question id "${name}": give its answer in the question's own field. ${NOTHING}`,
      );
    out[name] = value === undefined || value === null ? '' : String(value);
  }
  return out;
};

/**
 * Reads the form (its questions and `share_url`; the only request), checks every answer against its
 * question as Create Submission does (a value outside a question's choices is refused by name), and
 * builds the link as OpnForm's own generator does (./prefill.ts). Nothing is stored anywhere.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const form = await forms.read(z, bundle, input.form_id);
  // a file question cannot be filled from a link: a value mapped to one is left out, not refused
  const files = new Set(
    answerableBlocks(form)
      .filter((b) => FILE_TYPES.has(b.type))
      .map(answerKey),
  );
  const answers = Object.fromEntries(Object.entries(bundle.inputData).filter(([key]) => !files.has(key)));
  const changes = answerChanges(z, form, answers, [], NOTHING);
  const values = prefillValues(z, form, changes, NOTHING);
  const extra = extraParams(z, form, bundle.inputData.query_params);
  const link = shareUrl(form, account.baseUrl(z, bundle));
  if (link === null)
    throw userError(
      z,
      `OpnForm did not give form "${form.title}" a public link (share_url), and a self-hosted server's form address cannot be guessed from its API URL. ${NOTHING}`,
      'bad_response',
      502,
    );
  return {
    url: prefillLink(link, values, extra),
    form_id: form.id,
    form_slug: form.slug,
    form_title: form.title,
    share_url: link,
    values,
  };
};

export const createPrefilledLink = defineCreate({
  key: 'create_prefilled_link',
  noun: 'Form Link',
  display: {
    label: 'Create Pre-filled Form Link',
    description:
      'Creates a link to a form with answers already filled in (hidden questions too); nothing is submitted. Returns the link.',
  },
  operation: {
    inputFields,
    perform,
    sample: {
      url: 'https://opnform.com/forms/contact-us-3fa2b1?5b8d1d0e-6f4c-4f7e-9b44-0c1f2a3b4c5d=Ada+Lovelace',
      form_id: 42,
      form_slug: 'contact-us-3fa2b1',
      form_title: 'Contact Us',
      share_url: 'https://opnform.com/forms/contact-us-3fa2b1',
      // by question id (UUIDs): the sample leaves them out (sample keys are snake_case)
      values: {},
    },
    outputFields: [
      { key: 'url', label: 'Pre-filled Link', primary: true },
      { key: 'form_id', label: 'Form ID', type: 'integer' },
      { key: 'form_slug', label: 'Form Slug' },
      { key: 'form_title', label: 'Form Title' },
      { key: 'share_url', label: 'Share URL' },
    ],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      'answer__$fields.full_name': 'Case Prefilled',
      'answer__$fields.plan': 'Pro',
    },
    minimum: 1,
    why: 'the form (its questions, to check each value, and its share_url); the link is built without a request',
    review: { on: 'both', evidence: ['forms--get-form#1'] },
  },
];
