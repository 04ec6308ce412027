import path from "node:path";
import type { Env } from "~/platform/config/env.server";
import { localStorage, type Storage, s3Storage } from "./storage.server";

/** S3-compatible storage when S3_* is configured, otherwise DATA_DIR/uploads. */
export function configuredStorage(env: Env): Storage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
  }
  return localStorage(path.join(env.DATA_DIR, "uploads"));
}
