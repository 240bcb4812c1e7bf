// The small folders' parts in one test file (test/helpers/parts.ts): test/requests (API Request),
// test/net (address checks), test/schemas (schemas built on first use) and test/helpers (the recorded
// exchanges' loader). The two that load modules afresh do it in `jest.isolateModules`, so sharing this
// file's module registry changes nothing for them.
import { join } from 'node:path';
import { runParts } from './helpers/parts';

runParts(join(__dirname, 'requests'));
runParts(join(__dirname, 'net'));
runParts(join(__dirname, 'schemas'));
runParts(join(__dirname, 'helpers'));
