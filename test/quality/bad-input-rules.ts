/**
 * The input rules the property-based bad-input suite (bad-input.tests.ts) generates from: per input
 * key, the values a step must take and the values it must refuse naming the field.
 */
import fc from 'fast-check';

/** Values for one input key: which are valid, which are not (and must be named in the error). */
export interface KeyRule {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
}

const weird = fc.oneof(
  fc.constantFrom(
    '../1',
    '1/2',
    '.',
    '..',
    '%2e%2e',
    '1.5',
    '-3',
    '0',
    '1e3',
    ' ',
    'NaN',
    '١٢',
    '12abc',
    '9'.repeat(40),
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => !/^\s*\d{1,15}\s*$/.test(s)),
  fc.double().filter((n) => !Number.isSafeInteger(n) || n < 1),
  fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  fc.boolean(),
);

const ID: KeyRule = {
  valid: fc.oneof(
    fc.integer({ min: 1, max: 2 ** 31 }),
    fc.integer({ min: 1, max: 2 ** 31 }).map((n) => ` ${n}`),
  ),
  invalid: weird,
};

/** A form reference (Find Form): a slug, UUID or id is one safe path segment; anything else is refused. */
const FORM_REF: KeyRule = {
  valid: fc.oneof(
    fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,40}$/),
    fc.uuid(),
    fc.integer({ min: 1, max: 2 ** 31 }),
  ),
  invalid: fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '.',
      '..',
      '../1',
      'a/b',
      '%2e%2e',
      'a?b=1',
      'a#b',
      'a b',
      '-x',
      'https://x.org/a',
    ),
    fc.string({ maxLength: 30 }).filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(s.trim())),
  ),
};

