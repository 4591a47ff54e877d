// @ts-check
// The worker client: the page's only way to reach the Python engine.
//
// `request(type, payload)` sends `{id, type, payload}` to the worker and resolves with the
// `result` of `{id, ok: true, result}`, or rejects with an EngineError carrying the `{kind, message}`
// of `{id, ok: false, error}`. Only JSON crosses. `ready` resolves with the engine's version info.
// `cancel()` terminates the worker (Python cannot be interrupted mid-search) and starts a fresh one;
// every pending request rejects with kind "cancelled". The page keeps its own state, so nothing is lost.
// `runJob(op, payload, {onProgress, signal, stale})` runs a long operation as a job in slices (see there).
import { Emitter } from "./dom.js";

//: One slice of a session job ("generate_job", "steps_job", then "job_step" until done): the engine
//: answers, with progress or to a "job_stop", about this often.
export const SLICE_MS = 200;

/**
 * An error as the engine sends it: a kind ("boot", "bad_request", "timeout", "cancelled", ...), English
 * words, and the structured facts the page words in its own language.
 * @typedef {{kind: string, message: string, [fact: string]: unknown}} EngineErrorData
 */
/**
 * What the worker posts: the phase of its boot, its outcome, a saved memory snapshot, or the reply to
 * request `id`.
 * @typedef {{type: "progress", phase: "python" | "engine"}
 *   | {type: "ready", version: string, python: string, [key: string]: unknown}
 *   | {type: "failed", error: EngineErrorData}
 *   | {type: "snapshot", bytes: number, ms: number}
 *   | {type?: undefined, id: number, ok: true, result: unknown}
 *   | {type?: undefined, id: number, ok: false, error: EngineErrorData}} WorkerMessage
 */
/** The engine's version info, as `ready` resolves with it. @typedef {{[key: string]: unknown, bootMs: number}} EngineInfo */
/**
 * A request waiting for its reply.
 * @typedef {{resolve: (result: any) => void, reject: (error: EngineError) => void,
 *   timer: ReturnType<typeof setTimeout> | undefined, type: string, background: boolean}} Pending
 */

// A fresh seed for a generation request (the engine reports it, so the puzzle can be made again).
/** @returns {number} */
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** The ops that start a session job (runJob). @typedef {"generate_job" | "steps_job" | "all_steps_job"} JobOp */

// Whether an error is a job's stop that its caller asked for (runJob: aborted, or its answer stale).
/** @param {unknown} error @returns {boolean} */
export function isStopped(error) {
  return error instanceof EngineError && error.kind === "stopped";
}

export class EngineError extends Error {
  /** @param {EngineErrorData} error */
  constructor(error) {
    super(error.message);
    this.name = "EngineError";
    this.kind = error.kind;
    this.details = error;
  }
}

const WORKER_URL = new URL("../worker.js", import.meta.url);

/**
 * The client's events: its state changed (and the engine's version info once ready), or the worker saved
 * a memory snapshot.
 * @typedef {{status: {state: EngineClient["state"], info: EngineInfo | null}, snapshot: {bytes: number, ms: number}}} EngineEvents
 */

/** @extends {Emitter<EngineEvents>} */
export class EngineClient extends Emitter {
  /** @type {Promise<EngineInfo>} resolves once the engine is ready (a new one after each cancel) */
  ready;
  /** @type {(info: EngineInfo) => void} set with each new `ready` promise */
  resolveReady;
  /** @type {(error: EngineError) => void} */
  rejectReady;

  // `autostart: false` lets the page draw first and call `start()` after: requests made before
  // then simply wait for `ready`.
  /** @param {{workerUrl?: URL | string, autostart?: boolean}} [options] */
  constructor({ workerUrl = WORKER_URL, autostart = true } = {}) {
    super();
    this.workerUrl = workerUrl;
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    /** @type {"loading" | "ready" | "busy" | "failed"} */
    this.state = "loading";
    /** @type {EngineInfo | null} */
    this.info = null;
    /** @type {Worker | null} */
    this.worker = null;
    this.startedAt = 0;
    /** @type {"start" | "python" | "engine"} the boot's phase while loading (worker.js says which) */
    this.phase = "start";
    /** @type {string[]} the player's requests (their types) made before the engine was ready */
    this.waiting = [];
    /** @type {number | undefined} performance.now() of the player's last request or its answer */
    this.lastForeground = undefined;
    /** @type {{bytes: number, ms: number} | undefined} */
    this.snapshot = undefined;
    this.newReady();
    if (autostart) this.start();
  }

  newReady() {
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // A caller that never awaits `ready` must not see an unhandled rejection.
    this.ready.catch(() => {});
  }

  start() {
    if (this.worker) return;
    this.state = "loading";
    this.phase = "start";
    this.info = null;
    this.startedAt = performance.now();
    this.worker = new Worker(this.workerUrl, { type: "module" });
    this.worker.addEventListener("message", (event) => this.onMessage(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail({ kind: "boot", message: event.message || "the engine worker failed to start" });
    });
    this.emitStatus();
  }

  emitStatus() {
    this.emit("status", { state: this.state, info: this.info });
  }

