// The boot probe's page (bench/browser_bench.py --parts phases): one cold boot in a worker, which
// also makes a memory snapshot, then a second worker that restores from it; both report their phases.
const run = (mode, snapshot) => new Promise((resolve, reject) => {
  const worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (event) => {
    worker.terminate();
    if (event.data.error) reject(new Error(event.data.error));
    else resolve(event.data);
  };
  worker.onerror = (event) => reject(new Error(event.message || "the probe worker failed"));
  worker.postMessage({ mode, snapshot }, snapshot ? [snapshot.buffer] : []);
});

try {
  const cold = await run("cold");
  const snapshot = cold.snapshot;
  delete cold.snapshot;
  const restore = snapshot ? await run("restore", snapshot) : null;
  window.probeResult = { userAgent: navigator.userAgent, cold, restore };
} catch (error) {
  window.probeResult = { error: String(error && error.message || error) };
}
document.documentElement.dataset.probe = "done";
