// Fault switches aimed at one method and path (issue 14): other requests pass them by, and the control
// route takes the same targeting (an untargeted switch hitting the next request: faults.tests.ts).
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();

afterEach(() => sandbox().clearFaults());

describe('targeted faults', () => {
  it('a fault on POST of one path leaves GETs and other paths alone, then answers that request', async () => {
    const s = sandbox();
    const path = `/open/forms/${s.ids.formId}/submissions/export`;
    s.fault('500', 1, { method: 'post', path });
    expect((await call(s, 'GET', '/open/workspaces')).status).toBe(200);
    // the export route is POST only: a GET is Laravel's 405, not the fault's 500
    expect((await call(s, 'GET', path)).status).toBe(405);
    expect(await call(s, 'POST', path, { body: { columns: {} } })).toMatchObject({
      status: 500,
      json: { message: 'Server Error' },
    });
    expect((await call(s, 'GET', '/open/workspaces')).status).toBe(200);
  });

  it('a RegExp path matches every path it tests true for, up to the count', async () => {
    const s = sandbox();
    s.fault('429', 2, { path: /^\/open\/forms\/\d+$/, retryAfter: 7 });
    expect((await call(s, 'GET', '/open/workspaces')).status).toBe(200);
    const first = await call(s, 'GET', `/open/forms/${s.ids.formId}`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await call(s, 'GET', `/open/forms/${s.ids.largeFormId}`)).status).toBe(429);
    expect((await call(s, 'GET', `/open/forms/${s.ids.formId}`)).status).toBe(200);
  });

  it("a fault aimed at a test's own token: a neighbour's late request passes it by, and the log says whose", async () => {
    const s = sandbox();
    s.resetRequests();
    const own = s.issueToken('admin');
    expect(own.token).toMatch(new RegExp(`^${own.tokenId}\\|[0-9a-f]{48}$`));
    s.fault('non-json', 1, { tokenId: own.tokenId });
    // the request of another test, read late: same method and path, the admin's token
    const late = await call(s, 'GET', `/open/forms/${s.ids.formId}`);
    expect(late.status).toBe(200);
    const mine = await fetch(`${s.baseUrl}/open/forms/${s.ids.formId}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${own.token}` },
    });
    expect([mine.status, mine.headers.get('content-type')]).toEqual([200, 'text/html; charset=UTF-8']);
    // the same user and abilities as the token it copies
    expect(
      (await fetch(`${s.baseUrl}/open/workspaces`, { headers: { Authorization: `Bearer ${own.token}` } }))
        .status,
    ).toBe(200);
    expect(s.requests().map((r) => [r.path, r.tokenId])).toEqual([
      [`/open/forms/${s.ids.formId}`, 1],
      [`/open/forms/${s.ids.formId}`, own.tokenId],
      ['/open/workspaces', own.tokenId],
    ]);
  });

  it('POST /__sandbox/faults takes method and path', async () => {
    const s = sandbox();
    const response = await fetch(`${s.origin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: '500', method: 'GET', path: '/open/workspaces' }),
    });
    expect(await response.json()).toEqual({
      faults: [{ kind: '500', left: 1, options: { method: 'GET', path: '/open/workspaces' } }],
    });
    expect((await call(s, 'GET', `/open/forms/${s.ids.formId}`)).status).toBe(200);
    expect((await call(s, 'GET', '/open/workspaces')).status).toBe(500);
  });
});
