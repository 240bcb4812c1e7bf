import type { Submission } from '../schemas/submissions';
import { METADATA_KEYS } from './answer-facts';

/** The answers of a listed submission, keyed by field id, without the metadata keys. */
export const currentAnswers = (item: Pick<Submission, 'data'>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item.data).filter(([key]) => !METADATA_KEYS.has(key)));

/** `completed` or `partial` (the `status` metadata key); older servers omit it: completed. */
export const submissionStatus = (item: Pick<Submission, 'data'>): string => {
  const status = item.data.status;
  return typeof status === 'string' && status !== '' ? status : 'completed';
};

/** When the submission was created, as OpnForm wrote it (`Y-m-d H:i:s` UTC or ISO), if known. */
export const createdAt = (item: Submission): string | undefined => {
  const value = item.data.created_at ?? (item as { created_at?: unknown }).created_at;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Every text inside an answer (lists, objects, file names), for matching and labels. */
export const answerTexts = (value: unknown): string[] => {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(answerTexts);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // files: only the name is readable (the link is signed and expires)
    if (typeof record.file_url === 'string') return answerTexts(record.file_name);
    return Object.entries(record).flatMap(([key, inner]) => [key, ...answerTexts(inner)]);
  }
  return [];
};
