/**
 * SSRF from Zapier's workers (M-3): a hook delivery anyone can forge names a file link; the connector
 * turns it into a dehydrated file, and Zapier later asks the hydrator to fetch it. Through core's own
 * handler: a crafted link off the connection's origin (another host, the metadata service, a private
 * address, a look-alike host) is never fetched; the sandbox's own signed link still is.
 */
import nock from 'nock';
import { invokeLogged } from '../../harness/invoke';
import { useSandbox } from '../e2e/helpers';

const sandbox = useSandbox();

const CRAFTED = [
  'https://evil.example/steal.pdf',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://169.254.169.254/latest/meta-data/',
  'http://10.0.0.5/internal.pdf',
  'http://127.0.0.1:1/other-local-service',
  'https://127.0.0.1.evil.example/x',
];

test.each(CRAFTED)('a delivery whose file link is %s: the hydrator refuses it, no request', async (url) => {
  const s = sandbox();
  const attempts: string[] = [];
  const onRequest = (req: { path?: string; host?: string }) => attempts.push(`${req.host}${req.path}`);
  nock.emitter.on('no match', onRequest);
  try {
    const outcome = await invokeLogged(s, 'hydrators.submissionFile', { url, name: 'cv.pdf' });
    expect(outcome.error).toMatchObject({ name: 'AppError', code: 'bad_response', status: 502 });
    expect(outcome.error?.message).toMatch(/^The link of the file "cv\.pdf" .*; it was not downloaded\.$/);
    expect(outcome.error?.message).not.toContain(url);
  } finally {
    nock.emitter.removeListener('no match', onRequest);
  }
  expect(attempts).toEqual([]);
  expect(s.requests()).toEqual(expect.any(Array));
});

test("a delivery from the connection's own server: the signed link is fetched", async () => {
  const s = sandbox();
  s.resetRequests();
  const url = s.fileUrl('orbit.pdf', 60_000);
  const outcome = await invokeLogged(s, 'hydrators.submissionFile', { url, name: 'orbit.pdf' });
  const path = new URL(url).pathname;
  expect(s.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${path}`]);
  expect(outcome.error?.message ?? '').not.toContain('was not downloaded');
});
