import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";

/**
 * An S3-compatible server (s3rver) on a free port with one empty bucket, in a temporary folder
 * removed by close(): `env` points the app's storage at it, `keys` lists what the bucket holds.
 */
export async function startS3(bucket = "studio-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "studio-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own key pair: it checks every request's signature.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new AwsClient({ ...credentials, region: "us-east-1", service: "s3" });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    /** Every key under `prefix`, sorted. */
    async keys(prefix = ""): Promise<string[]> {
      const url = `${endpoint}/${bucket}?list-type=2&max-keys=1000&prefix=${encodeURIComponent(prefix)}`;
      const response = await client.fetch(url);
      if (!response.ok) throw new Error(`listing ${prefix} failed: ${response.status}`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? "").sort();
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
