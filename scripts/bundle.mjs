// Bundles index.ts and src/ into the CommonJS index.js that Zapier's wrapper requires in production
// (`module.exports = app`, no `.default`). zapier-platform-core stays external: the build installs it.
import { build } from 'esbuild';

await build({
  entryPoints: ['index.ts'],
  outfile: 'index.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: ['zapier-platform-core'],
  legalComments: 'none',
  logLevel: 'warning',
});
