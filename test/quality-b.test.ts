// The quality suites after bad-input (test/quality/[c-z]*.tests.ts) in one test file (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'quality'), (part) => part >= 'c');
