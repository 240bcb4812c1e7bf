import nock from 'nock';

/**
 * Every interceptor a test declares must be used: an unused one means the test expects a request the
 * connector did not make (or no longer makes). `.optionally()` interceptors are not pending by design.
 * Clears them all, then throws naming the unused ones.
 */
export const expectEveryInterceptorUsed = () => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  if (pending.length > 0) {
    throw new Error(`The test left ${pending.length} nock interceptor(s) unused:\n  ${pending.join('\n  ')}`);
  }
};
