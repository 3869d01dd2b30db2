// Loaded into the server by bench/soak.mjs (node --expose-gc --import ./bench/memory-probe.mjs):
// on SIGUSR2 it collects garbage, then writes the process's memory, split by owner, to
// MEMORY_PROBE_DIR/<n>.json, and a heap snapshot beside it when MEMORY_PROBE_SNAPSHOTS=1.
// Never part of the product: the soak starts the server with it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';

const directory = process.env.MEMORY_PROBE_DIR;
let taken = 0;

/** WebAssembly memories (PGlite's Postgres) live outside the V8 heap: sum the ones we can see. */
const wasmMemories = [];
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(OriginalMemory, {
  construct(target, args) {
    const memory = Reflect.construct(target, args);
    wasmMemories.push(new WeakRef(memory));
    return memory;
  },
});
const originalInstantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function instantiate(...args) {
  const result = await originalInstantiate.apply(this, args);
  const instance = result.instance ?? result;
  for (const value of Object.values(instance.exports ?? {})) {
    if (value instanceof OriginalMemory) wasmMemories.push(new WeakRef(value));
  }
  return result;
};

function wasmBytes() {
  let bytes = 0;
  for (const ref of wasmMemories) bytes += ref.deref()?.buffer.byteLength ?? 0;
  return bytes;
}

if (directory) {
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    globalThis.gc?.();
    taken += 1;
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    const figures = {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      wasm: wasmBytes(),
      mallocedMemory: heap.malloced_memory,
    };
    const base = join(directory, String(taken));
    if (process.env.MEMORY_PROBE_SNAPSHOTS === '1') writeHeapSnapshot(`${base}.heapsnapshot`);
    writeFileSync(`${base}.json`, JSON.stringify(figures));
  });
}
