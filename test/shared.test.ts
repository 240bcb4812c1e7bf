// The shared modules' parts (test/shared/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('shared/answer-dates', () => require('./shared/answer-dates.tests'));
part('shared/dates', () => require('./shared/dates.tests'));
part('shared/dates-parse', () => require('./shared/dates-parse.tests'));
part('shared/paging', () => require('./shared/paging.tests'));
part('shared/text', () => require('./shared/text.tests'));
