import { answerableBlocks } from '../forms/blocks';
import type { Form, Submission } from '../schemas/resources';
import type { AnswerChanges } from './answer-values';
import { currentAnswers } from './answers';
import { writableAnswer } from './update-checks';

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
  for (const id of changes.clear) body[id] = null;
  const seconds = completionTime ?? current.completion_time;
  if (typeof seconds === 'number') body.completion_time = seconds;
  return body;
};