/** Rules by input key; keys not listed are free text and are fed any string. */
export const RULES: Record<string, KeyRule> = {
  form: FORM_REF,
  workspace_id: ID,
  form_id: ID,
  submission_id: ID,
  user_id: ID,
  invite_id: ID,
  webhook_integration_id: ID,
  // the webhook steps: empty means "not given" (update) or is named as missing (create's URL), never invalid here
  webhook_url: {
    valid: fc.constantFrom(
      'https://hooks.example.com/in',
      ' https://a.example.org/p?q=1 ',
      'https://x.example.net:8443/',
    ),
    invalid: fc.constantFrom(
      'http://hooks.example.com/in',
      'https://127.0.0.1/in',
      'https://10.0.0.1/x',
      'ftp://a.example.org/',
      'not a url',
      'https://user:pw@a.example.org/',
    ),
  },
  webhook_secret: {
    valid: fc.stringMatching(/^[!-~][ -~]{10,30}[!-~]$/),
    invalid: fc.oneof(
      fc.string({ minLength: 1, maxLength: 11 }).filter((t) => t.trim() !== ''),
      fc.constantFrom(
        ' leading-space-secret',
        'trailing-space-secret ',
        'accented-secret-é',
        'line\nbreak-secret',
      ),
    ),
  },
  // required free text of the submission searches: anything but blank
  search: {
    valid: fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== ''),
    invalid: fc.oneof(
      fc.constantFrom('', '   ', '\t'),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 2 }),
    ),
  },
  // Find Submission's question: optional in the editor, refused blank by the step (a Find or Create must
  // not match an unrelated answer), so a valid input names one; not text is refused naming it
  search_field: {
    valid: fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== ''),
    invalid: fc.oneof(fc.boolean(), fc.array(fc.integer(), { minLength: 1, maxLength: 2 })),
  },
  // date-time bounds (Find Submission, Export Submissions): since always before until when both are valid
  submitted_since: {
    valid: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2025-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    invalid: fc.oneof(fc.constantFrom('yesterday', '2026-13-45', '20/11/2026', 'soon'), fc.boolean()),
  },
  submitted_until: {
    valid: fc.oneof(
      fc
        .date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString()),
      fc.constantFrom('2030-01-01', '2030-01-01T09:00:00+02:00'),
    ),
    invalid: fc.oneof(fc.constantFrom('tomorrow', '2026-02-30T25:00:00Z', 'later'), fc.boolean()),
  },
  // export job ids (UUIDs on real servers): one path segment of letters, digits and dashes
  job_id: {
    valid: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
    invalid: fc.oneof(fc.constantFrom('../x', 'a/b', '.', '..', '%2e%2e', 'a b', '', ' '), fc.boolean()),
  },
  email: {
    valid: fc.oneof(
      fc.emailAddress(),
      fc.emailAddress().map((e) => `  ${e.toUpperCase()} `),
    ),
    invalid: fc.oneof(
      fc.constantFrom('', '   ', '\n\t', null),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 2 }),
    ),
  },
  // Update Form: a visibility is always set in valid inputs, so the step has something to do
  visibility: {
    valid: fc.constantFrom('public', 'closed', 'draft', ' Closed ', 'DRAFT'),
    invalid: fc.oneof(
      fc.constantFrom('open', 'private', 'hidden', 'published'),
      fc
        .string({ maxLength: 12 })
        .filter((s) => s.trim() !== '' && !['public', 'closed', 'draft'].includes(s.trim().toLowerCase())),
    ),
  },
  max_submissions_count: {
    valid: fc.oneof(
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 1, max: 999 }).map((n) => ` ${n} `),
    ),
    invalid: fc.oneof(fc.constantFrom('0', '-1', '1.5', 'ten', '1e3'), fc.integer({ max: 0 }), fc.boolean()),
  },
  closes_at: {
    valid: fc
      .date({
        min: new Date('2090-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
    invalid: fc.oneof(fc.constantFrom('next friday', '2026-13-45', 'soon', '31/12/2026 25:00'), fc.boolean()),
  },
  // API Request: GET is left out of the valid methods, so a valid body is never refused for coming with a GET
  method: {
    valid: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', ' post ', 'Patch'),
    invalid: fc.oneof(
      fc.constantFrom('HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'GET /x', '', ' ', null, ['GET']),
      fc
        .string({ maxLength: 12 })
        .filter((s) => !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(s.trim().toUpperCase())),
    ),
  },
  path: {
    valid: fc.oneof(
      fc
        .array(fc.stringMatching(/^[A-Za-z0-9_~-]{1,20}$/), { minLength: 1, maxLength: 5 })
        .map((parts) => `/${parts.join('/')}`),
      fc.constantFrom('open/workspaces', '/open/forms/a%20b/', '/open/forms/ü', '/'),
    ),
    invalid: fc.oneof(
      fc.constantFrom(
        'https://evil.example/x',
        'http://127.0.0.1/x',
        '//evil.example/x',
        'mailto:a@b.c',
        '/open/../x',
        '../x',
        '/a/%2e%2E/b',
        '/a/.',
        '/a/%2F/b',
        '/a/%5c/b',
        '/a?b=1',
        '/a#b',
        '/a b',
        '/a\\b',
        '/a/%zz',
        '/a/%C3',
        '/a//b',
        '/a/%00',
        '',
        '  ',
        null,
        ['/a'],
      ),
      fc.string({ maxLength: 20 }).map((s) => `/x/..${s.includes('/') ? '' : `/${s}`}`),
    ),
  },
  query: {
    valid: fc.dictionary(
      fc
        .stringMatching(/^[a-z][a-z_[\]]{0,10}$/)
        .filter((k) => !/(password|passwd|secret|token|api[-_]?key)$/i.test(k)),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean()),
      { maxKeys: 3 },
    ),
    invalid: fc.constantFrom(
      'page=2',
      ['a'],
      7,
      true,
      { api_token: 'x' },
      { password: '' },
      { ' ': 'x' },
      { a: ['1'] },
      { a: { b: 1 } },
    ),
  },
  body: {
    valid: fc.oneof(
      fc.json({ maxDepth: 2 }).filter((t) => /^[[{]/.test(t)),
      fc.constantFrom('{}', '[]', ' {"name": "Sales"} '),
    ),
    invalid: fc.oneof(
      fc.constantFrom(
        '{',
        '{"a": }',
        "{'a': 1}",
        'null',
        '42',
        '"text"',
        'true',
        'name=Sales',
        7,
        true,
        ['{}'],
        {},
      ),
      fc.json({ maxDepth: 1 }).filter((t) => !/^[[{]/.test(t)),
    ),
  },
  stop_on_error: {
    valid: fc.constantFrom(true, false, 'yes', 'no', 'true', 'false', ' Yes ', '', null),
    invalid: fc.constantFrom('maybe', 'si', 'yess', '2', 'stop', ['yes'], {}),
  },
  // the workspace steps: a name is always set in valid inputs, so Update Workspace has something to do;
  // a valid Remove Icon is always No (with an icon, Yes is refused)
  name: {
    valid: fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
      fc.constantFrom('Marketing', ' Équipe ', 42),
    ),
    invalid: fc.oneof(
      fc.constantFrom('', '  ', null, 'L'.repeat(256), true, ['Ops'], {}),
      fc.string({ minLength: 256, maxLength: 300 }).filter((s) => [...s.trim()].length > 255),
    ),
  },
  icon: {
    valid: fc.constantFrom('🚀', ' 🧪 ', '👩‍💻', '', null),
    invalid: fc.constantFrom('🚀'.repeat(33), 'x'.repeat(40), true, ['🚀'], {}),
  },
  clear_icon: {
    valid: fc.constantFrom(false, 'no', 'false', 'off', '0', '', null),
    invalid: fc.constantFrom('maybe', '2', 'remove', ['yes'], {}),
  },
  delete_with_forms: {
    valid: fc.constantFrom(true, false, 'yes', 'no', 'true', 'false', ' Yes ', '', null),
    invalid: fc.constantFrom('maybe', 'si', '2', 'delete', ['yes'], {}),
  },
  // Find Webhook Integration: a host only (a pasted webhook URL is refused); always set in valid inputs
  webhook_host: {
    valid: fc.oneof(fc.domain(), fc.constantFrom(' Hooks.Example.com ', 'dead.example.net:8443')),
    invalid: fc.oneof(
      fc.constantFrom(
        'https://hooks.example.com/x',
        'a.example.org/p',
        'a.example.org?t=1',
        'u@a.example.org',
        'a b',
      ),
      fc.webUrl().filter((u) => u.includes('/')),
    ),
  },
  // Find Submission's Submissions to Search: 100 to 3000 in steps of 100
  search_window: {
    valid: fc.oneof(
      fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
      fc.constantFrom(' 500 ', '3000'),
    ),
    invalid: fc.oneof(
      fc.constantFrom('0', '50', '150', '3100', '1e3', 'all', true),
      fc.integer({ min: 3001, max: 10 ** 6 }),
    ),
  },
  role: {
    valid: fc.constantFrom('admin', 'user', 'readonly', ' Admin ', 'READONLY'),
    invalid: fc.oneof(
      fc.constantFrom('member', 'owner', 'read only', '', ' ', null),
      fc
        .string({ maxLength: 12 })
        .filter((s) => !['admin', 'user', 'readonly'].includes(s.trim().toLowerCase())),
    ),
  },
};
