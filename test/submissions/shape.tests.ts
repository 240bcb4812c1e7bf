import type { Bundle, ZObject } from 'zapier-platform-core';
import { Submission } from '../../src/schemas/submissions';
import { DeliveryPayload } from '../../src/schemas/zapier';
import { submissionFile } from '../../src/submissions/output/files';
import {
  answerOutputFields,
  formAnswerFields,
  SUBMISSION_OUTPUT_FIELDS,
  SUBMISSION_SAMPLE,
} from '../../src/submissions/output/output-fields';
import type { SubmissionOutput } from '../../src/submissions/output/output-types';
import { shapeDelivery, shapeSubmission } from '../../src/submissions/output/shape';
import { failure, run, TOKEN } from '../helpers/app';
import { api, otherHost } from '../helpers/scopes';
import {
  API_ITEM,
  CV_URL,
  F,
  FORM,
  hydrated,
  REAL_DELIVERY,
  REAL_RECENT_ITEM,
  SIGN_URL,
  SPEC_DELIVERY,
  SPEC_RECENT_ITEM,
} from './fixtures';

const form = { ...FORM, properties: FORM.properties.map((p) => ({ ...p })) };
const shapeApi = (item: unknown) =>
  run((z: ZObject) => shapeSubmission(z, Submission().parse(item), form as never));
const shapeHook = (payload: unknown) =>
  run((z: ZObject) => shapeDelivery(z, DeliveryPayload().parse(payload)));

/** The answers every source agrees on, after shaping. */
const COMMON_ANSWERS = {
  [F.name]: 'Ada Lovelace',
  [F.message]: '<p>Hello <b>there</b></p>',
  [F.phone]: '+33612345678',
  [F.email]: 'ada@example.org',
  [F.consent]: true,
  [F.team]: 'Sales',
  [F.topics]: ['Pricing', 'Support'],
  [F.grid]: 'Speed: Good\nPrice: Fair',
  [F.seats]: 12,
  [F.stars]: 4,
  [F.nps]: 9,
  [F.budget]: 30,
  [F.cv]: [hydrated(CV_URL, 'cv.pdf')],
  [F.sign]: [hydrated(SIGN_URL, 'sig-77.png')],
  [F.ticket]: '4006381333931',
  [F.paid]: 'pi_3QaBcD',
  [F.source]: 'newsletter',
  [F.email2]: 'ada.work@example.org',
  [F.newsletter]: false,
};
const FILES = {
  [F.cv]: [{ name: 'cv.pdf', url: CV_URL }],
  [F.sign]: [{ name: 'sig-77.png', url: SIGN_URL }],
};
const ATTRIBUTION = { utm_source: 'newsletter', utm_campaign: 'november', gclid: 'Cj0KCQ' };

describe('shapeSubmission (/open API item, raw values)', () => {
  test('every block type, metadata keys dropped, missing answers left out', async () => {
    await expect(shapeApi(API_ITEM)).resolves.toEqual({
      id: 1843,
      form_id: 42,
      form_slug: 'contact-us',
      form_title: 'Contact Us',
      edit_link: null,
      submitted_at: '2026-11-21T14:03:27+00:00',
      status: 'completed',
      completion_time: 74,
      attribution: ATTRIBUTION,
      answers: {
        ...COMMON_ANSWERS,
        [F.start]: '2026-11-21T00:00:00+01:00',
        [F.stay]: '2026-11-05 - 2026-11-21',
      },
      answer_dates: {
        // a date-time stored in a date-only question: its own calendar day, as OpnForm shows it
        [F.start]: { start: '2026-11-21', end: null },
        [F.stay]: { start: '2026-11-05', end: '2026-11-21' },
      },
      answer_matrices: { [F.grid]: { Speed: 'Good', Price: 'Fair' } },
      answer_files: FILES,
    } satisfies SubmissionOutput);
  });

  test('a partial submission keeps its status; an answer to a removed question is kept, typed by its value', async () => {
    const out = await shapeApi({
      id: 9,
      form_id: 42,
      completion_time: null,
      data: {
        'gone-field': { Row: 'Col' },
        [F.name]: 'Ada',
        status: 'partial',
        created_at: '2026-01-02 03:04:05',
      },
      meta: null,
    });
    expect(out).toMatchObject({
      id: 9,
      status: 'partial',
      submitted_at: '2026-01-02T03:04:05+00:00',
      completion_time: null,
      attribution: {},
      answers: { 'gone-field': 'Row: Col', [F.name]: 'Ada' },
      answer_matrices: { 'gone-field': { Row: 'Col' } },
    });
  });
});

