/**
 * What Create Form sends: its questions (a line-item group) as OpnForm blocks, and the body of
 * `POST /open/forms` with the 15 keys OpnForm requires (forms--create-form #0). Blocks are built the
 * way OpnForm's editor stores them (forms--create-form #2, #5): a new UUID, the type, the name,
 * `hidden: false` and `required`; a long text is a `text` block with `multi_lines`; a choice question
 * keeps its options under its type, each choice its own id.
 */
import { randomUUID } from 'node:crypto';
import type { ZObject } from 'zapier-platform-core';
import * as v from 'zod/mini';
import { invalidInput } from '../errors';
import { Flag, isEmpty, OptionalTextUpTo, RequiredText, refuse } from '../inputs/values';
import { applyChoiceChange, isChoiceBlock, quoted } from './choices';
import { FORM_DETAILS_SAMPLE } from './shape';

/** The question types Create Form offers (`long_text` is OpnForm's `text` with several lines). */
export const QUESTION_TYPES = [
  'text',
  'long_text',
  'email',
  'number',
  'phone_number',
  'url',
  'date',
  'checkbox',
  'select',
  'multi_select',
  'rating',
  'files',
] as const;

/** OpnForm cuts a longer title to 255 characters without a word (UserFormRequest: code reading). */
export const TITLE_MAX = 255;
const TITLE_CUT = 'OpnForm would cut a longer title without saying so';

/** A required form title of at most 255 characters. */
export const Title = () =>
  v.pipe(
    RequiredText('is required (the form title)'),
    v.transform((text, ctx) => {
      const checked = OptionalTextUpTo(TITLE_MAX, TITLE_CUT).safeParse(text);
      return checked.success
        ? (checked.data as string)
        : refuse(ctx, '[long text]', checked.error.issues[0]?.message ?? '');
    }),
  );
/** An optional form title of at most 255 characters. */
export const OptionalTitle = () => OptionalTextUpTo(TITLE_MAX, TITLE_CUT);

/** Visibilities a new form may get; draft unless asked (nothing goes live unasked). */
export const NEW_VISIBILITIES = ['draft', 'public', 'closed'] as const;

/** The visibility input of Create Form and (with `original`) Duplicate Form. */
const VISIBILITY_LABELS: Record<string, string> = {
  draft: 'Draft',
  public: 'Public',
  closed: 'Closed',
  original: "Same as the Form's",
};

export const visibilityField = (...more: string[]) => ({
  key: 'visibility',
  label: 'Visibility',
  required: false,
  default: 'draft',
  // labelled (values unchanged): what a user reads is "Draft", not OpnForm's raw `draft`
  choices: [...NEW_VISIBILITIES, ...more].map((value) => ({
    value,
    label: VISIBILITY_LABELS[value] ?? value,
    sample: value,
  })),
  helpText: 'Draft (the default): hidden until published (Update Form, Visibility Public).',
});

/** The sample of a new form (Create Form, Duplicate Form): Find Form's (one question) with the server's message. */
export const NEW_FORM_SAMPLE = {
  ...FORM_DETAILS_SAMPLE,
  question_count: 1,
  questions: FORM_DETAILS_SAMPLE.questions.slice(0, 1),
  questions_text: 'Name (text, required)',
  message: 'Form created.',
};

/** The settings OpnForm requires besides title, visibility, questions and workspace (its defaults). */
const REQUIRED_SETTINGS = {
  language: 'en',
  theme: 'default',
  presentation_style: 'classic',
  width: 'centered',
  size: 'md',
  border_radius: 'small',
  dark_mode: 'light',
  color: '#3B82F6',
  uppercase_labels: false,
  no_branding: false,
  transparent_background: false,
};

/** The whole create body, in OpnForm's key order (forms--create-form #2). */
export const createBody = (
  workspaceId: number,
  title: string,
  visibility: string,
  properties: Record<string, unknown>[],
) => ({ workspace_id: workspaceId, title, visibility, ...REQUIRED_SETTINGS, properties });

/** What the type adds to a block besides id, type, name, hidden and required. */
const EXTRAS: Partial<Record<(typeof QUESTION_TYPES)[number], Record<string, unknown>>> = {
  rating: { rating_max_value: 5 },
  files: { multiple: true },
};

const text = (value: unknown) => (isEmpty(value) ? '' : String(value).trim());

/**
 * The blocks of the questions line items (`[{name, type, required, options}]`), or an error naming
 * the question, the child field and what is allowed, before any request.
 */
export const blocksFrom = (z: ZObject, raw: unknown, label: string): Record<string, unknown>[] => {
  const refused = (problem: string) => invalidInput(z, `${label} ${problem}. Nothing was created.`);
  const rows = (Array.isArray(raw) ? raw : isEmpty(raw) ? [] : [raw]).filter(
    (row) => !(typeof row === 'object' && row !== null && Object.values(row).every(isEmpty)),
  );
  if (rows.length === 0) throw refused('needs at least one question (a name and a type)');
  return rows.map((row, index) => {
    const at = `question ${index + 1}`;
    if (typeof row !== 'object' || row === null) throw refused(`${at} must have a Name and a Type`);
    const { name: rawName, type: rawType, required, options } = row as Record<string, unknown>;
    const name = text(rawName);
    if (name === '') throw refused(`${at}: Name (name) is required`);
    const wanted = text(rawType).toLowerCase() || 'text';
    const type = QUESTION_TYPES.find((t) => t === wanted);
    if (type === undefined)
      throw refused(
        `${at}: Type (type) must be one of ${QUESTION_TYPES.join(', ')} (got ${quoted([wanted])})`,
      );
    const isRequired = Flag().safeParse(required);
    if (!isRequired.success) throw refused(`${at}: Required (required) must be yes or no`);
    const block: Record<string, unknown> = {
      id: randomUUID(),
      type: type === 'long_text' ? 'text' : type,
      name,
      hidden: false,
      required: isRequired.data,
      ...(type === 'long_text' ? { multi_lines: true } : EXTRAS[type]),
    };
    const choices = (Array.isArray(options) ? options : text(options).split(','))
      .map(text)
      .filter((choice) => choice !== '');
    if (!isChoiceBlock({ type })) {
      if (choices.length > 0) throw refused(`${at}: Options (options) are only for select and multi_select`);
      return block;
    }
    if (choices.length === 0)
      throw refused(`${at} is a ${type} question: Options (options) needs its choices, separated by commas`);
    const result = applyChoiceChange({ id: '', type, name }, { replace: choices });
    if ('problem' in result) throw refused(`${at}: Options (options) ${result.problem}`);
    return { ...block, [type]: { options: result.options }, allow_creation: false };
  });
};
