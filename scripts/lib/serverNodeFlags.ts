/**
 * How node runs the compiled server, wherever it starts (`npm start`, the Dockerfile's CMD, the end-to-end tests
 * and the benchmarks): source maps for the stack traces, and a young generation of 2 x 64 MB (V8's default here is
 * 2 x 16 MB). A save allocates its parsed body, its decrypted text, the document's copies along the changed path and
 * its answer, all short-lived: with the larger young generation the scavenges that copy what survives ran half as
 * much of the save benchmark's server time (docs/benchmarks.md, session 12). The pages are taken only as the space
 * fills; the old generation's limit is unchanged.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'] as const;