describe('shapeDelivery (hook payload, display-formatted values)', () => {
  test('real server: every block type; Yes/No become booleans; layout blocks, `submission` and `message` dropped', async () => {
    const out = await shapeHook(REAL_DELIVERY);
    expect(out).toEqual({
      id: 1843,
      form_id: 42,
      form_slug: 'contact-us',
      form_title: 'Contact Us',
      edit_link: 'https://opnform.com/forms/contact-us?submission_id=Vx3kq9',
      submitted_at: null,
      status: 'completed',
      completion_time: null,
      attribution: ATTRIBUTION,
      answers: {
        ...COMMON_ANSWERS,
        // ISO text, as every other step gives a date question; an unreadable one keeps OpnForm's text
        [F.start]: '2026-11-21',
        [F.stay]: '05/11/2026 - 21/11/2026',
      },
      answer_dates: {
        [F.start]: { start: '2026-11-21', end: null },
        // 05/11 reads as 5 November (d/m) or 11 May (m/d): no ISO form rather than a wrong one
        [F.stay]: { start: null, end: '2026-11-21' },
      },
      answer_matrices: { [F.grid]: { Speed: 'Good', Price: 'Fair' } },
      answer_files: FILES,
    } satisfies SubmissionOutput);
    expect(JSON.stringify(out)).not.toContain('deprecated');
    expect(Object.keys(out.answers)).not.toContain(F.heading);
  });

  test('spec provider payload ({value, name}, no type): files, matrix and lists still usable', async () => {
    await expect(shapeHook(SPEC_DELIVERY)).resolves.toEqual({
      id: 1843,
      form_id: 42,
      form_slug: 'contact-us',
      form_title: 'Contact Us',
      edit_link: null,
      submitted_at: null,
      status: 'completed',
      completion_time: null,
      attribution: {},
      answers: {
        [F.name]: 'Ada Lovelace',
        // without a type a "Yes" may be a text answer: kept as given
        [F.consent]: 'Yes',
        [F.topics]: ['Pricing', 'Support'],
        [F.grid]: 'Speed: Good\nPrice: Fair',
        [F.cv]: [hydrated(CV_URL, 'cv.pdf')],
      },
      answer_dates: {},
      answer_matrices: { [F.grid]: { Speed: 'Good', Price: 'Fair' } },
      answer_files: { [F.cv]: [{ name: 'cv.pdf', url: CV_URL }] },
    } satisfies SubmissionOutput);
  });

  test('spec poll item (a Submission): id, time and completion time kept, metadata keys are not answers', async () => {
    await expect(shapeHook(SPEC_RECENT_ITEM)).resolves.toEqual({
      id: 1843,
      form_id: 42,
      form_slug: null,
      form_title: null,
      edit_link: null,
      submitted_at: '2026-11-21T14:03:27+00:00',
      status: 'completed',
      completion_time: 74,
      attribution: { utm_source: 'newsletter' },
      answers: { [F.name]: 'Ada Lovelace', [F.consent]: true, [F.grid]: 'Speed: Good\nPrice: Fair' },
      answer_dates: {},
      answer_matrices: { [F.grid]: { Speed: 'Good', Price: 'Fair' } },
      answer_files: {},
    } satisfies SubmissionOutput);
  });

  test('no submission id: a stable content id above any real id, unchanged when file links are re-signed', async () => {
    const first = await shapeHook(REAL_RECENT_ITEM);
    const resigned = JSON.parse(
      JSON.stringify(REAL_RECENT_ITEM).replaceAll('signature=abc123', 'signature=zzz'),
    );
    const second = await shapeHook(resigned);
    expect(Number.isSafeInteger(first.id)).toBe(true);
    expect(first.id).toBeGreaterThan(2 ** 52);
    expect(second.id).toBe(first.id);
    const other = await shapeHook({
      ...REAL_RECENT_ITEM,
      data: { [F.name]: { value: 'Grace', type: 'text' } },
    });
    expect(other.id).not.toBe(first.id);
    expect(first.edit_link).toBeNull();
  });

  test('a bare link as a signature answer becomes a file named after the link', async () => {
    const out = await shapeHook({
      submission_id: '77',
      data: { [F.sign]: { value: 'https://cdn.example.org/s/sig%201.png?sig=1', type: 'signature' } },
    });
    expect(out.id).toBe(77);
    expect(out.answer_files).toEqual({
      [F.sign]: [{ name: 'sig 1.png', url: 'https://cdn.example.org/s/sig%201.png?sig=1' }],
    });
  });
});

