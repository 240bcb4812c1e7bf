// The linear replacements of quadratic patterns (src/shared/text.ts; issue 31, test/quality/redos.tests.ts).
import fc from 'fast-check';
import { EMAIL_ADDRESS, trimEnd } from '../../src/shared/text';

test('trimEnd drops the run of one character at the end, nothing else', () => {
  expect(trimEnd('https://x.test/api///', '/')).toBe('https://x.test/api');
  expect(trimEnd('Already in workspace...', '.')).toBe('Already in workspace');
  expect(trimEnd('a.b', '.')).toBe('a.b');
  expect(trimEnd('///', '/')).toBe('');
  expect(trimEnd('', '/')).toBe('');
});

test('EMAIL_ADDRESS accepts exactly what the quadratic pattern it replaces accepted', () => {
  const QUADRATIC = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  const text = fc.string({ unit: fc.constantFrom('a', '.', '@', ' ', '-', '\n'), maxLength: 12 });
  fc.assert(
    fc.property(text, (candidate) => EMAIL_ADDRESS.test(candidate) === QUADRATIC.test(candidate)),
    { numRuns: 5000 },
  );
  for (const email of ['a@b.c', 'a@.b.c', 'a@b..c', 'a.b@c.d.e'])
    expect(EMAIL_ADDRESS.test(email)).toBe(true);
  for (const bad of ['a@b.', 'a@.b', 'a@b', 'a b@c.d', 'a@b@c.d', '@b.c'])
    expect(EMAIL_ADDRESS.test(bad)).toBe(false);
});
