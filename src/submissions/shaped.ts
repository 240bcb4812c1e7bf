/**
 * The seam to the shared submission output (`./shape`, written on branch `triggers`). Until that
 * lands, this is a thin adapter with the same contract; afterwards it only re-exports `./shape`.
 */
import type { Bundle, PlainOutputField, ZObject } from 'zapier-platform-core';
import { answerableBlocks, blockName, fetchForm } from '../forms/blocks';
import type { FormBlock, Submission } from '../schemas/resources';
import { createdAt, currentAnswers, submissionStatus } from './answers';

export interface FormRef {
  id: number;
  slug?: string | null;
  title?: string | null;
  properties?: FormBlock[] | null;
}

export type SubmissionOutput = {
  id: number;
  form_id: number;
  form_slug: string | null;
  form_title: string | null;
  status: string;
  created_at: string | null;
  completion_time: number | null;
  answers: Record<string, unknown>;
};

export type OutputField = PlainOutputField;

const isoCreatedAt = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return `${value.replace(' ', 'T')}+00:00`;
  return value;
};

export const shapeSubmission = (_z: ZObject, item: Submission, form: FormRef): SubmissionOutput => ({
  id: item.id,
  form_id: item.form_id ?? form.id,
  form_slug: form.slug ?? null,
  form_title: form.title ?? null,
  status: submissionStatus(item),
  created_at: isoCreatedAt(createdAt(item)),
  completion_time: item.completion_time ?? null,
  answers: currentAnswers(item),
});

export const SUBMISSION_OUTPUT_FIELDS: OutputField[] = [
  { key: 'id', label: 'Submission ID', type: 'integer' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'form_slug', label: 'Form Slug', type: 'string' },
  { key: 'form_title', label: 'Form Title', type: 'string' },
  { key: 'status', label: 'Status', type: 'string' },
  { key: 'created_at', label: 'Created At', type: 'datetime' },
  { key: 'completion_time', label: 'Completion Time (Seconds)', type: 'integer' },
];

export const SUBMISSION_SAMPLE: SubmissionOutput = {
  id: 512,
  form_id: 42,
  form_slug: 'contact-us',
  form_title: 'Contact Us',
  status: 'completed',
  created_at: '2026-11-20T14:03:11+00:00',
  completion_time: 95,
  answers: { '3c1f7a52-6d0e-4b8a-9a57-1f2e3d4c5b6a': 'ada@example.org' },
};

export const answerOutputFields = async (z: ZObject, bundle: Bundle): Promise<OutputField[]> => {
  const formId = bundle.inputData?.form_id;
  if (formId === undefined || formId === null || formId === '') return [];
  const form = await fetchForm(z, bundle, String(formId));
  return answerableBlocks(form).map((block) => ({ key: `answers__${block.id}`, label: blockName(block) }));
};