describe('output fields', () => {
  test('static fields and the sample agree (every fixed key offered, ISO date with offset)', () => {
    const fixed = Object.keys(SUBMISSION_SAMPLE).filter((key) => !key.startsWith('answer'));
    const labelled = SUBMISSION_OUTPUT_FIELDS.map((f) => f.key.split('__')[0] ?? f.key);
    expect(labelled.filter((key) => !fixed.includes(key))).toEqual([]);
    // the rest Zapier offers from the sample under their own words (issue 21: no field repeats them)
    expect(fixed.filter((key) => !labelled.includes(key))).toEqual([
      'form_slug',
      'form_title',
      'edit_link',
      'status',
    ]);
    expect(SUBMISSION_SAMPLE.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Set(SUBMISSION_OUTPUT_FIELDS.map((f) => f.key)).size).toBe(SUBMISSION_OUTPUT_FIELDS.length);
  });

  test('each answerable question, labelled by name; duplicates told apart; layout blocks left out', () => {
    const fields = formAnswerFields(form as never);
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey[`answers__${F.email}`]).toEqual({
      key: `answers__${F.email}`,
      label: 'Email (1)',
      type: 'string',
    });
    expect(byKey[`answers__${F.email2}`]).toEqual({
      key: `answers__${F.email2}`,
      label: 'email (2)',
      type: 'string',
    });
    expect(byKey[`answers__${F.consent}`]).toMatchObject({ label: 'I agree', type: 'boolean' });
    expect(byKey[`answers__${F.topics}`]).toMatchObject({ label: 'Topics', type: 'string', list: true });
    expect(byKey[`answers__${F.cv}`]).toMatchObject({ label: 'CV', type: 'file', list: true });
    expect(byKey[`answer_files__${F.cv}[]url`]).toMatchObject({ label: 'CV (Original Link, Expires)' });
    expect(byKey[`answer_dates__${F.start}__start`]).toMatchObject({ label: 'Start Date (ISO)' });
    expect(byKey[`answers__${F.stars}`]).toMatchObject({ type: 'number' });
    expect(byKey[`answers__${F.source}`]).toMatchObject({ label: 'Source' });
    expect(fields.some((f) => [F.heading, F.pagebreak, F.divider].some((id) => f.key.includes(id)))).toBe(
      false,
    );
    expect(new Set(fields.map((f) => f.label)).size).toBe(fields.length);
    expect(fields.filter((f) => f.key.startsWith('answers__')).map((f) => f.key)).toHaveLength(22);
  });

  test('three questions named alike and one already named like a disambiguated label never collide', () => {
    const fields = formAnswerFields({
      properties: [
        { id: 'a', type: 'text', name: 'Name' },
        { id: 'b', type: 'text', name: 'Name' },
        { id: 'c', type: 'text', name: 'Name (2)' },
        { id: 'd', type: 'text', name: '' },
      ],
    });
    expect(fields.map((f) => f.label)).toEqual([
      'Name (1)',
      'Name (2)',
      'Name (2) [c]',
      'Untitled text field',
    ]);
  });

  test('a matrix question: its answer text, then each row as a labelled field (recorded block shape)', () => {
    const fields = formAnswerFields({
      properties: [
        {
          id: 'm',
          type: 'matrix',
          name: 'Feedback',
          rows: ['Support', 'Product'],
          columns: ['Bad', 'OK', 'Good'],
        },
      ] as never,
    });
    expect(fields).toEqual([
      { key: 'answers__m', label: 'Feedback', type: 'string' },
      { key: 'answer_matrices__m__Support', label: 'Feedback: Support', type: 'string' },
      { key: 'answer_matrices__m__Product', label: 'Feedback: Product', type: 'string' },
    ]);
  });

  test('answerOutputFields: one GET /open/forms/{id}', async () => {
    const scope = api().get('/open/forms/42').reply(200, FORM);
    const fields = await run(answerOutputFields, { workspace_id: '7', form_id: '42' });
    expect(fields).toEqual(formAnswerFields(form as never));
    expect(scope.isDone()).toBe(true);
  });

  test('answerOutputFields: no request until a form is chosen', async () => {
    await expect(run(answerOutputFields, { workspace_id: '7' })).resolves.toEqual([]);
    await expect(run(answerOutputFields, { form_id: '{{123__form}}' })).resolves.toEqual([]);
  });
});

