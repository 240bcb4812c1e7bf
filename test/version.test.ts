import pkg from '../package.json';
import { readPublicDefinition } from '../scripts/breaking-change';
import { CONNECTOR_VERSION, USER_AGENT } from '../src/version';
import { App } from './helpers/app';

test('the app version and User-Agent follow package.json', () => {
  expect(CONNECTOR_VERSION).toBe(pkg.version);
  expect(App.version).toBe(pkg.version);
  expect(USER_AGENT).toBe(`opnform-zapier/${pkg.version} (+zapier-platform-core 19.1.0)`);
  expect(App.platformVersion).toBe('19.1.0');
});

test('1.1.0: the next minor version of the public app 1.0.4 (Zapier migrates users only within a major)', () => {
  const published = (readPublicDefinition() as { version: string }).version;
  expect(published).toBe('1.0.4');
  expect(pkg.version).toBe('1.1.0');
  const [major, minor] = pkg.version.split('.').map(Number);
  const [publishedMajor, publishedMinor] = published.split('.').map(Number);
  expect({ sameMajor: major === publishedMajor, newerMinor: (minor ?? 0) > (publishedMinor ?? 0) }).toEqual({
    sameMajor: true,
    newerMinor: true,
  });
});
