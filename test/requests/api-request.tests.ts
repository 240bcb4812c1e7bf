// API Request against the real server's recorded answers (forms--list-workspaces, workspaces--create-update-delete,
// integrations--list, exports--sync-csv, limits--*): the request sent, the output, every refusal before a request.
import nock from 'nock';
import { appHandler } from '../../harness/invoke';
import { authData, BASE, failure, op, run, TOKEN } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const apiRequest = op('creates.api_request.operation.perform');

const LIST = recorded('forms--list-workspaces');
const WORKSPACES = recorded('workspaces--create-update-delete');
const INTEGRATIONS = recorded('integrations--list');
const LIMITS = recorded('limits--abilities-403');
const CSV = recorded('exports--sync-csv');
const UNAUTHENTICATED = recorded('limits--unauthenticated-401');

/** Every request nock could not answer (a request the test did not expect). */
let unexpected: string[] = [];
const onNoMatch = (req: { method?: string; path?: string }) => unexpected.push(`${req.method} ${req.path}`);
beforeEach(() => {
  unexpected = [];
  nock.emitter.on('no match', onNoMatch);
});
afterEach(() => {
  nock.emitter.removeListener('no match', onNoMatch);
  nock.cleanAll();
});

describe('GET', () => {
  test('the recorded list: status, the allowed headers by snake_case name, the parsed body', async () => {
    const ex = LIST.exchange(0);
    const scope = recordedScope(ex);
    const out = await run(apiRequest, { method: 'GET', path: '/open/workspaces' });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual({
      status: 200,
      headers: { content_type: 'application/json', x_ratelimit_limit: '100', x_ratelimit_remaining: '99' },
      data: ex.response.body,
      text: null,
      file: null,
      size: Buffer.byteLength(JSON.stringify(ex.response.body)),
    });
  });

  test('only the allowed headers pass: never a cookie or what a server or proxy adds', async () => {
    api().get('/open/forms/6').reply(200, '{"id": 6}', {
      'Content-Type': 'application/json',
      ETag: '"v1"',
      'Set-Cookie': 'opnform_session=abc123; HttpOnly',
      Server: 'nginx',
      'X-Powered-By': 'PHP/8.3',
      'X-Request-Id': 'req-1',
    });
    const out = await run(apiRequest, { method: 'GET', path: '/open/forms/6' });
    expect(out).toEqual({
      status: 200,
      headers: { content_type: 'application/json', etag: '"v1"' },
      data: { id: 6 },
      text: null,
      file: null,
      size: 9,
    });
  });

  test('query parameters go in the query string; a path without its leading / or with a trailing / is the same path', async () => {
    const ex = LIMITS.exchange(31);
    const scope = recordedScope(ex);
    const out = await run(apiRequest, {
      method: ' get ',
      path: 'open/forms/13/submissions/',
      query: { per_page: '1' },
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({ status: 200, data: ex.response.body });
  });

  test('each segment is sent encoded once: a typed %20 or ü stays one segment', async () => {
    const scope = api().get('/open/forms/a%20b/%C3%BC').reply(404, { message: '' });
    const out = await run(apiRequest, { method: 'GET', path: '/open/forms/a%20b/ü', stop_on_error: 'no' });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({ status: 404 });
  });

  test('an integration list: every secret-named value masked (webhook secret, header values, URLs)', async () => {
    const scope = recordedScope(INTEGRATIONS.exchange(0));
    const out = (await run(apiRequest, { method: 'GET', path: '/open/forms/6/integrations' })) as {
      data: Array<{ id: number; data: Record<string, unknown> }>;
    };
    expect(scope.isDone()).toBe(true);
    expect(out.data.map((i) => [i.id, i.data])).toEqual([
      [17, { webhook_url: '********' }],
      [
        18,
        {
          webhook_url: '********',
          webhook_secret: '********',
          webhook_headers: { 'X-Team': '********', 'X-Env': '********' },
        },
      ],
      [19, { webhook_url: '********' }],
    ]);
    expect(JSON.stringify(out)).not.toMatch(/s3cret-signing-key-123|growth|hooks\.example\.net/);
  });

  test('a CSV answer (an export) is given as text, with its file name', async () => {
    const ex = CSV.exchange(2);
    const scope = recordedScope(ex);
    const out = await run(apiRequest, {
      method: 'POST',
      path: '/open/forms/6/submissions/export',
      body: JSON.stringify(ex.request.body),
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual({
      status: 200,
      headers: {
        content_type: 'text/csv; charset=UTF-8',
        content_disposition: 'attachment; filename=zapier-test-form-corpus-bnml9u-submission-data.csv',
        x_ratelimit_limit: '10',
        x_ratelimit_remaining: '7',
      },
      data: null,
      text: ex.response.body,
      file: null,
      size: Buffer.byteLength(String(ex.response.body)),
    });
  });
});

describe('POST', () => {
  test('the body as typed, with its content type; the answer as the output', async () => {
    const ex = WORKSPACES.exchange(6);
    const scope = recordedScope(ex);
    const out = await run(apiRequest, {
      method: 'POST',
      path: '/open/workspaces/create',
      body: ' {"name": "Rec WS A", "emoji": "🚀"} ',
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({ status: 200, data: ex.response.body, text: null });
  });
});

describe('error statuses', () => {
  test('Stop on Error (the default): a 422 is the error, with the server message and field errors', async () => {
    const scope = recordedScope(WORKSPACES.exchange(1));
    const error = await failure(
      run(apiRequest, { method: 'POST', path: '/open/workspaces/create', body: '{}' }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 422,
      message:
        'OpnForm rejected the request (422): The name field is required. name: The name field is required.',
    });
  });

  test('Stop on Error no: the 422 is the output', async () => {
    const ex = WORKSPACES.exchange(1);
    const scope = recordedScope(ex);
    const out = await run(apiRequest, {
      method: 'POST',
      path: '/open/workspaces/create',
      body: '{}',
      stop_on_error: false,
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual({
      status: 422,
      headers: { content_type: 'application/json', x_ratelimit_limit: '100', x_ratelimit_remaining: '98' },
      data: ex.response.body,
      text: null,
      file: null,
      size: Buffer.byteLength(JSON.stringify(ex.response.body)),
    });
  });

  test('a 404 names the request; a 405 says which methods the path takes', async () => {
    const missing = recordedScope(WORKSPACES.exchange(14));
    const notFound = await failure(
      run(apiRequest, { method: 'PUT', path: '/open/workspaces/999999', body: '{"name": "nope"}' }),
    );
    expect(missing.isDone()).toBe(true);
    expect(notFound).toMatchObject({
      code: 'not_found',
      message:
        "OpnForm has nothing at PUT /open/workspaces/999999 (404). Check the path and the ids in it: OpnForm's API " +
        'paths for tokens start with /open/.',
    });
    const wrong = recordedScope(WORKSPACES.exchange(0));
    const notAllowed = await failure(
      run(apiRequest, { method: 'POST', path: '/open/workspaces', body: '{"name": "Rec WS wrong path"}' }),
    );
    expect(wrong.isDone()).toBe(true);
    expect(notAllowed.message).toBe(
      'OpnForm rejected the request (405): The POST method is not supported for route open/workspaces. ' +
        'Supported methods: GET, HEAD.',
    );
  });

  test("a 403 is the server's refusal, in one request (no ability to name, so nothing more is read)", async () => {
    const scope = recordedScope(LIST.exchange(1));
    const error = await failure(run(apiRequest, { method: 'GET', path: '/open/workspaces' }));
    expect(scope.isDone()).toBe(true);
    expect(unexpected).toEqual([]);
    expect(error).toMatchObject({
      code: 'forbidden',
      message:
        'OpnForm refused this step (403): "This action is unauthorized." The connected user may lack permission for this step.',
    });
    const ability = recordedScope(LIMITS.exchange(0));
    const invalid = await failure(run(apiRequest, { method: 'GET', path: '/external/zapier/workspaces' }));
    expect(ability.isDone()).toBe(true);
    expect(invalid.message).toBe(
      'OpnForm refused this request (403): "Invalid ability provided." The access token lacks an ability this path ' +
        'needs: create a new token with it ticked in OpnForm (Settings > Access Tokens) and reconnect.',
    );
  });

  test('a 401 is the reconnect error even with Stop on Error no', async () => {
    const scope = recordedScope(UNAUTHENTICATED.exchange(1));
    const error = await failure(
      run(apiRequest, { method: 'GET', path: '/open/workspaces', stop_on_error: 'no' }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ name: 'ExpiredAuthError' });
  });

  test("an HTML page (OpnForm's web app, not its API) is an error with Stop on Error, the text without", async () => {
    const page = '<!DOCTYPE html><html><body>OpnForm</body></html>';
    api().get('/open/workspaces').twice().reply(200, page, { 'Content-Type': 'text/html; charset=UTF-8' });
    const error = await failure(run(apiRequest, { method: 'GET', path: '/open/workspaces' }));
    expect(error).toMatchObject({ code: 'bad_response' });
    expect(error.message).toMatch(
      /^OpnForm sent an answer that is not JSON \(text\/html; charset=UTF-8\) for this API request\./,
    );
    const out = await run(apiRequest, { method: 'GET', path: '/open/workspaces', stop_on_error: 'no' });
    expect(out).toEqual({
      status: 200,
      headers: { content_type: 'text/html; charset=UTF-8' },
      data: null,
      text: page,
      file: null,
      size: Buffer.byteLength(page),
    });
  });
});

// Not recorded: the sqlite recordings store files locally (README of test/recorded, artefact 7); on OpnForm
// Cloud a file link redirects to a temporary S3 URL whose query is its signature.
describe('redirects are never followed: the 3xx is the output', () => {
  test('to another host: only its origin is shown, nothing is sent there', async () => {
    const scope = api().get('/open/forms/6/submissions/file/report.pdf').reply(302, '', {
      Location: 'https://opnform.s3.amazonaws.com/forms/6/report.pdf?X-Amz-Signature=abc123def456',
    });
    const out = await run(apiRequest, { method: 'GET', path: '/open/forms/6/submissions/file/report.pdf' });
    expect(scope.isDone()).toBe(true);
    expect(unexpected).toEqual([]);
    expect(out).toEqual({
      status: 302,
      headers: { location: 'https://opnform.s3.amazonaws.com/********' },
      data: null,
      text: null,
      file: null,
      size: 0,
    });
  });

  test('on the same origin: its path, without the query', async () => {
    const scope = api()
      .get('/open/forms/6')
      .reply(301, '', { Location: `${BASE}/open/forms/7?signature=abc123def456` });
    const out = await run(apiRequest, { method: 'GET', path: '/open/forms/6', stop_on_error: 'no' });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({ status: 301, headers: { location: '/api/open/forms/7' } });
  });
});

describe('refused before any request, naming the field', () => {
  test.each([
    [
      'https://forms.example.org/api/open/forms',
      'must be a path relative to the OpnForm URL of your connection',
    ],
    ['https://evil.example/open/forms', 'must be a path relative to the OpnForm URL of your connection'],
    ['//evil.example/open/forms', 'must be a path relative to the OpnForm URL of your connection'],
    ['javascript:alert(1)', 'must be a path relative to the OpnForm URL of your connection'],
    ['/open/../admin', 'must not contain "." or ".." segments (encoded or not)'],
    ['/open/%2e%2E/admin', 'must not contain "." or ".." segments (encoded or not)'],
    ['/open/./forms', 'must not contain "." or ".." segments (encoded or not)'],
    ['/open/forms%2F..%2Fadmin', 'must not contain an encoded / or \\ (%2F, %5C)'],
    ['/open/forms?page=2', 'must not contain a query (?...): put its parameters in Query String Parameters'],
    ['/open/forms#top', 'must not contain a fragment (#...)'],
    ['/open\\forms', 'must not contain a backslash (\\); use /'],
    ['/open/my forms', 'must not contain spaces or control characters (write a space as %20)'],
    ['/open/%zz', 'has a % that is not followed by two hexadecimal digits of a valid encoding'],
    ['/open//forms', 'must not contain an empty segment (//)'],
    ['/open/%00', 'must not contain encoded control characters'],
    ['  ', 'is required: a path such as /open/workspaces'],
  ])('URL Path %j', async (path, why) => {
    const error = await failure(run(apiRequest, { method: 'GET', path }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(`URL Path (path) ${why}`);
    expect(unexpected).toEqual([]);
  });

  test.each([
    [{ method: 'HEAD', path: '/x' }, 'HTTP Method (method) must be one of GET, POST, PUT, PATCH, DELETE.'],
    [
      { method: 'GET', path: '/x', body: '{"a": 1}' },
      'Body (body) cannot be sent with GET: choose POST, PUT, PATCH or DELETE, or leave Body empty.',
    ],
    [
      { method: 'POST', path: '/x', body: '{"password": "hunter22", }' },
      'Body (body) is not valid JSON (at character 26): check quotes, commas and brackets.',
    ],
    [
      { method: 'POST', path: '/x', body: '"text"' },
      'Body (body) must be a JSON object or list ({...} or [...]).',
    ],
    [
      { method: 'GET', path: '/x', query: { api_token: 'abc' } },
      'Query String Parameters (query) must not carry "api_token": a secret never goes in a URL',
    ],
    [
      { method: 'GET', path: '/x', query: { page: ['1', '2'] } },
      'Query String Parameters (query) "page" must be one text value.',
    ],
    [
      { method: 'GET', path: '/x', stop_on_error: 'maybe' },
      'Stop on Error (stop_on_error) must be yes or no.',
    ],
  ])('%j', async (input, message) => {
    const error = await failure(run(apiRequest, input));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('hunter22');
    expect(unexpected).toEqual([]);
  });
});

describe('secrets', () => {
  const BODY_SECRET = 'b0dy-Secret-Value-77';
  /** Through core's handler, as Zapier runs it, with its log lines. */
  const invoke = async (inputData: Record<string, unknown>) => {
    const logs: string[] = [];
    const reply = await appHandler({
      command: 'execute',
      method: 'creates.api_request.operation.perform',
      bundle: { authData, inputData },
      calledFromCli: true,
      customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
    });
    return { results: reply.results, logs: logs.join('\n') };
  };

  test('a server echoing the token and a secret of the body: hidden in the output; no body in the logs', async () => {
    const echo = `token ${TOKEN}, plain ${TOKEN.split('|')[1]}, secret ${BODY_SECRET}`;
    const scope = api()
      .post('/open/forms/6/integrations')
      .reply(422, { message: echo, errors: { 'data.webhook_secret': [`Bad: ${BODY_SECRET}`] } });
    const { results, logs } = await invoke({
      method: 'POST',
      path: '/open/forms/6/integrations',
      body: JSON.stringify({ integration_id: 'webhook', data: { webhook_secret: BODY_SECRET } }),
      stop_on_error: 'no',
    });
    expect(scope.isDone()).toBe(true);
    expect(results).toMatchObject({
      status: 422,
      data: {
        message: 'token [hidden], plain [hidden], secret [hidden]',
        errors: { 'data.webhook_secret': ['Bad: [hidden]'] },
      },
    });
    for (const said of [JSON.stringify(results), logs]) {
      expect(said).not.toContain(TOKEN.split('|')[1]);
      expect(said).not.toContain(BODY_SECRET);
    }
    expect(logs).toContain('422 POST /open/forms/6/integrations: an answer of ');
  });

  test('with Stop on Error, the error hides them too', async () => {
    api()
      .post('/open/forms/6/integrations')
      .reply(400, { message: `No: ${BODY_SECRET} / ${TOKEN}` });
    const error = await failure(
      run(apiRequest, {
        method: 'POST',
        path: '/open/forms/6/integrations',
        body: JSON.stringify({ data: { webhook_secret: BODY_SECRET } }),
      }),
    );
    expect(error.message).toBe('OpnForm rejected the request (400): No: [hidden] / [hidden]');
  });
});
