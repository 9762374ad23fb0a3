import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible storage on a random port (s3rver: the S3 REST protocol over HTTP, objects on
 * disk), with the AWS_* variables that reach it. It knows its own key pair (S3RVER) but does not
 * check signatures: a wrong secret passes there.
 */
export async function startS3StandIn(buckets: string[]) {
  const directory = path.resolve(`.tmp/s3-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    env: {
      AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
