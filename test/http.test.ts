// The HTTP layer's parts (test/http/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('http/answer-size', () => require('./http/answer-size.tests'));
part('http/base-url', () => require('./http/base-url.tests'));
part('http/budget', () => require('./http/budget.tests'));
part('http/client', () => require('./http/client.tests'));
part('http/download', () => require('./http/download.tests'));
part('http/failures', () => require('./http/failures.tests'));
part('http/forbidden', () => require('./http/forbidden.tests'));
part('http/guard', () => require('./http/guard.tests'));
part('http/known-failures', () => require('./http/known-failures.tests'));
part('http/path', () => require('./http/path.tests'));
part('http/recorded-limits', () => require('./http/recorded-limits.tests'));
part('http/secrets', () => require('./http/secrets.tests'));
part('http/templating', () => require('./http/templating.tests'));
