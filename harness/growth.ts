// The growth law of a figure over the sizes: the exponent b of y ≈ a·x^b, the least-squares slope of
// log y on log x (about 0: constant, 1: linear in x, 2: quadratic). Points with x or y not above 0 are
// left out; fewer than two distinct x: no law (undefined).

export const growthExponent = (points: Array<{ x: number; y: number }>): number | undefined => {
  const usable = points.filter((p) => p.x > 0 && p.y > 0 && Number.isFinite(p.x) && Number.isFinite(p.y));
  const xs = usable.map((p) => Math.log(p.x));
  const ys = usable.map((p) => Math.log(p.y));
  const n = usable.length;
  if (n < 2) return undefined;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i += 1) {
    sxx += ((xs[i] as number) - mx) ** 2;
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
  }
  return sxx === 0 ? undefined : sxy / sxx;
};

/** The exponent as the table shows it: one decimal, `-` when there is none. */
export const shownExponent = (b: number | undefined): string =>
  b === undefined ? '-' : (Math.abs(b) < 0.05 ? 0 : b).toFixed(1);
