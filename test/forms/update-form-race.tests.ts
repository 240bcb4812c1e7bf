/**
 * Update Form under concurrent saves, from the production-like recording `forms--update-form-race`
 * (form 29). The step's other behaviours: update-form.tests.ts.
 */
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { capture } from './update-form-helpers';

const perform = op('creates.update_form.operation.perform');
/**
 * Concurrent saves, from the production-like recording `forms--update-form-race` (form 29): OpnForm's
 * update checks no version, so the step reads the form again right before its save (refusing when it
 * changed since its read) and once after (the change must be there).
 */
describe('concurrent saves (recorded forms--update-form-race: no version check on the server)', () => {
  const RACE = recorded('production-like/forms--update-form-race');
  const FORM_29 = { workspace_id: 1, form_id: 29 };
  /** A form as the server answered it in exchange `index` (a read, or the form of a save's answer). */
  const formAt = (index: number) => {
    const body = RACE.exchange(index).response.body as Record<string, unknown>;
    return (body.form ?? body) as Record<string, unknown>;
  };
  const reads = (...forms: Array<Record<string, unknown>>) =>
    forms.map((form) => api().get('/open/forms/29').reply(200, form));

  test("the recorded lost update: another client's save between the read and this save is refused, not overwritten", async () => {
    // this step read R0 (#1); client A saved its title meanwhile (#2); the step's second read sees A's form
    const scopes = reads(formAt(1), formAt(2));
    const error = await failure(run(perform, { ...FORM_29, title: 'Title set by B' }));
    expect(scopes.every((scope) => scope.isDone())).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'conflict',
      status: 409,
      message:
        'Form 29 was changed in OpnForm while this step ran (saved again at 2026-11-25T11:47:44.000000Z; title, ' +
        "closed_text changed): an editor or another run of a Zap saved it between this step's read and its " +
        'update. Nothing was saved, so that change is not overwritten (OpnForm replaces the whole form on every save). Run the ' +
        'step again to apply yours to the form as it is now.',
    });
  });

  test('a question an editor added in between (recorded "Phone", #9) is never dropped: refused', async () => {
    const scopes = reads(formAt(8), formAt(9));
    const error = await failure(run(perform, { ...FORM_29, title: 'Renamed' }));
    expect(scopes.every((scope) => scope.isDone())).toBe(true);
    expect(error.message).toMatch(
      /^Form 29 was changed in OpnForm while this step ran \(saved again at 2026-11-25T11:47:46\.000000Z; properties changed\): /,
    );
  });

  test('a save within the same second (updated_at unchanged, recorded #5 -> #6) is caught by the content', async () => {
    expect(formAt(5).updated_at).toBe(formAt(6).updated_at);
    const scopes = reads(formAt(5), formAt(6));
    const error = await failure(run(perform, { ...FORM_29, visibility: 'closed' }));
    expect(scopes.every((scope) => scope.isDone())).toBe(true);
    expect(error.message).toMatch(/^Form 29 was changed in OpnForm while this step ran \(title changed\): /);
  });

  test('two saves at the same moment (recorded #15: the last one wins): the step whose change was lost says so', async () => {
    const before = reads(formAt(14), formAt(14));
    const save = recordedScope(RACE.exchange(2), { body: () => true });
    // read back after both saves: the other one's title ("Concurrent G2") is what the form holds
    const after = reads(formAt(15));
    const error = await failure(run(perform, { ...FORM_29, title: 'Concurrent G1' }));
    expect([...before, save, ...after].every((scope) => scope.isDone())).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'conflict',
      status: 409,
      message:
        'OpnForm accepted the update of form 29, but the form read back right after does not hold it (Title ' +
        '(title)): another save of the form (an editor in OpnForm or another run of a Zap) replaced it at the ' +
        'same moment. Your change is not in the form; run the step again to apply it.',
    });
  });

  test('no change since the read: the save goes out built from the second read, and the form read back is the output', async () => {
    const { sent, match } = capture();
    const before = reads(formAt(14), formAt(14));
    const save = recordedScope(RACE.exchange(2), { body: match });
    const saved = { ...formAt(14), title: 'Concurrent G1', updated_at: '2026-11-25T11:47:51.000000Z' };
    const after = reads(saved);
    const out = await run(perform, { ...FORM_29, title: 'Concurrent G1' });
    expect([...before, save, ...after].every((scope) => scope.isDone())).toBe(true);
    expect(sent[0]).toEqual({ ...formAt(14), title: 'Concurrent G1' });
    expect(out).toMatchObject({ id: 29, title: 'Concurrent G1', changed: ['title'] });
  });
});
