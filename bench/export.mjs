// The whole-business export (issue 36) at the seed's size: GET /api/export?kind=all as a
// workbook and as a zip of CSVs, read to the end as a browser saves it, while the server's
// memory is sampled. Run by bench/run.mjs on PostgreSQL (BENCH_ONLY=export runs it alone
// beside the always-on session scenarios). The figure that matters is the server's peak RSS
// during the download against its RSS before: a streamed export stays flat however many rows.
import { readFileSync } from 'node:fs';

const statusKb = (status, field) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

/** The summed VmRSS (kB) of the processes `pids()` names. */
function rssKb(pids) {
  let sum = 0;
  for (const id of pids()) {
    try {
      sum += statusKb(readFileSync(`/proc/${id}/status`, 'utf8'), 'VmRSS');
    } catch {}
  }
  return sum;
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/**
 * Downloads each format once, counting bytes, sampling the server's RSS every 100 ms.
 * `pids` gives the server's processes (the primary and any workers).
 */
export async function exportScenarios({ base, cookie, pids, workOrders }) {
  console.log(`\n## Whole-business export, ${workOrders.toLocaleString('en')} work orders\n`);
  const results = [];
  for (const format of ['xlsx', 'zip']) {
    const before = rssKb(pids);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssKb(pids));
    }, 100);
    const started = performance.now();
    let bytes = 0;
    let firstByteMs = 0;
    try {
      const response = await fetch(`${base}/api/export?kind=all&format=${format}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
      if (response.status !== 200) throw new Error(`${format}: ${response.status}`);
      for await (const chunk of response.body) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      }
    } finally {
      clearInterval(timer);
    }
    peak = Math.max(peak, rssKb(pids));
    const seconds = (performance.now() - started) / 1000;
    const result = {
      format,
      seconds,
      firstByteMs,
      megabytes: bytes / 1024 / 1024,
      rssBeforeKb: before,
      rssPeakKb: peak,
    };
    results.push(result);
    console.log(
      `GET /api/export?kind=all&format=${format}: ${seconds.toFixed(1)} s (first byte ${firstByteMs.toFixed(0)} ms), ${result.megabytes.toFixed(1)} MB, ${(workOrders / seconds).toFixed(0)} orders/s; server RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
    );
  }
  results.push(await slowClientThatLeaves({ base, cookie, pids }));
  return results;
}

/**
 * A client on a slow line that gives up: the workbook read a chunk every 20 ms for 10 s, then
 * cancelled. Backpressure holds the server's memory flat meanwhile, and leaving ends the reads.
 */
async function slowClientThatLeaves({ base, cookie, pids }) {
  const before = rssKb(pids);
  let peak = before;
  const response = await fetch(`${base}/api/export?kind=work-orders&format=xlsx`, {
    headers: { cookie, 'accept-encoding': 'identity' },
  });
  const reader = response.body.getReader();
  let bytes = 0;
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    peak = Math.max(peak, rssKb(pids));
  }
  await reader.cancel();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rssKb(pids);
  console.log(
    `slow client (work orders xlsx, a chunk every 20 ms, left after 10 s): ${(bytes / 1024 / 1024).toFixed(1)} MB read; server RSS ${mb(before)} before, peak ${mb(peak)}, ${mb(after)} a second after it left`,
  );
  return {
    format: 'xlsx-slow',
    megabytes: bytes / 1024 / 1024,
    rssBeforeKb: before,
    rssPeakKb: peak,
  };
}
