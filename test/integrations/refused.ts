// What the webhook-rule suites share: a step run with no nock scope at all, which must be refused
// before any request (no scope exists, net connect is disabled, nock's "no match" never fires).
import nock from 'nock';
import { failure, type op, run } from '../helpers/app';
import { BASE_INPUT } from './fixtures';

/** Registers the "no match" listener for each test; returns `refused(input)`: the error's message. */
export const useRefused = (perform: ReturnType<typeof op>) => {
  let attempts: string[] = [];
  const onNoMatch = (req: { path?: string }) => attempts.push(String(req.path));
  beforeEach(() => {
    attempts = [];
    nock.emitter.on('no match', onNoMatch);
  });
  afterEach(() => {
    nock.emitter.removeListener('no match', onNoMatch);
  });
  return async (input: Record<string, unknown>) => {
    const error = await failure(run(perform, { ...BASE_INPUT, ...input }));
    expect(attempts).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
    expect(error).toMatchObject({ name: 'AppError', code: 'invalid_input', status: 400 });
    return error.message;
  };
};
