// The pieces Update Submission checks with before it writes (src/submissions/update/checks.ts).

import { questionLabels } from '../../../src/answers/answer-inputs';
import { flagOn } from '../../../src/schemas/boolean';
import type { Form, FormBlock } from '../../../src/schemas/forms';
import type { Submission } from '../../../src/schemas/submissions';
import { removedAnswers, writableAnswer } from '../../../src/submissions/update/checks';

const files: FormBlock = { id: 'f-files', type: 'files', name: 'Files' };
const signature: FormBlock = { id: 'f-sign', type: 'signature', name: 'Signature' };
const link = (name: string) =>
  `https://forms.example.org/api/open/forms/13/submissions/file/${Buffer.from(name).toString('base64url')}?expires=1&signature=abc`;

describe('writableAnswer: files and signatures in the only forms OpnForm takes back', () => {
  test('files: each stored file_name, in order', () => {
    expect(
      writableAnswer(files, [
        { file_url: link('a.pdf'), file_name: 'a.pdf' },
        { file_url: link('b.txt'), file_name: 'b.txt' },
      ]),
    ).toEqual(['a.pdf', 'b.txt']);
  });

  test('a file item without file_name: the name encoded in its file-route link', () => {
    expect(writableAnswer(files, [{ file_url: link('cv_1.pdf') }])).toEqual(['cv_1.pdf']);
  });

  test('names already: unchanged', () => {
    expect(writableAnswer(files, ['a.pdf'])).toEqual(['a.pdf']);
  });

  test('a signature: one string, never a list or an object', () => {
    expect(writableAnswer(signature, [{ file_url: link('sign.png'), file_name: 'sign.png' }])).toBe(
      'sign.png',
    );
    expect(writableAnswer(signature, { file_url: link('sign.png'), file_name: 'sign.png' })).toBe('sign.png');
    expect(writableAnswer(signature, [])).toBeNull();
  });

  test('other answers and unknown blocks: unchanged', () => {
    expect(writableAnswer({ id: 'x', type: 'text', name: 'X' }, ['a'])).toEqual(['a']);
    expect(writableAnswer(undefined, { a: 1 })).toEqual({ a: 1 });
  });
});

test('flagOn: true/false and 1/0 (MySQL, sqlite), "1"/"true"', () => {
  expect([true, 1, '1', 'true'].map(flagOn)).toEqual([true, true, true, true]);
  expect([false, 0, '0', null, undefined, 'false'].map(flagOn)).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});

const form = (extra: Record<string, unknown> = {}): Form =>
  ({
    id: 16,
    slug: 'removal',
    title: 'Removal',
    properties: [{ id: 'keep', type: 'text', name: 'Keep me' }],
    ...extra,
  }) as Form;
const item = (data: Record<string, unknown>): Submission => ({
  id: 2065,
  data: { ...data, status: 'completed', id: 2065, created_at: '2026-11-23 17:41:19', submission_id: 'u' },
});

describe('removedAnswers', () => {
  test('named from removed_properties; values as stored (non-text as JSON); empty answers are not listed', () => {
    const removed = removedAnswers(
      form({ removed_properties: [{ id: 'gone', type: 'text', name: 'Remove me' }] }),
      item({ keep: 'k', gone: 'old answer', other: ['a', 'b'], blank: '' }),
    );
    expect(removed).toEqual([
      { id: 'gone', name: 'Remove me', value: 'old answer' },
      { id: 'other', name: 'Removed question other', value: '["a","b"]' },
    ]);
  });

  test('nothing outside the form: []', () => {
    expect(removedAnswers(form(), item({ keep: 'k' }))).toEqual([]);
  });
});

test('questionLabels: field id, data.<id> and item keys map to the question name; duplicates told apart', () => {
  const labels = questionLabels(
    form({
      properties: [
        { id: 'c1', type: 'text', name: 'Comments' },
        { id: 'c2', type: 'text', name: 'Comments' },
        { id: 'tags', type: 'multi_select', name: 'Tags', multi_select: { options: [{ name: 'a' }] } },
      ],
    }),
  );
  expect([labels.c1, labels['data.c2'], labels['tags.1'], labels['data.tags.0']]).toEqual([
    'Comments (1)',
    'Comments (2)',
    'Tags',
    'Tags',
  ]);
});
