// Bundles index.ts and src/ into the CommonJS index.js that Zapier's wrapper requires in production
// (`module.exports = app`, no `.default`). zapier-platform-core stays external: the build installs it.
//   node scripts/bundle.mjs            for `zapier-platform invoke`: the development setting
//                                      (OPNFORM_DEV_LOCAL_SERVER=1 in .env) lets it reach the sandbox
//   node scripts/bundle.mjs --release  what `zapier build` / `push` ship: the development setting is
//                                      compiled out, so no loopback or http OpnForm URL is ever accepted
import { build } from 'esbuild';

const release = process.argv.includes('--release');

await build({
  entryPoints: ['index.ts'],
  outfile: 'index.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: ['zapier-platform-core'],
  legalComments: 'none',
  // Shorter syntax (folded constants, dead branches dropped), same names and lines: about 2 KB less in
  // the zip. Whitespace is kept so a stack trace from Zapier's logs still points at a readable line.
  minifySyntax: true,
  logLevel: 'warning',
  define: release ? { 'process.env.OPNFORM_DEV_LOCAL_SERVER': '"off"' } : {},
});
