import { fieldErrors, redacted, validationMessage } from '../../src/http/failures';

const BODY = {
  message: 'The given data was invalid.',
  errors: { 'data.webhook_url': ['Must be public.'], other: ['Bad.', 'Worse.'] },
};

test('field errors use the given names and keep unknown paths as they are', () => {
  expect(fieldErrors(BODY, { 'data.webhook_url': 'Webhook URL (webhook_url)' })).toEqual([
    'Webhook URL (webhook_url): Must be public.',
    'other: Bad. Worse.',
  ]);
  expect(validationMessage(422, BODY)).toBe(
    'OpnForm rejected the request (422): The given data was invalid. data.webhook_url: Must be public.; other: Bad. Worse.',
  );
});

test('redacted hides every occurrence of each secret and ignores empty ones', () => {
  expect(redacted('a s3cret-value and s3cret-value, tok', ['s3cret-value', '', 'tok'])).toBe(
    'a [hidden] and [hidden], [hidden]',
  );
  expect(redacted('nothing to hide')).toBe('nothing to hide');
});
