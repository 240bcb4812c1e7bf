/**
 * The answers of OpnForm's public upload routes (submissions--file-upload.json): the feature flags
 * (#1: `storage.local` chooses the path), `POST /upload-file` (#2: `{uuid, key}`) and, for S3 storage,
 * `POST /vapor/signed-storage-url` (Laravel Vapor's `{uuid, bucket, key, url, headers}`: code reading,
 * recorded only as a local 500, #8).
 */
import * as z from 'zod/mini';
import { str } from './common';
import { lazy, type Out } from './lazy';

export const FeatureFlags = lazy(() =>
  z.looseObject({
    storage: z.optional(z.nullable(z.looseObject({ local: z.optional(z.nullable(z.boolean())) }))),
  }),
);
export type FeatureFlags = Out<typeof FeatureFlags>;

export const UploadReply = lazy(() => z.looseObject({ uuid: str(), key: z.optional(z.nullable(str())) }));
export type UploadReply = Out<typeof UploadReply>;

export const SignedStorageReply = lazy(() =>
  z.looseObject({
    uuid: str(),
    key: z.optional(z.nullable(str())),
    url: str(),
    headers: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  }),
);
export type SignedStorageReply = Out<typeof SignedStorageReply>;