  // Every request still waiting for an answer gets `error` instead (the worker failed or was stopped).
  /** @param {EngineErrorData} error */
  rejectPending(error) {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new EngineError(error));
    }
    this.pending.clear();
  }

  /** @param {EngineErrorData} error */
  fail(error) {
    this.state = "failed";
    this.rejectReady(new EngineError(error));
    this.rejectPending(error);
    this.emitStatus();
  }

  /** @param {WorkerMessage} message */
  onMessage(message) {
    if (message.type === "progress") {
      this.phase = message.phase;
      this.emitStatus();
      return;
    }
    if (message.type === "ready") {
      this.state = "ready";
      this.info = { ...message, bootMs: performance.now() - this.startedAt };
      this.resolveReady(this.info);
      this.emitStatus();
      return;
    }
    if (message.type === "failed") {
      this.fail(message.error);
      return;
    }
    if (message.type === "snapshot") {
      // The worker saved a memory snapshot: the next visit boots from it (worker.js).
      this.snapshot = { bytes: message.bytes, ms: message.ms };
      this.emit("snapshot", this.snapshot);

      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return; // a reply to a request that timed out or was cancelled
    this.pending.delete(message.id);
    clearTimeout(entry.timer);
    if (!entry.background) this.lastForeground = performance.now();
    if (!this.busy && this.state === "busy") {
      this.state = "ready";
      this.emitStatus();
    }
    if (message.ok) entry.resolve(message.result);
    else entry.reject(new EngineError(message.error));
  }

  // Send one named operation; `timeoutMs` (optional) cancels the worker if it takes longer.
  // `background`: work the player did not ask for (the bank's refill): it neither shows the engine as
  // busy nor counts as the player's use of it.
  /**
   * @template {import("../ops.js").OpName} K
   * @param {K} type the operation (types/ops.d.ts describes each one's payload and result)
   * @param {import("../ops.js").Payload<K>} [payload]
   * @param {{timeoutMs?: number, background?: boolean}} [options]
   * @returns {Promise<import("../ops.js").Result<K>>} the operation's result (JSON)
   */

  async request(type, payload = {}, { timeoutMs, background = false } = {}) {
    if (this.state === "loading" && !background) {
      // Asked before the engine is ready: the page can say that this waits for it.
      this.waiting.push(type);
      this.emitStatus();
      try {
        await this.ready;
      } finally {
        this.waiting.splice(this.waiting.indexOf(type), 1);
      }
    } else {
      await this.ready;
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = timeoutMs
        ? setTimeout(() => this.cancel({ kind: "timeout", message: `${type} took longer than ${timeoutMs} ms` }), timeoutMs)
        : undefined;
      this.pending.set(id, { resolve, reject, timer, type, background });
      if (!background) {
        this.lastForeground = performance.now();
        this.state = "busy";
        this.emitStatus();
      }
      // `ready` resolved, so a worker is running (cancel() starts the next one at once).
      /** @type {Worker} */ (this.worker).postMessage({ id, type, payload });
    });
  }

  // Run a session job to its end (a bridge op "generate_job", "steps_job" or "all_steps_job", then "job_step"
  // until done), one slice of SLICE_MS at a time, and resolve with its last slice: the answer. The one job
  // loop of the page (New game, the bank's refill, the solution path, All steps here):
  // * `onProgress(slice)` gets each slice that is not the last; the next slice is asked once it returns
  //   (it may wait: the refill waits for the player to be idle);
  // * `signal` (an AbortController's) stops the job: "job_stop" goes to the worker at once when the job is
  //   known (its slice ends within SLICE_MS; the worker lives on), and the promise rejects;
  // * `stale()` says the answer is no longer wanted (the position changed): asked before each next slice
  //   and once the job is done, a stale job is stopped, or its answer dropped, and the promise rejects.
  // Stopped or stale, it rejects with an EngineError of kind "stopped" (`details.why`: "aborted" or
  // "stale"), which callers leave unsaid; `isStopped(error)` tells it from the engine's errors.
  /**
   * @template {JobOp} K
   * @param {K} op
   * @param {Omit<import("../ops.js").Payload<K>, "ms">} payload
   * @param {{onProgress?: (slice: import("../ops.js").Result<K>) => unknown, signal?: AbortSignal,
   *   stale?: () => boolean, background?: boolean}} [options]
   * @returns {Promise<import("../ops.js").Result<K>>} the job's last slice, with its answer
   */
  async runJob(op, payload, { onProgress, signal, stale, background = false } = {}) {
    const options = { background };
    /** @type {number | null} */
    let job = null;
    let stopSent = false;
    const stop = () => {
      if (job === null || stopSent) return;
      stopSent = true;
      this.request("job_stop", { job }, options).catch(() => {});
    };
    /** @returns {"aborted" | "stale" | null} */
    const stopped = () => (signal && signal.aborted ? "aborted" : stale && stale() ? "stale" : null);
    const check = () => {
      const why = stopped();
      if (!why) return;
      stop();
      throw new EngineError({ kind: "stopped", message: `${op} ${why}`, why });
    };
    signal?.addEventListener("abort", stop);
    try {
      check();
      const first = /** @type {import("../ops.js").Payload<K>} */ ({ ...payload, ms: SLICE_MS });
      let slice = /** @type {import("../ops.js").Result<K>} */ (await this.request(op, first, options));
      job = slice.job;
      while (!slice.done) {
        check();
        if (onProgress) await onProgress(slice);
        check();
        slice = /** @type {import("../ops.js").Result<K>} */ (await this.request("job_step", { job, ms: SLICE_MS }, options));
      }
      job = null; // done: nothing left to stop
      check();
      return slice;
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }

  // Whether the player's own requests are waiting (background work does not count).
  get busy() {
    for (const entry of this.pending.values()) if (!entry.background) return true;
    return false;
  }

  // Milliseconds since the player's last request was sent or answered (Infinity before the first).
  get idleFor() {
    return this.lastForeground === undefined ? Infinity : performance.now() - this.lastForeground;
  }

  // Stop whatever the engine is doing: terminate the worker and boot a new one.
  /** @param {EngineErrorData} [error] */
  cancel(error = { kind: "cancelled", message: "cancelled" }) {
    if (this.worker) this.worker.terminate();
    this.rejectPending(error);
    this.rejectReady(new EngineError(error));
    this.worker = null;
    this.newReady();
    this.start();
  }
}
