/**
 * A self-signed certificate for the sandbox's https mode (`startSandbox({ tls })`), made at start with
 * `openssl` (Node cannot make X.509 certificates alone): valid two days for `localhost`, 127.0.0.1 and
 * ::1. Test-only: a client trusts it through `NODE_EXTRA_CA_CERTS=<certFile>` (the benchmark's step
 * processes), never the connector's code.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SandboxTls {
  key: Buffer;
  cert: Buffer;
  /** The certificate as a PEM file, for `NODE_EXTRA_CA_CERTS`. */
  certFile: string;
  /** The folder holding both files (the caller removes it). */
  dir: string;
}

export const selfSignedTls = (): SandboxTls => {
  const dir = mkdtempSync(join(tmpdir(), 'opnform-sandbox-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(`The sandbox's https mode needs openssl to make its certificate: ${String(error)}`);
  }
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile, dir };
};
