// Secrets in values the connector does not shape (API Request's body and answer): found and masked by
// their key at any depth, and every known secret hidden from every other text.
import { maskJson, secretFieldValues } from '../../src/http/secrets';

test('values under secret names, at any depth, are secrets; plan feature names are not', () => {
  expect(
    secretFieldValues({
      password: 'p4ss-word',
      data: {
        webhook_secret: 's3cret',
        webhook_headers: { 'X-Key': 'hdr-value' },
        slack_webhook_url: 'https://hooks.slack.com/x',
      },
      list: [{ access_token: 12345 }, { hookUrl: 'https://hooks.zapier.com/y' }],
      required_tiers: { 'security.password_protection': 'pro', secret_input: 'pro' },
      has_password: true,
      name: 'Sales',
    }),
  ).toEqual([
    'p4ss-word',
    's3cret',
    'hdr-value',
    'https://hooks.slack.com/x',
    12345,
    'https://hooks.zapier.com/y',
  ]);
});

test('an answer: secret-named texts masked, known secrets hidden elsewhere, validation messages kept', () => {
  expect(
    maskJson(
      {
        id: 7,
        password: 'opensesame',
        has_password: true,
        empty_secret: '',
        data: { webhook_url: 'https://hooks.example.net/x', webhook_headers: { 'X-Team': 'growth' } },
        required_tiers: { secret_input: 'pro' },
        message: 'token 12|abcdefgh was refused',
        errors: { 'data.webhook_url': ['The webhook url must be https.'] },
        list: [{ token: 'tok-1' }, 'abcdefgh'],
      },
      ['12|abcdefgh', 'abcdefgh'],
    ),
  ).toEqual({
    id: 7,
    password: '********',
    has_password: true,
    empty_secret: '',
    data: { webhook_url: '********', webhook_headers: { 'X-Team': '********' } },
    required_tiers: { secret_input: 'pro' },
    message: 'token [hidden] was refused',
    errors: { 'data.webhook_url': ['The webhook url must be https.'] },
    list: [{ token: '********' }, '[hidden]'],
  });
});

test('a list or a text at the top is walked too', () => {
  expect(maskJson([{ webhook_secret: 'x1' }, 'abcdefgh'], ['abcdefgh'])).toEqual([
    { webhook_secret: '********' },
    '[hidden]',
  ]);
  expect(maskJson('abcdefgh', ['abcdefgh'])).toBe('[hidden]');
});
