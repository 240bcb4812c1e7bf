// Secrets in values the connector does not shape (API Request's body and answer): found and masked by
// their key at any depth, and every known secret hidden from every other text.
import { maskJson, maskJsonText, redact, secretFieldValues, secretsOf } from '../../src/http/secrets';

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

test("a JSON text masked item by item (API Request): the text of maskJson's value; not JSON: undefined", () => {
  const texts = [
    ' [1, {"password": "x", "a": "abcdefgh"}, {"hook": {"webhook_url": "u"}}]\n',
    '{"errors": {"password": ["bad"]}, "token": "t1", "abcdefgh": 1.50, "e": [], "s": "\u00e9\ud83d\ude00"}',
    '[]',
    '{}',
    '"abcdefgh"',
    '12',
    'null',
  ];
  for (const text of texts) {
    expect(maskJsonText(text, ['abcdefgh'])?.join('')).toBe(
      JSON.stringify(maskJson(JSON.parse(text), ['abcdefgh'])),
    );
  }
  // a list of 20,000 items (0.7 MB) given to the parser in slices, each item masked
  const many = JSON.stringify(Array.from({ length: 20_000 }, (_, id) => ({ id, password: `pw-${id}` })));
  const masked = maskJsonText(many, []);
  expect(masked).toHaveLength(20_002);
  expect(masked?.join('')).toBe(
    JSON.stringify(Array.from({ length: 20_000 }, (_, id) => ({ id, password: '********' }))),
  );
  for (const text of ['', '[1,2', '[1]x', '[1] [2]', '{"a":1,}', '\ufeff[1]', '{"a" 1}', '[1,,2]', 'abc']) {
    expect(maskJsonText(text, [])).toBeUndefined();
  }
});

describe("the connection's token in disguise (API Request's answer texts, headers, errors; every log line)", () => {
  // `+~?` make its base64 hold a `/` (URL-safe: `_`)
  const TOKEN = '12|Zx9KqL2mNpR4sT6vW8y+~?C3dE5fG7hJ9kM0nP2q';
  const secrets = secretsOf({ authData: { api_key: TOKEN } } as never);
  const bytes = (text: string) => Buffer.from(text, 'utf8');

  test.each([
    ['base64', bytes(TOKEN).toString('base64'), '[hidden]'],
    ['base64 without padding', bytes(TOKEN).toString('base64').replace(/=+$/, ''), '[hidden]'],
    ['URL-safe base64', bytes(TOKEN).toString('base64url'), '[hidden]'],
    ['hex', bytes(TOKEN).toString('hex'), '[hidden]'],
    ['upper-case hex', bytes(TOKEN).toString('hex').toUpperCase(), '[hidden]'],
    ['upper-cased', `token ${TOKEN.toUpperCase()}.`, 'token [hidden].'],
    ['lower-cased', `token ${TOKEN.toLowerCase()}.`, 'token [hidden].'],
    // inside a longer encoded text, wherever it starts: only the bytes shared with its neighbours stay
    ['in Basic credentials', `Basic ${bytes(`user:${TOKEN}`).toString('base64')}`, 'Basic dXNlcjox[hidden]'],
    ['URL-safe, after one byte', bytes(`x${TOKEN}`).toString('base64url'), 'eDEy[hidden]MnE'],
    [
      'in PHP JSON (`\\/`), after two bytes',
      `{"t":"${bytes(`ab${TOKEN}`).toString('base64').replace(/\//g, '\\/')}"}`,
      '{"t":"YWIx[hidden]"}',
    ],
  ])('%s', (_how, text, shown) => {
    expect(redact(text, secrets)).toBe(shown);
  });

  test('a value under 8 characters keeps to its written forms (its other cases and encodings are ordinary text)', () => {
    expect(redact('abc12 ABC12 YWJjMTI= 6162633132', ['abc12'])).toBe('[hidden] ABC12 YWJjMTI= 6162633132');
  });
});

describe('a value nested 5,000 levels deep: walked down to 512 levels, never a stack overflow', () => {
  /** `levels` lists around `inner`: `nested(2, x)` is `[[x]]`. */
  const nested = (levels: number, inner: unknown): unknown => {
    let value = inner;
    for (let i = 0; i < levels; i += 1) value = [value];
    return value;
  };

  test('secret-named values are found within 512 levels, not below', () => {
    const value = nested(511, { token: 'tok-at-512', deeper: nested(5000, { token: 'tok-below' }) });
    expect(secretFieldValues(value)).toEqual(['tok-at-512']);
  });

  test('an answer keeps its first 512 levels; what is deeper is masked whole', () => {
    const answer = { a: nested(510, ['kept', nested(5000, 'gone')]) };
    expect(maskJson(answer, [])).toEqual({ a: nested(510, ['kept', '********']) });
  });
});
