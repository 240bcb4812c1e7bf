/** The output fields and the sample of every step that returns a submission. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { FILE_TYPES, NUMBER_TYPES } from '../../answers/answer-facts';
import { answerableBlocks, blockName, distinctLabels, matrixRows } from '../../answers/blocks';
import * as forms from '../../api/forms';
import { FormId } from '../../inputs/values';
import type { FormBlock } from '../../schemas/forms';
import type { AttributionKey } from '../../schemas/submissions';
import type { FormRef, OutputField, SubmissionOutput } from './output-types';

const ATTRIBUTION_LABELS: Record<AttributionKey, string> = {
  utm_source: 'UTM Source',
  utm_medium: 'UTM Medium',
  utm_campaign: 'UTM Campaign',
  utm_id: 'UTM ID',
  utm_term: 'UTM Term',
  utm_content: 'UTM Content',
  utm_source_platform: 'UTM Source Platform',
  utm_creative_format: 'UTM Creative Format',
  utm_marketing_tactic: 'UTM Marketing Tactic',
  gclid: 'Google Click ID',
  gbraid: 'Google gbraid',
  wbraid: 'Google wbraid',
  dclid: 'Google Display Click ID (dclid)',
  fbclid: 'Facebook Click ID (fbclid)',
  ttclid: 'TikTok Click ID (ttclid)',
  msclkid: 'Microsoft Click ID (msclkid)',
};

/**
 * Attribution keys labelled in the static output fields (and shown in the sample): the common ones.
 * The other allowed keys (`utm_id`, `fbclid`, `msclkid`, ...) pass through the same way when captured.
 */
const LABELLED_ATTRIBUTION_KEYS: readonly AttributionKey[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
];

/**
 * The static output fields of every submission step: only what the sample does not say itself (Zapier
 * labels `form_slug`, `status`, ... from the sample): the ids told apart, the date-time, the unit, and
 * the attribution keys (the publishing checks want each common one labelled).
 */
export const SUBMISSION_OUTPUT_FIELDS: OutputField[] = [
  { key: 'id', label: 'Submission ID', type: 'integer' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'submitted_at', label: 'Submitted At', type: 'datetime' },
  { key: 'completion_time', label: 'Completion Time in Seconds', type: 'integer' },
  ...LABELLED_ATTRIBUTION_KEYS.map(
    (key): OutputField => ({ key: `attribution__${key}`, label: `Attribution: ${ATTRIBUTION_LABELS[key]}` }),
  ),
];

/**
 * The static sample of every submission step. It holds only keys every form has (Zapier's sample rules):
 * the answer maps are empty, because their keys are one form's field ids (`answers__<field id>`), which
 * the dynamic output fields (`answerOutputFields`) describe; `attribution` holds only the common keys,
 * the ones with a static output field. `test/publishing-samples.test.ts` pins the rule for every step.
 */
export const SUBMISSION_SAMPLE: SubmissionOutput = {
  id: 1843,
  form_id: 42,
  form_slug: 'contact-us',
  form_title: 'Contact Us',
  edit_link: 'https://opnform.com/forms/contact-us?submission_id=Vx3kq9',
  submitted_at: '2026-11-21T14:03:27+00:00',
  status: 'completed',
  completion_time: 74,
  attribution: {
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'november-launch',
    utm_term: 'online form builder',
    utm_content: 'hero-button',
    gclid: 'Cj0KCQiA7OnxBRCNARIsAIW53B8',
  },
  answers: {},
  answer_dates: {},
  answer_matrices: {},
  answer_files: {},
};

const answerType = (block: FormBlock): Pick<OutputField, 'type' | 'list'> => {
  if (block.type === 'checkbox') return { type: 'boolean' };
  if (NUMBER_TYPES.has(block.type)) return { type: 'number' };
  if (block.type === 'multi_select') return { type: 'string', list: true };
  if (FILE_TYPES.has(block.type)) return { type: 'file', list: true };
  return { type: 'string' };
};

/**
 * Output fields of one form's answers (keys `answers__<field id>`, labels = question names), with
 * each matrix row as its own field ("Question: Row", key `answer_matrices__<field id>__<row>`).
 */
