// A stand-in for z.stashFile where Zapier's RPC is not wanted (unit tests of the export steps, the
// export memory benchmark); harness/file-storage.ts is the loopback stand-in for the RPC itself.
import { Readable } from 'node:stream';
import type { Bundle, ZObject } from 'zapier-platform-core';

export interface StashCall {
  /** What the step handed to z.stashFile: must be a stream, never a string or Buffer. */
  kind: 'stream' | 'buffer' | 'string' | 'other';
  bytes: number;
  text: string;
  /** Largest amount buffered in the handed stream at any moment while it was consumed. */
  peakBuffered: number;
  filename?: string;
  contentType?: string;
}

/**
 * A stand-in for z.stashFile (the real one calls Zapier's RPC): consumes the stream chunk by chunk
 * like Zapier's uploader, keeping at most `keepText` characters of it for assertions.
 */
export const stashStub = (calls: StashCall[], keepText = 4096) =>
  (async (input: unknown, _length?: number, filename?: string, contentType?: string) => {
    const call: StashCall = { kind: 'other', bytes: 0, text: '', peakBuffered: 0, filename, contentType };
    calls.push(call);
    if (typeof input === 'string') call.kind = 'string';
    else if (Buffer.isBuffer(input)) call.kind = 'buffer';
    else if (input instanceof Readable) {
      call.kind = 'stream';
      for await (const chunk of input) {
        call.peakBuffered = Math.max(call.peakBuffered, input.readableLength + (chunk as Buffer).length);
        call.bytes += (chunk as Buffer).length;
        if (call.text.length < keepText) call.text += (chunk as Buffer).toString('utf8');
      }
    }
    return `https://stash.example.org/${filename ?? 'unnamed'}`;
  }) as unknown as ZObject['stashFile'];

/** Runs a perform with the stub in place of z.stashFile. */
export const withStash =
  <T>(perform: (z: ZObject, bundle: Bundle) => T, calls: StashCall[]) =>
  (z: ZObject, bundle: Bundle) => {
    (z as { stashFile: ZObject['stashFile'] }).stashFile = stashStub(calls);
    return perform(z, bundle);
  };
