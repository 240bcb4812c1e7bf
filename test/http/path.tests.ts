// API Request's path from the segments its input rule decoded: each one encoded once, as the `path`
// template encodes a value, so a segment can never become another segment or a dot segment.
import { joinUrl, path, pathOf } from '../../src/http/path';

test('each segment is encoded as one path segment, as the path template encodes a value', () => {
  expect(pathOf(['open', 'forms', 'a b', 'ü', 'x/y', '%2e'])).toBe('/open/forms/a%20b/%C3%BC/x%2Fy/%252e');
  expect(pathOf(['open', 'forms', 'a b'])).toBe(path`/open/forms/${'a b'}`);
});

test('no segment is the base URL itself', () => {
  expect(joinUrl('https://forms.example.org/api', pathOf([]))).toBe('https://forms.example.org/api/');
});

test.each(['', '.', '..'])('the segment %j is refused', (segment) => {
  expect(() => pathOf(['open', segment])).toThrow(
    `Refusing to build an OpnForm path with the segment "${segment}".`,
  );
});
