// The e2e suites f to r (test/e2e/[f-r]*.tests.ts) in one test file (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'e2e'), (part) => part >= 'f' && part < 's');
