import pkg from '../package.json';
import { CONNECTOR_VERSION, USER_AGENT } from '../src/version';
import { App } from './helpers/app';

test('the app version and User-Agent follow package.json', () => {
  expect(CONNECTOR_VERSION).toBe(pkg.version);
  expect(App.version).toBe(pkg.version);
  expect(USER_AGENT).toBe(`opnform-zapier/${pkg.version} (+zapier-platform-core 19.1.0)`);
  expect(App.platformVersion).toBe('19.1.0');
});
