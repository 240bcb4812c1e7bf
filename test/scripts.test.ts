// Every test/scripts/**/*.tests.ts in one test file (test/helpers/parts.ts).
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'scripts'));
