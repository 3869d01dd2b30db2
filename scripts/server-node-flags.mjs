// The V8 flags the API server's node runs with, in `npm start` and in the bench alike
// (decision 038): young-generation halves of at most 8 MB instead of V8's 16 take about
// 15 MB off a busy process's peak, at no measurable cost on a page of 25. A cluster's
// workers inherit them from the primary.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
