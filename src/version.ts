/** The connector's version; test/version.test.ts keeps it equal to package.json's. */
export const CONNECTOR_VERSION = '1.1.0';
export const USER_AGENT = `opnform-zapier/${CONNECTOR_VERSION} (+zapier-platform-core 19.1.0)`;
