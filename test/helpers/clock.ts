/** Fakes only `Date` (timers, ticks and I/O run for real, so nock and sockets work), starting at `now`. */
export const fakeDateOnly = (now?: Date) =>
  jest.useFakeTimers({
    ...(now === undefined ? {} : { now }),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
