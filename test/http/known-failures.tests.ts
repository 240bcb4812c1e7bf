import { type KnownFailure, knownFailure } from '../../src/http/failures';

const known: readonly KnownFailure[] = [
  { said: 'Invite already accepted.', message: 'Clear.', code: 'conflict' },
];

test.each([400, 404, 409, 422])('a known sentence in `message` is found on %i', (status) => {
  expect(knownFailure(status, { message: 'Invite already accepted.' }, known)).toBe(known[0]);
});

test('a known sentence among field errors is found; case, spaces and the final period do not matter', () => {
  expect(
    knownFailure(422, { message: 'Invalid.', errors: { invite: [' INVITE ALREADY ACCEPTED '] } }, known),
  ).toBe(known[0]);
});

test.each([401, 402, 403, 429, 500, 503])('%i keeps its own meaning', (status) => {
  expect(knownFailure(status, { message: 'Invite already accepted.' }, known)).toBeUndefined();
});

test('no partial sentences, no body, no list of known failures', () => {
  expect(knownFailure(400, { message: 'Invite already accepted, but...' }, known)).toBeUndefined();
  expect(knownFailure(400, undefined, known)).toBeUndefined();
  expect(knownFailure(400, { message: 'Invite already accepted.' })).toBeUndefined();
});

test('a 403 is matched only by an entry that names status 403 (a licence limit, not a policy refusal)', () => {
  const licence: KnownFailure = {
    said: 'Licence needed.',
    message: 'Clear.',
    code: 'forbidden',
    status: 403,
  };
  const both = [...known, licence];
  expect(knownFailure(403, { message: 'Licence needed.' }, both)).toBe(licence);
  expect(knownFailure(400, { message: 'Licence needed.' }, both)).toBeUndefined();
  expect(knownFailure(403, { message: 'Invite already accepted.' }, both)).toBeUndefined();
});

test('an entry without a sentence matches any answer at its status, 402 included (a plan limit of the endpoint)', () => {
  const plan: KnownFailure = { status: 402, message: 'Upgrade.', code: 'payment_required' };
  const withPlan = [...known, plan];
  expect(knownFailure(402, { message: 'Pro feature.' }, withPlan)).toBe(plan);
  expect(knownFailure(402, undefined, withPlan)).toBe(plan);
  expect(knownFailure(400, { message: 'Pro feature.' }, withPlan)).toBeUndefined();
  expect(knownFailure(400, { message: 'Invite already accepted.' }, withPlan)).toBe(known[0]);
});
