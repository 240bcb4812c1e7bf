/**
 * A recorded multipart request (`POST /upload-file`) as a body to send again: the recordings keep
 * each part as `{filename, content_type, size, content}`, with the text of text parts and a
 * placeholder for binary or large ones (README of the recordings, "Multipart requests"). A
 * placeholder becomes bytes of the recorded size and kind: a PNG (its signature, then zeros), the
 * letter A repeated, or fixed pseudo-random bytes.
 */
import { createHash } from 'node:crypto';

export interface RecordedPart {
  filename: string;
  content_type: string;
  size: number;
  content: string;
}

const pseudoRandom = (size: number) => {
  const out = Buffer.alloc(size);
  for (let at = 0, n = 0; at < size; n++)
    at += createHash('sha256').update(`part:${n}`).digest().copy(out, at);
  // never a `<` first, so no content sniffing takes it for markup
  out[0] = 0x89;
  return out;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The bytes of one recorded part. */
export const partBytes = (part: RecordedPart): Buffer => {
  const placeholder = /^<(.*) not shown>$/.exec(part.content)?.[1];
  if (placeholder === undefined) {
    const bytes = Buffer.from(part.content, 'utf8');
    if (bytes.length !== part.size)
      throw new Error(`Part ${part.filename}: ${bytes.length} bytes of text, recorded size ${part.size}.`);
    return bytes;
  }
  if (placeholder.startsWith('binary PNG')) {
    const bytes = Buffer.alloc(part.size);
    PNG_SIGNATURE.copy(bytes);
    return bytes;
  }
  if (placeholder.includes('of the letter A')) return Buffer.alloc(part.size, 'A');
  if (placeholder.includes('random bytes')) return pseudoRandom(part.size);
  throw new Error(`Part ${part.filename}: unknown placeholder "${part.content}".`);
};

/** The recorded parts as form data (fetch sets the multipart Content-Type and its boundary). */
export const multipartOf = (parts: Record<string, RecordedPart>) => {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts))
    form.append(name, new Blob([partBytes(part)], { type: part.content_type }), part.filename);
  return form;
};