describe('file hydrator', () => {
  // CV_URL is on api.opnform.com: the connection must be OpnForm Cloud for the link to be downloaded
  const cloud = { authData: { base_url: 'https://api.opnform.com', api_key: TOKEN } };
  const stubbed = (seenCalls: unknown[]) => (z: ZObject, bundle: Bundle) => {
    (z as { stashFile: unknown }).stashFile = async (
      response: { text(): Promise<string> },
      _n: unknown,
      name: string,
    ) => {
      seenCalls.push([await response.text(), name]);
      return 'https://zapier-stash.example/cv.pdf';
    };
    return submissionFile(z, bundle);
  };

  test('downloads the signed link without the token and stashes it under its name', async () => {
    const calls: unknown[] = [];
    const scope = otherHost('https://api.opnform.com')
      .get('/forms/assets/cv.pdf')
      .query({ expires: '1763820000', signature: 'abc123' })
      .reply(200, '%PDF-1.7', { 'Content-Type': 'application/pdf' });
    await expect(run(stubbed(calls), { url: CV_URL, name: 'cv.pdf' }, cloud)).resolves.toBe(
      'https://zapier-stash.example/cv.pdf',
    );
    expect(calls).toEqual([['%PDF-1.7', 'cv.pdf']]);
    expect(scope.isDone()).toBe(true);
  });

  test('a connection made by 1.0.4 (api_key only) is OpnForm Cloud: its links are downloaded', async () => {
    const calls: unknown[] = [];
    const scope = otherHost('https://api.opnform.com')
      .get('/forms/assets/cv.pdf')
      .query(true)
      .reply(200, '%PDF-1.7', { 'Content-Type': 'application/pdf' });
    await expect(
      run(stubbed(calls), { url: CV_URL, name: 'cv.pdf' }, { authData: { api_key: TOKEN } }),
    ).resolves.toBe('https://zapier-stash.example/cv.pdf');
    expect(calls).toEqual([['%PDF-1.7', 'cv.pdf']]);
    expect(scope.isDone()).toBe(true);
  });

  test('an expired link says so, without the link itself', async () => {
    otherHost('https://api.opnform.com')
      .get('/forms/assets/cv.pdf')
      .query(true)
      .reply(403, 'Invalid signature.');
    const error = await failure(run(stubbed([]), { url: CV_URL, name: 'cv.pdf' }, cloud));
    expect(error).toMatchObject({ code: 'file_expired', status: 403 });
    expect(error.message).toContain(
      'The OpnForm file "cv.pdf" could not be downloaded (403): its signed link has expired.',
    );
    expect(error.message).not.toContain('signature=');
  });
});
