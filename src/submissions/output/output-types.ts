/** The output of every step that returns a submission (see ./shape.ts). */
import type { PlainOutputField } from 'zapier-platform-core';
import type { FormBlock } from '../../schemas/forms';
import type { AttributionKey } from '../../schemas/submissions';

export type OutputField = PlainOutputField;

export interface FormRef {
  id: number;
  slug?: string | null;
  title?: string | null;
  properties?: FormBlock[] | null;
}

/** A date answer in ISO 8601: `start` alone for a single date, both for a range; null when not derivable. */
export interface AnswerDate {
  start: string | null;
  end: string | null;
}

/** A file or signature: its name and the original signed link (it expires). */
export interface AnswerFile {
  name: string;
  url: string;
}

export type SubmissionStatus = 'completed' | 'partial';

export type SubmissionOutput = {
  /** The integer submission id (a content hash when the source gives none; see README). */
  id: number;
  form_id: number | null;
  form_slug: string | null;
  form_title: string | null;
  edit_link: string | null;
  /** ISO 8601 with offset; null when the source does not say (hook deliveries carry no time). */
  submitted_at: string | null;
  status: SubmissionStatus | null;
  /** Seconds taken to fill in the form, when known. */
  completion_time: number | null;
  /** Captured UTM / click-id values only. */
  attribution: Partial<Record<AttributionKey, string>>;
  /** The answer to map, by field id: text, number, boolean, list, or a list of files. */
  answers: Record<string, unknown>;
  /** Date questions, by field id: the answer in ISO 8601. */
  answer_dates: Record<string, AnswerDate>;
  /** Matrix questions, by field id: `{row: column}`. */
  answer_matrices: Record<string, Record<string, string>>;
  /** File and signature questions, by field id: name and original (expiring) link of each file. */
  answer_files: Record<string, AnswerFile[]>;
};
