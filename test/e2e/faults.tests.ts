// The sandbox's fault switches, each ending in the connector's expected error.
import { startSandbox } from '../../sandbox/server';
import { failure } from '../helpers/app';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox();
const WORKSPACES = 'triggers.workspace_list.operation.perform';

afterEach(() => {
  sandbox().clearFaults();
  delete process.env.OPNFORM_HTTP_TIMEOUT_MS;
});

describe('fault switches', () => {
  it('429 becomes a ThrottledError that waits Retry-After seconds', async () => {
    sandbox().fault('429', 1, { retryAfter: 17 });
    const error = await failure(runOn(sandbox(), WORKSPACES));
    expect(error).toEqual({
      name: 'ThrottledError',
      message: 'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.',
      delay: 17,
    });
  });

  it('500 becomes a temporary server error', async () => {
    sandbox().fault('500');
    const error = await failure(runOn(sandbox(), WORKSPACES));
    expect(error).toEqual({
      name: 'AppError',
      code: 'server_error',
      status: 500,
      message:
        'OpnForm had a temporary problem (HTTP 500). Try again in a few minutes; if it keeps happening, check the status of your OpnForm server.',
    });
  });

  it('a slow answer past OPNFORM_HTTP_TIMEOUT_MS becomes "did not answer"', async () => {
    process.env.OPNFORM_HTTP_TIMEOUT_MS = '1000';
    sandbox().fault('slow', 1, { delayMs: 2500 });
    const error = await failure(runOn(sandbox(), WORKSPACES));
    expect(error).toMatchObject({ name: 'AppError', code: 'unreachable', status: 503 });
    expect(error.message).toBe(
      `Could not reach OpnForm at ${new URL(sandbox().baseUrl).host}: it did not answer within 1 second. ` +
        'This is usually temporary; try again in a few minutes. If it keeps happening, check the OpnForm URL in your connection.',
    );
  });

  it('a slow answer within the timeout still succeeds', async () => {
    sandbox().fault('slow', 1, { delayMs: 200 });
    await expect(runOn(sandbox(), WORKSPACES)).resolves.toHaveLength(3);
  });

  it('a non-JSON answer points at the OpnForm URL', async () => {
    sandbox().fault('non-json');
    const error = await failure(runOn(sandbox(), WORKSPACES));
    expect(error).toMatchObject({ name: 'AppError', code: 'bad_response', status: 200 });
    expect(error.message).toContain(
      'OpnForm sent an answer that is not JSON (text/html; charset=UTF-8) for this workspace request.',
    );
  });

  it('a dropped connection becomes "could not reach"', async () => {
    sandbox().fault('drop');
    const error = await failure(runOn(sandbox(), WORKSPACES));
    expect(error).toMatchObject({ name: 'AppError', code: 'unreachable', status: 503 });
    expect(error.message).toMatch(/^Could not reach OpnForm at 127\.0\.0\.1:\d+: the connection failed/);
  });

  it('a fault lasts exactly `count` requests', async () => {
    sandbox().fault('500', 2);
    await expect(failure(runOn(sandbox(), WORKSPACES))).resolves.toMatchObject({ status: 500 });
    await expect(failure(runOn(sandbox(), WORKSPACES))).resolves.toMatchObject({ status: 500 });
    await expect(runOn(sandbox(), WORKSPACES)).resolves.toHaveLength(3);
  });

  it('faults also hit file downloads (signed links), which the request log counts', async () => {
    const s = sandbox();
    const name = [...s.state.files.keys()][0] as string;
    s.resetRequests();
    s.fault('500');
    expect((await fetch(s.fileUrl(name, 60_000))).status).toBe(500);
    expect((await fetch(s.fileUrl(name, 60_000))).status).toBe(200);
    expect(s.requests().map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', `/__sandbox/files/${encodeURIComponent(name)}`, 500],
      ['GET', `/__sandbox/files/${encodeURIComponent(name)}`, 200],
    ]);
  });

  it('the HTTP fault switch works from another process', async () => {
    const s = sandbox();
    const set = await fetch(`${s.origin}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: '429', count: 1, retryAfter: 5 }),
    });
    expect(set.status).toBe(200);
    await expect(failure(runOn(s, WORKSPACES))).resolves.toMatchObject({ name: 'ThrottledError', delay: 5 });
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after the per-minute limit of /external routes', async () => {
    const limited = await startSandbox({
      submissions: 10,
      largeFormSubmissions: 0,
      rateLimits: { external: 2 },
    });
    try {
      await runOn(limited, WORKSPACES);
      await runOn(limited, WORKSPACES);
      const error = await failure(runOn(limited, WORKSPACES));
      expect(error.name).toBe('ThrottledError');
      expect(error.delay).toBeGreaterThanOrEqual(55);
      expect(error.delay).toBeLessThanOrEqual(60);
      // another user has their own budget
      await expect(runOn(limited, WORKSPACES, {}, 'member')).resolves.toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
