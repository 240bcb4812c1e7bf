/**
 * Output labels a user must be able to recognise in the Zap editor (issue 13, point 10): no two
 * fields of a step read alike, no developer wording, no field offered that is always empty.
 */
import { App } from './helpers/app';

type Field = { key: string; label?: string };
const outputs = (fields: unknown): Field[] =>
  (Array.isArray(fields) ? fields : []).filter(
    (f): f is Field => typeof f === 'object' && f !== null && 'key' in f,
  );
const label = (fields: unknown, key: string) => outputs(fields).find((f) => f.key === key)?.label;

test('Find Export and Export Submissions: the export id and the job id are told apart (no two "Job ID" fields)', () => {
  for (const fields of [
    App.searches.find_export.operation.outputFields,
    App.creates.export_submissions.operation.outputFields,
  ]) {
    expect([label(fields, 'id'), label(fields, 'job_id')]).toEqual([
      'Export ID (the job, or the file name when there is no job)',
      'Job ID (background exports only)',
    ]);
  }
});

test('New Submission: the note on a test record is worded for users', () => {
  expect(label(App.triggers.new_submission.operation.outputFields, 'sample_note')).toBe(
    'Note on This Test Record (Empty in Live Runs)',
  );
});

test('Leave Workspace: plain labels, and the name of the workspace left', () => {
  expect(outputs(App.creates.leave_workspace.operation.outputFields).map((f) => [f.key, f.label])).toEqual([
    ['id', 'ID'],
    ['workspace_id', 'Workspace ID'],
    ['left', 'Left'],
    ['message', 'Message'],
    ['workspace_name', 'Workspace Name'],
  ]);
});

test('New Workspace Member: joined_at (always empty on real servers) is not offered as a field, nor in the sample', () => {
  const op = App.triggers.new_workspace_member.operation;
  expect(outputs(op.outputFields).map((f) => f.key)).not.toContain('joined_at');
  expect(op.sample).not.toHaveProperty('joined_at');
});

test('team actions name the person: member and invite details in every action output', () => {
  const keys = (fields: unknown) => outputs(fields).map((f) => f.key);
  expect(keys(App.creates.remove_member.operation.outputFields)).toEqual(
    expect.arrayContaining(['name', 'email', 'role']),
  );
  expect(keys(App.creates.update_member_role.operation.outputFields)).toEqual(
    expect.arrayContaining(['name', 'email', 'role', 'previous_role']),
  );
  for (const op of [App.creates.cancel_invite.operation, App.creates.resend_invite.operation]) {
    expect(keys(op.outputFields)).toEqual(expect.arrayContaining(['email', 'role', 'valid_until']));
  }
});
