// The benchmark's parts (test/bench/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('bench/same-definition', () => require('./bench/same-definition.tests'));
part('bench/scale', () => require('./bench/scale.tests'));
part('bench/shape', () => require('./bench/shape.tests'));
