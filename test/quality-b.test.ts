// The faults, deadline, ReDoS, searches and SSRF parts of test/quality/ in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('quality/deadline', () => require('./quality/deadline.tests'));
part('quality/faults', () => require('./quality/faults.tests'));
part('quality/redos', () => require('./quality/redos.tests'));
part('quality/searches', () => require('./quality/searches.tests'));
part('quality/ssrf', () => require('./quality/ssrf.tests'));