export const formAnswerFields = (form: Pick<FormRef, 'properties'>): OutputField[] => {
  const blocks = answerableBlocks({ properties: form.properties ?? [] });
  const labels = distinctLabels(blocks);
  const fields: OutputField[] = [];
  for (const block of blocks) {
    const label = labels.get(block.id) ?? blockName(block);
    fields.push({ key: `answers__${block.id}`, label, ...answerType(block) });
    if (block.type === 'date') {
      fields.push({ key: `answer_dates__${block.id}__start`, label: `${label} (ISO)`, type: 'string' });
      fields.push({ key: `answer_dates__${block.id}__end`, label: `${label} (ISO End)`, type: 'string' });
    }
    for (const row of block.type === 'matrix' ? matrixRows(block) : []) {
      fields.push({ key: `answer_matrices__${block.id}__${row}`, label: `${label}: ${row}`, type: 'string' });
    }
    if (FILE_TYPES.has(block.type)) {
      fields.push({ key: `answer_files__${block.id}[]name`, label: `${label} (File Name)`, type: 'string' });
      fields.push({
        key: `answer_files__${block.id}[]url`,
        label: `${label} (Original Link, Expires)`,
        type: 'string',
      });
    }
  }
  return fields;
};

/** What "kept for older Zaps" labels say: the key is there for Zaps made with version 1.0.4. */
export const KEPT_FOR_OLDER_ZAPS = '(Kept for Zaps Made Before 1.1.0)';

/** New Submission's static 1.0.4 keys (./legacy-output.ts), labelled as legacy (short names). */
export const LEGACY_OUTPUT_FIELDS: OutputField[] = [
  { key: 'submission_id', label: 'Legacy Submission ID', type: 'integer' },
  { key: 'message', label: 'Legacy OpnForm Note' },
];

/**
 * One form's 1.0.4 answer keys, labelled as kept: `data__<field id>__value` (a file question's links
 * as `data__<field id>__value[]file_url`) and `submission__<question name>` (once per name: a delivery
 * keeps the later of two questions with one name).
 */
export const legacyAnswerFields = (form: Pick<FormRef, 'properties'>): OutputField[] => {
  const blocks = answerableBlocks({ properties: form.properties ?? [] });
  const labels = distinctLabels(blocks);
  const byId: OutputField[] = [];
  const byName = new Map<string, OutputField>();
  for (const block of blocks) {
    const label = labels.get(block.id) ?? blockName(block);
    if (FILE_TYPES.has(block.type)) {
      byId.push({
        key: `data__${block.id}__value[]file_url`,
        label: `${label}: File Link ${KEPT_FOR_OLDER_ZAPS}`,
      });
    } else {
      const type = NUMBER_TYPES.has(block.type) ? 'number' : 'string';
      byId.push({ key: `data__${block.id}__value`, label: `${label} ${KEPT_FOR_OLDER_ZAPS}`, type });
    }
    const name = block.name ?? blockName(block);
    byName.set(name, {
      key: `submission__${name}`,
      label: `${name} (by Question Name) ${KEPT_FOR_OLDER_ZAPS}`,
    });
  }
  return [...byId, ...byName.values()];
};

/** Dynamic output fields from the chosen form (`GET /open/forms/{form_id}`, one request); none until one is chosen. */
const fromChosenForm =
  (fieldsOf: (form: FormRef) => OutputField[]) =>
  async (z: ZObject, bundle: Bundle): Promise<OutputField[]> => {
    const formId = FormId().safeParse(bundle.inputData?.form_id);
    if (!formId.success) return [];
    return fieldsOf(await forms.read(z, bundle, formId.data));
  };

/** The chosen form's answer fields. */
export const answerOutputFields = fromChosenForm(formAnswerFields);

/** A submission step's output fields: the common ones, the step's own `extra`, then the form's answers. */
export const submissionOutputFields = (...extra: OutputField[]) => [
  ...SUBMISSION_OUTPUT_FIELDS,
  ...extra,
  answerOutputFields,
];

/** New Submission's: every submission step's, then its 1.0.4 keys (static, then the chosen form's). */
export const newSubmissionOutputFields = (...extra: OutputField[]) => [
  ...SUBMISSION_OUTPUT_FIELDS,
  ...extra,
  ...LEGACY_OUTPUT_FIELDS,
  fromChosenForm((form) => [...formAnswerFields(form), ...legacyAnswerFields(form)]),
];
