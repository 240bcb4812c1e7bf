// The bad-input properties (test/quality/bad-input.tests.ts) in a test file of their own: the longest part, so the two Jest workers stay balanced; quality-b runs the rest (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'quality'), (part) => part < 'c');
