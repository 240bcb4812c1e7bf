import type { Submission, UpdateReply } from '../../schemas/submissions';

const isSubmission = (value: unknown): value is Submission =>
  typeof (value as { id?: unknown })?.id === 'number' &&
  typeof (value as { data?: unknown }).data === 'object' &&
  (value as { data?: unknown }).data !== null;

/**
 * The updated submission from any of the three known answers: a bare Submission (spec b), the real
 * server's `{type, message, data: <item>}`, or the spec's `{message, data: {submission_id, form_id,
 * submitted_at, data}}` (a). What an answer leaves out (metadata, attribution, completion time) is
 * taken from the submission as it was read before the update, and from the body sent.
 */
export const updatedSubmission = (
  reply: UpdateReply,
  before: Submission,
  sent: Record<string, unknown>,
): Submission => {
  const item: Submission = isSubmission(reply)
    ? reply
    : isSubmission(reply.data)
      ? reply.data
      : {
          id: before.id,
          form_id: reply.data.form_id ?? before.form_id,
          completion_time:
            typeof sent.completion_time === 'number' ? sent.completion_time : before.completion_time,
          data: reply.data.data,
          meta: before.meta,
        };
  const metadata = Object.fromEntries(
    ['status', 'created_at']
      .filter((key) => !(key in item.data) && key in before.data)
      .map((key) => [key, before.data[key]]),
  );
  return {
    ...item,
    id: before.id,
    form_id: item.form_id ?? before.form_id,
    completion_time: item.completion_time ?? before.completion_time,
    meta: item.meta ?? before.meta,
    data: { ...metadata, ...item.data },
  };
};
