// `npm run bench` (full) or `npm run bench -- --quick` (CI): every figure is a ratio against a
// baseline measured in the same run. Prints a table and writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAppZip, buildBareZip, coldStartMs, zipBytes } from './coldstart';

const quick = process.argv.includes('--quick');

interface Row {
  figure: string;
  value: string;
  baseline: string;
  ratio: number | null;
}
const rows: Row[] = [];
const add = (figure: string, value: number, baseline: number, unit: string) =>
  rows.push({
    figure,
    value: `${value.toFixed(unit === 'B' ? 0 : 2)} ${unit}`,
    baseline: `${baseline.toFixed(unit === 'B' ? 0 : 2)} ${unit}`,
    ratio: baseline === 0 ? null : Number((value / baseline).toFixed(3)),
  });

const main = async () => {
  const runs = quick ? 5 : 15;
  const appZip = buildAppZip();
  const bareZip = buildBareZip();
  const cold = coldStartMs({ app: appZip, bare: bareZip }, runs);
  add(
    'cold start: definition through zapierwrapper (median ms, vs bare core app)',
    cold.app,
    cold.bare,
    'ms',
  );
  add('build zip size (vs bare core app)', zipBytes(appZip), zipBytes(bareZip), 'B');

  console.table(rows);
  const out = join(__dirname, 'results.json');
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), quick, rows }, null, 2)}\n`);
  console.log(`written ${out}`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
