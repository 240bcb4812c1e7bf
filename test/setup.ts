import nock from 'nock';
import { expectEveryInterceptorUsed } from './helpers/nock-check';

// The connector's development setting (src/http/base-url.ts): the tests use the loopback sandbox.
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';

// No test may reach the network: every OpnForm answer is a nock scope or the loopback sandbox.
if (!nock.isActive()) nock.activate();
nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);

// Every interceptor a test declares must be used (test/helpers/nock-check.ts).
afterEach(expectEveryInterceptorUsed);

// Jest gives each test file a fresh module registry but the same `http` module: take this file's
// interceptor off again, or the next file's nock would sit behind a stale one.
afterAll(() => {
  nock.restore();
});

// Core's Lambda guard exits the process when RSS passes 450 MB after 250 invocations; a Jest worker
// that runs thousands of steps (the property tests) passes that without leaking. Not a test subject.
jest.mock('zapier-platform-core/src/tools/memory-checker', () => () => undefined);
