// The sandbox's fault switches: how long a fault lasts, what it hits, setting it from another process,
// and the per-minute rate limit. Each switch ending in the connector's error: every step's case under
// every switch in test/quality/faults.tests.ts; the exact messages in test/http/client.tests.ts.
import { startSandbox } from '../../sandbox/server';
import { failure } from '../helpers/app';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox();
const WORKSPACES = 'triggers.workspace_list.operation.perform';

afterEach(() => sandbox().clearFaults());

describe('fault switches', () => {
  it('a slow answer within the timeout still succeeds', async () => {
    sandbox().fault('slow', 1, { delayMs: 200 });
    await expect(runOn(sandbox(), WORKSPACES)).resolves.toHaveLength(3);
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
