import type { AnswerChanges } from '../../answers/answer-values';
import { currentAnswers } from '../../answers/answers';
import { answerableBlocks } from '../../answers/blocks';
import type { Form } from '../../schemas/forms';
import type { Submission } from '../../schemas/submissions';
import { writableAnswer } from './checks';

/**
 * The PUT body: every current answer to a question on the form (files, hidden answers included,
 * untouched; files as their stored names, a signature as one name, the only forms OpnForm takes
 * back), with the changes applied and cleared answers sent as `null`. A real server replaces all
 * answers with the body, a spec server applies only the keys sent: this body means the same to both.
 * Answers to questions no longer on the form are left out: OpnForm drops them on any update anyway
 * (the step refuses or reports them before it gets here).
 */
export const mergedBody = (
  form: Pick<Form, 'properties'>,
  current: Submission,
  changes: AnswerChanges,
  completionTime: number | undefined,
): Record<string, unknown> => {
  const blocks = new Map(answerableBlocks(form).map((block) => [block.id, block]));
  const body: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(currentAnswers(current))) {
    const block = blocks.get(id);
    if (block !== undefined) body[id] = writableAnswer(block, value);
  }
  Object.assign(body, changes.set);
  // matrix rows given one by one: the other rows keep their current column
  for (const [id, rows] of Object.entries(changes.rows ?? {})) {
    const now = body[id];
    body[id] = { ...(now !== null && typeof now === 'object' && !Array.isArray(now) ? now : {}), ...rows };
  }
  // a date range's start or end given alone: the other end keeps its current value
  for (const [id, range] of Object.entries(changes.ranges ?? {})) {
    const now = Array.isArray(body[id]) ? (body[id] as unknown[]) : [];
    const start = range.start ?? now[0] ?? null;
    const end = range.end ?? now[1] ?? null;
    body[id] = end === null ? [start] : [start, end];
  }
  for (const id of changes.clear) body[id] = null;
  const seconds = completionTime ?? current.completion_time;
  if (typeof seconds === 'number') body.completion_time = seconds;
  return body;
};
