// The secrets and load parts of test/quality/ in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('quality/load', () => require('./quality/load.tests'));
part('quality/secrets', () => require('./quality/secrets.tests'));
