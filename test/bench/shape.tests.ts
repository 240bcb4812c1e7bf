import { benchShape, deliveryBody, requestCounts } from '../../harness/shape-bench';

test('the benchmark body has 300 answers and the measure returns a ratio from the same run', () => {
  expect(Object.keys((JSON.parse(deliveryBody()) as { data: object }).data)).toHaveLength(300);
  const result = benchShape(3, 50);
  expect(result).toMatchObject({ answers: 50, runs: 3 });
  expect(result.parseMs).toBeGreaterThan(0);
  expect(result.ratio).toBeCloseTo(result.shapeMs / result.parseMs, 6);
});

test('requests to OpnForm per operation: perform 1 then 0 (cached date formats), performList 2, output fields 1', async () => {
  await expect(requestCounts()).resolves.toEqual({
    perform: 1,
    performCached: 0,
    performList: 2,
    outputFields: 1,
  });
});
