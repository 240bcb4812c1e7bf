// The scripts' parts (test/scripts/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('scripts/breaking-change', () => require('./scripts/breaking-change.tests'));
part('scripts/definition-check', () => require('./scripts/definition-check.tests'));
part('scripts/definition-paging', () => require('./scripts/definition-paging.tests'));
part('scripts/examples', () => require('./scripts/examples.tests'));
part('scripts/json-schema-compat', () => require('./scripts/json-schema-compat.tests'));
part('scripts/release-build', () => require('./scripts/release-build.tests'));
part('scripts/stage', () => require('./scripts/stage.tests'));
