import type { Submission } from '../schemas/resources';
import type { AnswerChanges } from './answer-values';
import { currentAnswers } from './answers';

/**
 * The PUT body: every current answer (files, hidden and unknown fields included, untouched), with
 * the changes applied and cleared answers sent as `null`. A real server replaces all answers with
 * the body, a spec server applies only the keys sent: this body means the same to both.
 */
export const mergedBody = (
  current: Submission,
  changes: AnswerChanges,
  completionTime: number | undefined,
): Record<string, unknown> => {
  const body: Record<string, unknown> = { ...currentAnswers(current), ...changes.set };
  for (const id of changes.clear) body[id] = null;
  const seconds = completionTime ?? current.completion_time;
  if (typeof seconds === 'number') body.completion_time = seconds;
  return body;
};
