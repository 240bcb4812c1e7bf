// The small folders' parts in one test file (test/helpers/parts.ts): test/requests (API Request),
// test/net (address checks), test/schemas (schemas built on first use) and test/helpers (the recorded
// exchanges' loader, the repository's rules). The two that load modules afresh do it in
// `jest.isolateModules`, so sharing this file's module registry changes nothing for them.
import { part } from './helpers/parts';

part('helpers/recorded', () => require('./helpers/recorded.tests'));
part('helpers/repo-rules', () => require('./helpers/repo-rules.tests'));
part('net/addresses', () => require('./net/addresses.tests'));
part('requests/api-request', () => require('./requests/api-request.tests'));
part('requests/api-request-file', () => require('./requests/api-request-file.tests'));
part('schemas/lazy', () => require('./schemas/lazy.tests'));
