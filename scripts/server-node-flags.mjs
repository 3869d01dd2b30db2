// The V8 flags the API server's node runs with, in `npm start`, the bench and the soak alike.
// A cluster's workers inherit them from the primary (cluster.fork passes execArgv on).
// - Young-generation halves of at most 8 MB instead of V8's 16 (decision 038): about 15 MB
//   off a busy process's peak, at no measurable cost on a page of 25.
// - The old generation may grow to twice what survived the last full collection before the
//   next one (decision 039), where V8 lets a small heap grow up to fourfold: under the bench
//   the old space held 134 MB, 100 of them garbage, and the peak went from 229-245 MB to
//   169-178 MB. Not accepted in NODE_OPTIONS: pass it on node's command line.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=100'];
