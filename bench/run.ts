// `npm run bench` (full) or `npm run bench -- --quick` (CI): every figure is a ratio against a
// baseline measured in the same run. Prints a table and writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchShape } from '../harness/shape-bench';
import { buildAppZip, buildBareZip, coldStartMs, zipBytes } from './coldstart';
import { benchSubmissions } from './export';
import { countRequests } from './requests';

// The connector's development setting (src/http/base-url.ts): the benchmark's OpnForm is the loopback sandbox.
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';

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

  const shape = benchShape(quick ? 7 : 21, 300);
  add(
    'shape a 300-answer delivery (median ms, vs JSON.parse of the same body)',
    shape.shapeMs,
    shape.parseMs,
    'ms',
  );

  const exported = (await benchSubmissions({ csvMb: quick ? 50 : 128 })).export;
  if (exported.rows_counted !== exported.rows_served) {
    throw new Error(`export counted ${exported.rows_counted} rows of ${exported.rows_served}`);
  }
  add(
    `export: peak RSS growth while streaming a ${(exported.file_bytes / 2 ** 20).toFixed(0)} MB CSV of 5000 submissions (5 requests by id joined into one file) to storage, after a warm-up export (vs the file size)`,
    exported.peak_rss_delta_bytes,
    exported.file_bytes,
    'B',
  );

  const requests = await countRequests();
  const over = requests.filter((row) => row.requests > row.minimum);

  console.table(rows);
  console.log('HTTP requests per operation (sandbox request log) and the fewest each needs:');
  console.table(requests);
  const out = join(__dirname, 'results.json');
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, rows, requests }, null, 2)}\n`,
  );
  console.log(`written ${out}`);
  if (over.length > 0)
    throw new Error(`more requests than the minimum: ${over.map((r) => r.operation).join(', ')}`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
