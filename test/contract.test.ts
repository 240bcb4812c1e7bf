// The contract parts (test/contract/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('contract/production-like', () => require('./contract/production-like.tests'));
part('contract/rebuilt', () => require('./contract/rebuilt.tests'));
part('contract/recorded', () => require('./contract/recorded.tests'));
