/**
 * What the submission steps know about OpnForm's answers, in one place: which `data` keys are
 * metadata, which question types hold numbers or files, and the words a checkbox answer is written with.
 */

/** Keys OpnForm adds to a listed submission's `data` beside the answers; they are not answers. */
export const METADATA_KEYS: ReadonlySet<string> = new Set(['status', 'created_at', 'id', 'submission_id']);

/** What shaping leaves out of `data`: the metadata keys and `updated_at` (a spec server's save time). */
export const SHAPE_METADATA_KEYS: ReadonlySet<string> = new Set([...METADATA_KEYS, 'updated_at']);

/** Question types whose answer is a number. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set(['number', 'rating', 'scale', 'slider']);

/** Question types whose answer is a list of files (a signature is one image file). */
export const FILE_TYPES: ReadonlySet<string> = new Set(['files', 'signature']);

/** Blocks whose stored answer Update Submission cannot write (uploads, signatures, payments): kept as they are. */
export const KEPT_AS_IS_TYPES: ReadonlySet<string> = new Set([...FILE_TYPES, 'payment']);

/** The words a checkbox answer is written with (compared in lower case). */
export const YES_WORDS: readonly string[] = ['true', 'yes', '1'];
export const NO_WORDS: readonly string[] = ['false', 'no', '0'];

/** A checkbox word -> true or false; undefined for any other text. */
export const checkboxWord = (text: string): boolean | undefined => {
  const word = text.trim().toLowerCase();
  return YES_WORDS.includes(word) ? true : NO_WORDS.includes(word) ? false : undefined;
};
