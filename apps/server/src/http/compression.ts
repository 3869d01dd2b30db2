import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go plain: a header's worth of bytes is not worth the CPU. */
export const COMPRESS_ABOVE_BYTES = 1024;
/** Answers up to this size are compressed in one call; only bigger ones are streamed. */
const COMPRESS_IN_ONE_CALL_BYTES = 1024 * 1024;

/**
 * API answers (and any file without a precompressed variant) compressed as the client's
 * Accept-Encoding allows, gzip first, at levels cheap in CPU. Measured on a 100-row work-order
 * list (97 KB of JSON, decision 014): gzip 5 makes 8.2 KB for ≈ 0.3 ms of CPU, brotli 4
 * 7.5 KB for ≈ 0.45 ms, and through the plugin's per-answer compression stream (its default
 * above 8 KB on two cores) each costs 2–6 ms a request instead of 0.6–1.5 ms in one call. So
 * gzip when accepted, brotli only for a client that takes brotli and not gzip, and one call
 * for anything up to 1 MB.
 * The built assets are compressed at their maximum once, at build time, and @fastify/static
 * sends those files with their Content-Encoding set, which this plugin leaves alone.
 * Request bodies are not decompressed: no client sends compressed bodies, and inflating them
 * would let a small request grow past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_ABOVE_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 5 },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
