import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { FILE_TYPES } from '../answers/answer-facts';
import { answerInputFields, answerKey } from '../answers/answer-inputs';
import { answerChanges } from '../answers/answer-values';
import { answerableBlocks, blockOptions } from '../answers/blocks';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { invalidInput, userError } from '../errors';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, WorkspaceId } from '../inputs/values';
import type { Form, FormBlock } from '../schemas/forms';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { refuseOtherWorkspace } from './in-workspace';
import { lenientForm, linkBase, prefillLink, prefillValues, readsRawInput } from './prefill';
import { allowedNumbers, isReservedName, PAGE_NAMES, phoneCountry } from './prefill-answers';
import { shareUrl } from './shape';

const NOTHING = 'No link was made.';

const NOTE =
  '**Answers:** each answer given here is filled in when the link is opened (the respondent can still ' +
  'change it); a question left empty here opens as the form has it (blank, or its own default). Required ' +
  'questions can be left empty here. ' +
  'Hidden questions carry values such as a CRM id or a campaign into the submission.';

/** What the link does with a question's answer, said in its input's help (none when nothing to add). */
const linkHelp = (block: FormBlock): string => {
  const creation =
    block.allow_creation === true
      ? 'A value outside the options is accepted (the question allows new ones).'
      : '';
  switch (block.type) {
    case 'date':
      return block.with_time === true
        ? "A time with an offset shows in each respondent's own time; one without, as written."
        : 'Every respondent sees that day, in any time zone.';
    case 'multi_select':
      return `${creation} An option whose name has a comma: give it as one item of the list.`.trim();
    case 'select':
      return creation;
    case 'phone_number': {
      if (block.use_simple_text_input === true) return '';
      const own = phoneCountry(block);
      return `${own === undefined ? 'Start' : `A number of ${own}, or start`} with + and the country code (+33 6 12 34 56 78).`;
    }
    case 'number':
      return 'Digits and an optional decimal point (42, 3.50), kept as written.';
    case 'rating':
    case 'scale':
    case 'slider':
      return `${allowedNumbers(block).replace(/^./, (c) => c.toUpperCase())}.`;
    default:
      return '';
  }
};

/** One input per question the link can fill (no files, signatures or payments); none until a form is chosen. */
const prefillFields = async (z: ZObject, bundle: Bundle) => {
  const formId = FormId().safeParse(bundle.inputData?.form_id);
  if (!formId.success) return [];
  const form = await forms.read(z, bundle, formId.data);
  const blocks = answerableBlocks(form);
  return answerInputFields(form, NOTE)
    .filter((f) => f.type !== 'file')
    .map((field) => {
      const block = blocks.find(
        (b) => field.key === answerKey(b) || field.key.startsWith(`${answerKey(b)}__`),
      );
      const more = block === undefined ? '' : linkHelp(block);
      return more === '' ? field : { ...field, helpText: [field.helpText, more].filter(Boolean).join(' ') };
    });
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
      "Other parameters added to the link as they are (`utm_source`, ...). Not a question's id (answer it above), " +
      `nor a name OpnForm's form reads itself: ${PAGE_NAMES.join(', ')}.`,
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
    if (isReservedName(name))
      throw invalidInput(
        z,
        `Extra Query Parameters (query_params) names "${name}", which OpnForm's form reads itself (not as an answer): use another name. ${NOTHING}`,
      );
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
 * A multi-select's items as the checks should see them: an item that is an option (any case) stays
 * whole, commas included ("Yes, please"); an item that is not one but whose comma-separated parts all
 * are ("Math, Code" mapped as one text) is those options; any other item stays whole (a new value where
 * the question allows them, otherwise refused by name).
 */
const multiSelectItems = (block: FormBlock, value: unknown): unknown => {
  if (value === undefined || value === null || value === '') return value;
  const options = blockOptions(block).map((name) => name.toLowerCase());
  const isOption = (text: string) => options.includes(text.trim().toLowerCase());
  return (Array.isArray(value) ? value : [value]).flatMap((item) => {
    const text = String(item);
    const parts = text.split(',').filter((part) => part.trim() !== '');
    return !isOption(text) && parts.length > 1 && parts.every(isOption) ? parts : [text];
  });
};

/** Refuses a draft: its public page answers 404 (a closed form still gets its link, see docs/steps.md). */
const refuseDraft = (z: ZObject, form: Form) => {
  const visibility = typeof form.visibility === 'string' ? form.visibility.trim().toLowerCase() : '';
  if (visibility === 'draft')
    throw userError(
      z,
      `Form "${form.title}" is a draft, so its public page does not open (OpnForm answers "not found"): publish ` +
        `it in OpnForm (set its visibility to Public) first. ${NOTHING}`,
      'form_closed',
      400,
    );
};

/**
 * Reads the form (its questions and `share_url`; the only request), refuses a form outside the chosen
 * workspace and a draft, checks every answer against its question (as Create Submission does, and for
 * what OpnForm's public form shows when it reads the link, ./prefill-answers.ts), and builds the link
 * (./prefill.ts). Nothing is stored anywhere.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const form = await forms.read(z, bundle, input.form_id);
  refuseOtherWorkspace(z, form, input.workspace_id, NOTHING);
  refuseDraft(z, form);
  const blocks = answerableBlocks(form);
  // a file question cannot be filled from a link: a value mapped to one is left out, not refused;
  // numbers and phone numbers are read from the input as given (./prefill.ts)
  const own = new Set(blocks.filter((b) => FILE_TYPES.has(b.type) || readsRawInput(b)).map(answerKey));
  const answers = Object.fromEntries(Object.entries(bundle.inputData).filter(([key]) => !own.has(key)));
  for (const block of blocks.filter((b) => b.type === 'multi_select'))
    if (answerKey(block) in answers)
      answers[answerKey(block)] = multiSelectItems(block, answers[answerKey(block)]);
  const changes = answerChanges(z, lenientForm(form), answers, [], NOTHING);
  const values = prefillValues(z, form, changes, bundle.inputData, NOTHING);
  const extra = extraParams(z, form, bundle.inputData.query_params);
  const baseUrl = account.baseUrl(z, bundle);
  const link = shareUrl(form, baseUrl);
  if (link === null)
    throw userError(
      z,
      `OpnForm did not give form "${form.title}" a public link (share_url), and a self-hosted server's form address cannot be guessed from its API URL. ${NOTHING}`,
      'bad_response',
      502,
    );
  return {
    url: prefillLink(linkBase(z, link, account.isLocalHttp(baseUrl), NOTHING), values, extra),
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
    throttle: throttleFor(1), // the form read
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
