// The e2e suites a to e (test/e2e/[a-e]*.tests.ts) in one test file; e2e-b and e2e-c run the rest (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'e2e'), (part) => part < 'f');
