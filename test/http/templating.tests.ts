/**
 * Stored answers are data, never templates (L-1): core refuses a request whose strings contain
 * "{{bundle." or "{{process." unless the request opts out of templating; the client sends them as
 * typed. And "could not reach OpnForm ... temporary" is said only for errors with a network code.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../src/http/client';
import { path } from '../../src/http/path';
import { MessageReply } from '../../src/schemas/common';
import { failure, run } from '../helpers/app';
import { api } from '../helpers/scopes';

const put = (body: unknown, query?: Record<string, string>) => (z: ZObject, bundle: Bundle) =>
  opnform(z, bundle).put(path`/open/forms/${5}/submissions/${9}`, {
    need: { thing: 'submission', abilities: ['forms-write'] },
    body,
    query,
    schema: MessageReply(),
  });

test('an answer containing {{bundle.x}} and {{process.env.X}} is sent exactly as stored', async () => {
  const body = {
    data: { name: 'Hi {{bundle.authData.api_key}}', note: '{{process.env.HOME}}', n: ['{{bundle.x}}'] },
  };
  const scope = api()
    .put('/open/forms/5/submissions/9', body)
    .query({ search: '{{bundle.inputData.x}}' })
    .reply(200, { message: 'Submission updated.' });
  await expect(run(put(body, { search: '{{bundle.inputData.x}}' }))).resolves.toEqual({
    message: 'Submission updated.',
  });
  expect(scope.isDone()).toBe(true);
});

test('an error without a network code is not called "unreachable" or temporary', async () => {
  const scope = api().put('/open/forms/5/submissions/9').replyWithError(new Error('something odd'));
  const error = await failure(run(put({ a: 1 })));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'request_failed',
    status: 400,
    message:
      'The request to OpnForm at forms.example.org could not be sent: request to ' +
      'https://forms.example.org/api/open/forms/5/submissions/9 failed, reason: something odd',
  });
});

test.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'CERT_HAS_EXPIRED'])(
  'a network error code (%s) is "could not reach"',
  async (code) => {
    const scope = api()
      .put('/open/forms/5/submissions/9')
      .replyWithError(Object.assign(new Error('failed'), { code }));
    const error = await failure(run(put({ a: 1 })));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain(
      `Could not reach OpnForm at forms.example.org: the connection failed (${code}).`,
    );
  },
);

test('a host that resolves to a private address (refused at connect time) is named as such', async () => {
  const scope = api()
    .put('/open/forms/5/submissions/9')
    .replyWithError(Object.assign(new Error('refused'), { code: 'EADDRNOTPUBLIC' }));
  const error = await failure(run(put({ a: 1 })));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_base_url',
    status: 400,
    message:
      'OpnForm URL (base_url): the host forms.example.org resolves to a private, loopback, link-local or cloud ' +
      'metadata address, which the connector does not contact. Enter the public address of your OpnForm API.',
  });
});
