/**
 * Output labels a user must be able to recognise in the Zap editor (issue 13, point 10): no two
 * fields of a step read alike, no developer wording, no field offered that is always empty.
 */
import { automaticLabel } from '../scripts/definition-check';
import legacy from '../scripts/opnform-1.0.4.definition.json';
import { App } from './helpers/app';
import { isTitleCase, staticOutputs, visible } from './helpers/published-steps';

type Field = { key: string; label?: string };
const outputs = (fields: unknown): Field[] =>
  (Array.isArray(fields) ? fields : []).filter(
    (f): f is Field => typeof f === 'object' && f !== null && 'key' in f,
  );
const label = (fields: unknown, key: string) => outputs(fields).find((f) => f.key === key)?.label;

/**
 * What the editor offers from a step's output, as [key, label]: the sample's keys in order, each with
 * its static field's label, else Zapier's automatic one (issue 21: a field that only repeats it is
 * left out), then static fields whose key the sample lacks.
 */
const offered = (op: { sample?: object; outputFields?: unknown }): Array<[string, string | undefined]> => {
  const fields = outputs(op.outputFields);
  const keys = Object.keys(op.sample ?? {});
  return [
    ...keys.map((key): [string, string | undefined] => [key, label(fields, key) ?? automaticLabel(key)]),
    ...fields.filter((f) => !keys.includes(f.key)).map((f): [string, string | undefined] => [f.key, f.label]),
  ];
};

test('Find Export and Export Submissions: the export id and the job id are told apart (no two "Job ID" fields)', () => {
  for (const fields of [
    App.searches.find_export.operation.outputFields,
    App.creates.export_submissions.operation.outputFields,
  ]) {
    expect([label(fields, 'id'), label(fields, 'job_id')]).toEqual(['Export ID', 'Job ID']);
  }
});

test('New Submission: no always-empty note key (sample_note was never a key of 1.0.4)', () => {
  const op = App.triggers.new_submission.operation;
  expect(outputs(op.outputFields).map((f) => f.key)).not.toContain('sample_note');
  expect(op.sample).not.toHaveProperty('sample_note');
  expect(legacy.emitted.new_submission).not.toContain('sample_note');
});

/**
 * Output labels are short Title Case names (issue 26): no raw values or explanations in brackets
 * ("Role (admin, user or readonly)", "Mode (sync or async)"); the values belong in the sample.
 */
describe.each(visible.map(({ kind, def }) => [`${kind}.${def.key}`, def] as const))('%s', (_name, def) => {
  test('output labels are short Title Case names, without brackets or explanations', () => {
    const bad = staticOutputs(def.operation)
      .map((f) => [f.key, (f as { label?: string }).label ?? ''] as const)
      .filter(([, text]) => text !== '' && (/[()[\]]/.test(text) || text.length > 40 || !isTitleCase(text)));
    expect(bad).toEqual([]);
  });
});

test('Leave Workspace: plain labels, and the name of the workspace left', () => {
  expect(offered(App.creates.leave_workspace.operation)).toEqual([
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
  const keys = (op: { sample?: object; outputFields?: unknown }) => offered(op).map(([key]) => key);
  expect(keys(App.creates.remove_member.operation)).toEqual(
    expect.arrayContaining(['name', 'email', 'role']),
  );
  expect(keys(App.creates.update_member_role.operation)).toEqual(
    expect.arrayContaining(['name', 'email', 'role', 'previous_role']),
  );
  for (const op of [App.creates.cancel_invite.operation, App.creates.resend_invite.operation]) {
    expect(keys(op)).toEqual(expect.arrayContaining(['email', 'role', 'valid_until']));
  }
});
