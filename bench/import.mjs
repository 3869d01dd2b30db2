// Imports (issue 36) at the sizes: a 10,000-row customer file checked (POST
// /api/imports) and committed (POST /api/imports/{id}/commit, then GET /api/imports/{id} until
// done), and the same for 50,000 rows, while the server's memory is sampled. Run by
// bench/run.mjs on PostgreSQL (BENCH_ONLY=import runs it alone beside the always-on session
// scenarios). The ceilings: preview ≤ 5 s and commit ≤ 15 s at 10,000 rows; the server's RSS
// ≤ 300 MB at 50,000.
import { readFileSync } from 'node:fs';

const statusKb = (status, field) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

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

/** A customer CSV of `rows` rows whose phones no earlier run used (7, a run tag, the row). */
function customerCsv(rows, tag) {
  const lines = ['Name,Phone,Email,Address,State Code'];
  for (let n = 0; n < rows; n += 1) {
    lines.push(
      `Bench customer ${tag}-${n},7${tag}${String(n).padStart(6, '0')},c${tag}${n}@example.com,"${n} MG Road, Pune",27`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** Previews and commits one file, sampling the server's RSS every 100 ms throughout. */
async function importOnce({ base, cookie, pids, branchId }, rows) {
  const tag = String(Math.floor(Math.random() * 900) + 100);
  const bytes = customerCsv(rows, tag);
  const before = rssKb(pids);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pids));
  }, 100);
  try {
    const preview = await timed(async () => {
      const form = new FormData();
      form.append('kind', 'customers');
      form.append('branch', branchId);
      form.append('file', new Blob([bytes], { type: 'text/csv' }), `bench-${rows}.csv`);
      const response = await fetch(`${base}/api/imports`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`preview: ${response.status} ${body.message}`);
      return body.data;
    });
    if (preview.value.toCreate !== rows)
      throw new Error(`preview: ${preview.value.toCreate} to create of ${rows}`);
    const commit = await timed(async () => {
      const response = await fetch(`${base}/api/imports/${preview.value._id}/commit`, {
        method: 'POST',
        body: JSON.stringify({ onDuplicate: 'skip' }),
        headers: { cookie, 'content-type': 'application/json' },
      });
      if (response.status !== 202) throw new Error(`commit: ${response.status}`);
      // The progress bar's poll: the status until the worker says done.
      for (;;) {
        const status = (
          await (
            await fetch(`${base}/api/imports/${preview.value._id}`, { headers: { cookie } })
          ).json()
        ).data;
        if (status.status === 'done' || status.status === 'failed') return status;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    if (commit.value.created !== rows)
      throw new Error(`commit: ${commit.value.status}, ${commit.value.created} created of ${rows}`);
    return { rows, megabytes: bytes.length / 1024 / 1024, preview, commit };
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, rssKb(pids));
    console.log(
      `  ${rows.toLocaleString('en')} rows: server RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)})`,
    );
  }
}

export async function importScenarios(options) {
  console.log('\n## Imports: customer files checked and committed (issue 36)\n');
  const results = [];
  for (const rows of [10_000, 50_000]) {
    const result = await importOnce(options, rows);
    results.push(result);
    console.log(
      `POST /api/imports ${rows.toLocaleString('en')} rows (${result.megabytes.toFixed(1)} MB CSV): preview ${result.preview.seconds.toFixed(2)} s, commit ${result.commit.seconds.toFixed(2)} s (${(rows / result.commit.seconds).toFixed(0)} rows/s)`,
    );
  }
  return results;
}
