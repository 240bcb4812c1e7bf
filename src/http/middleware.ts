import type { AfterResponseMiddleware, HttpResponse, RawHttpResponse } from 'zapier-platform-core';
import { failureFor, type RequestContext } from './failures';

/** Carried in `middlewareData` by every request the OpnForm client sends. */
export interface OpnformRequestData extends RequestContext {
  /** Error statuses the caller handles itself (for example 404 when unsubscribing). */
  allow: readonly number[];
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The one place where OpnForm's error answers become Zapier errors (app.afterResponse). It runs
 * only for requests built by the OpnForm client (they carry `middlewareData.opnform`), so file
 * downloads from other hosts keep the platform's default handling.
 */
export const mapOpnformErrors: AfterResponseMiddleware = async (response, z) => {
  const data = response.request.middlewareData?.opnform as OpnformRequestData | undefined;
  if (data === undefined || response.status < 400 || data.allow.includes(response.status)) return response;
  const raw = response as unknown as RawHttpResponse & { content?: string };
  let body: unknown;
  if (response.request.raw) {
    body = parseJson(await raw.text().catch(() => ''));
  } else {
    body = (response as HttpResponse).data ?? parseJson((response as HttpResponse).content ?? '');
  }
  throw failureFor(z, response.status, body, response.getHeader('retry-after') ?? null, data);
};
