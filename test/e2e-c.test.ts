// The e2e suites s to z (test/e2e/[s-z]*.tests.ts) in one test file (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'e2e'), (part) => part >= 's');
