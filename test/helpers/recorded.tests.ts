import { App, op, run } from './app';
import { RECORDED_DIR, recorded, recordedScope } from './recorded';

test('every recording in the recordings folder parses and has exchanges', () => {
  const names = require('node:fs')
    .readdirSync(RECORDED_DIR)
    .filter((f: string) => f.endsWith('.json'));
  expect(names.length).toBeGreaterThanOrEqual(41);
  for (const name of names) expect(recorded(name).exchanges.length).toBeGreaterThan(0);
});

test('a recorded answer drives a step as the real server answered (404 on an unknown slug: Find Form finds nothing)', async () => {
  const ex = recorded('forms--get-form').find('GET', '/open/forms/no-such-form-slug', 404);
  const scope = recordedScope(ex);
  await expect(
    run(op(App.searches.find_form.operation.perform), { form: 'no-such-form-slug' }),
  ).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});
