// Bundles index.ts and src/ into the CommonJS index.js that Zapier's wrapper requires in production
// (`module.exports = app`, no `.default`). zapier-platform-core stays external: the build installs it;
// so do content-disposition and form-data (file uploads), which core depends on at the same versions and
// loads at start-up: the bundle takes core's copies instead of carrying second ones (scripts/stage.mjs
// stages the dependencies).
//   node scripts/bundle.mjs            index.js for `zapier-platform invoke`: the development setting
//                                      (OPNFORM_DEV_LOCAL_SERVER=1 in .env) lets it reach the sandbox
//   node scripts/bundle.mjs --release --outfile build/release/index.js
//                                      what `zapier build` / `push` ship (scripts/stage.mjs): the development
//                                      setting is compiled out, so no loopback or http OpnForm URL is ever
//                                      accepted. Written beside the staged app, never over the index.js that
//                                      `invoke` loads, so the sandbox keeps working after `npm test` or a build.
import { build } from 'esbuild';

const release = process.argv.includes('--release');
const at = process.argv.indexOf('--outfile');
const outfile = at >= 0 ? process.argv[at + 1] : 'index.js';
if (!outfile) {
  console.error('usage: node scripts/bundle.mjs [--release] [--outfile <file>]');
  process.exit(2);
}

await build({
  entryPoints: ['index.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: ['zapier-platform-core', 'content-disposition', 'form-data'],
  legalComments: 'none',
  // Shorter syntax (folded constants, dead branches dropped), same names and lines: about 2 KB less in
  // the zip. Whitespace is kept so a stack trace from Zapier's logs still points at a readable line.
  minifySyntax: true,
  logLevel: 'warning',
  define: release ? { 'process.env.OPNFORM_DEV_LOCAL_SERVER': '"off"' } : {},
});
