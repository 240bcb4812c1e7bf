// The bad-input properties (test/quality/bad-input.tests.ts), the longest part, in a test file of their own;
// quality-b and quality-c run the other quality parts, the three balanced by measured time
// (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('quality/bad-input', () => require('./quality/bad-input.tests'));
