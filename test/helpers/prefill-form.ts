/**
 * The fixture of the Create Pre-filled Form Link tests (test/forms/create-prefilled-link.tests.ts,
 * test/forms/prefill-answers.tests.ts): the recorded "Every Block Form" (forms--get-form #1: every
 * question type, a hidden one, workspace 6, share_url `{front_url}/forms/every-block-form-0bv2sb`) or
 * that form with one thing changed, the step run against it (the form read the one request), and each
 * link read back by the model of OpnForm's public form (./opnform-reader.ts) in several time zones.
 */
import type nock from 'nock';
import { failure, op, run } from './app';
import { readLink } from './opnform-reader';
import { recorded, recordedScope } from './recorded';
import { api } from './scopes';

export const perform = op('creates.create_prefilled_link.operation.perform');
const RECORDED = recorded('forms--get-form').exchange(1);
export const READ = () => recordedScope(RECORDED);
export const FORM = RECORDED.response.body as {
  properties: Array<Record<string, unknown> & { id: string; type: string }>;
};
export const BLOCKS = FORM.properties;
export const SHARE = 'https://forms.example.org/forms/every-block-form-0bv2sb';
export const PICK = { workspace_id: 6, form_id: 13 };
/** West of UTC (the whole Americas), UTC, east of UTC, and the zones furthest apart (UTC-10, UTC+14). */
export const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'UTC',
  'Asia/Tokyo',
  'Pacific/Honolulu',
  'Pacific/Kiritimati',
];

export const ID = {
  fullName: 'b25602d4-a4c4-4d85-b359-f75cd6520fee',
  email: 'b27cd8f9-2004-4df7-a598-457bdf11e26d',
  website: '630179c8-542a-4b35-9dc2-a47b78cbbfb3',
  phone: 'c902302d-7ee5-4a88-b522-a9b9d9ffed1d',
  plan: '3e07d301-d172-448c-9007-28d8a30b7e16',
  interests: '0b0070f3-6149-414f-a483-451827bca29e',
  visit: '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a',
  meeting: '738828de-ac43-4015-8c71-4ac2a09a6571',
  stay: 'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4',
  subscribe: '817e654d-ea40-456e-a9ea-52652a063511',
  age: 'ef135658-9e42-45ed-bff3-e1c833095d89',
  rating: 'b5dd22a2-b2a7-4287-93bb-9b444dcf89de',
  scale: 'bcb281e9-8c05-4bef-a022-fcb2d555c0fc',
  slider: '419af108-74e7-4f84-9a79-abfbda5003f4',
  feedback: '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88',
  attachments: '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68',
  internalRef: '4b681407-9b5a-43ad-926a-22f8fae8939a',
  longComments: 'cfe8c094-d4ad-467e-9605-3e3bdd2463ff',
  comments: 'ff4f44a3-4c9d-40dd-802c-12e3064c77ad',
};
export const a = (id: string) => `answer__${id}`;

/** The recorded form with some of its questions changed (by id) and other form keys set. */
export const variant = (
  blocks: Record<string, Record<string, unknown>>,
  form: Record<string, unknown> = {},
) => ({
  ...FORM,
  ...form,
  properties: BLOCKS.map((b) => ({ ...b, ...blocks[b.id] })),
});
const readVariant = (body: object) =>
  api()
    .get('/open/forms/13')
    .reply(200, body as nock.Body);

/** Runs the step with the given answers; returns the output after checking the form read was the one request. */
export const link = async (inputs: Record<string, unknown>, body?: ReturnType<typeof variant>) => {
  const scope = body === undefined ? READ() : readVariant(body);
  const out = (await run(perform, { ...PICK, ...inputs })) as Record<string, unknown> & { url: string };
  expect(scope.isDone()).toBe(true);
  return out;
};

/** The step's error for the given answers, after checking the form read was the one request. */
export const refusal = async (inputs: Record<string, unknown>, body?: ReturnType<typeof variant>) => {
  const scope = body === undefined ? READ() : readVariant(body);
  const error = await failure(run(perform, { ...PICK, ...inputs }));
  expect(scope.isDone()).toBe(true);
  return error;
};

/** What a viewer in each zone is shown for one question, and what the form sends untouched, as [zone, shown, sent]. */
export const seenIn = (url: string, id: string, blocks: readonly (typeof BLOCKS)[number][] = BLOCKS) =>
  ZONES.map((zone) => {
    const reading = readLink(url, blocks, zone);
    return [zone, reading.shown[id], reading.submitted[id]];
  });
export const everywhere = (shown: unknown, sent: unknown) => ZONES.map((zone) => [zone, shown, sent]);
