/**
 * What one client call shares across its steps (hub lookup, attempts, retry waits, polls, downloads, stream):
 * when it started, its deadline, the step it is in (so a timeout error can say where it was), and the caller's
 * progress callback. One CallState per call; its only timer (the deadline) is cleared when the call ends.
 */
import { InferenceClientTimeoutError, type TimeoutOption } from "./errors.js";
import type { InferenceProgress } from "./types.js";

export type CallStep = "hub lookup" | "request" | "retry wait" | "polling" | "download" | "stream";

export interface CallSettings {
  /** The provider asked for ("auto" until the hub lookup resolves it). */
  provider: string;
  signal?: AbortSignal;
  /** ms from the call's start, or a point in time. */
  deadline?: number | Date;
  onProgress?: (event: InferenceProgress) => unknown;
}

/** setTimeout cannot wait longer than this; a deadline further away is as good as none. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export class CallState {
  readonly startedAt = Date.now();
  step: CallStep = "request";
  provider: string;
  /** The far side, e.g. "Groq conversational API", once the provider is known. */
  what = "the provider";
  /** The caller's signal and the deadline as one signal; undefined when there is neither. */
  readonly signal?: AbortSignal;
  /** Epoch ms of the deadline; Infinity when there is none. */
  readonly deadlineAt: number = Infinity;
  private readonly deadlineLabel: string = "";
  private readonly timer?: ReturnType<typeof setTimeout>;
  private readonly onProgress?: (event: InferenceProgress) => unknown;

  constructor(settings: CallSettings) {
    this.provider = settings.provider;
    this.onProgress = settings.onProgress;
    this.signal = settings.signal;
    const { deadline } = settings;
    if (deadline === undefined) return;
    this.deadlineAt = deadline instanceof Date ? deadline.getTime() : this.startedAt + deadline;
    this.deadlineLabel = deadline instanceof Date ? deadline.toISOString() : `${deadline} ms`;
    const remaining = Math.max(0, this.deadlineAt - Date.now());
    if (remaining > LONGEST_TIMER_MS) return;
    const controller = new AbortController();
    this.timer = setTimeout(() => controller.abort(this.deadlineError()), remaining);
    // A pending deadline alone must not keep a Node process alive; the work it guards does that.
    (this.timer as { unref?: () => void }).unref?.();
    this.signal = settings.signal ? AbortSignal.any([settings.signal, controller.signal]) : controller.signal;
  }

  /** Ends the call: the deadline timer is cleared. */
  finish(): void {
    clearTimeout(this.timer);
  }

  /** Whether waiting `ms` more still ends before the deadline. */
  fits(ms: number): boolean {
    return Date.now() + ms <= this.deadlineAt;
  }

  /** What the call is doing, for messages: "polling Fal.ai text-to-video API". */
  doing(step: CallStep = this.step): string {
    switch (step) {
      case "hub lookup":
        return "looking up the model on the hub";
      case "request":
        return `waiting for ${this.what}`;
      case "retry wait":
        return `waiting to retry ${this.what}`;
      case "polling":
        return `polling ${this.what}`;
      case "download":
        return `downloading the result of ${this.what}`;
      case "stream":
        return `reading the event stream of ${this.what}`;
    }
  }

  /** "{happened} (option {option}) while {doing}.", naming the current step. */
  timeoutError(option: TimeoutOption, happened: string): InferenceClientTimeoutError {
    return new InferenceClientTimeoutError(
      `${happened} (option ${option}) while ${this.doing()}.`,
      this.step,
      option,
    );
  }

  deadlineError(): InferenceClientTimeoutError {
    return this.timeoutError("deadline", `Deadline of ${this.deadlineLabel} passed`);
  }

  /** `promise`, or the call's abort reason if the signal fires first (for lookups shared between calls). */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /** Tells the caller's onProgress; whatever it throws or rejects with is ignored (it must not break the call). */
  report(status: string, attempt: number, extra?: Pick<InferenceProgress, "queuePosition" | "retry">): void {
    if (!this.onProgress) return;
    const event: InferenceProgress = {
      provider: this.provider,
      status,
      attempt,
      elapsedMs: Date.now() - this.startedAt,
      ...extra,
    };
    try {
      const returned = this.onProgress(event);
      if (returned && typeof (returned as Promise<unknown>).then === "function")
        (returned as Promise<unknown>).then(undefined, () => undefined);
    } catch {
      // ignored on purpose: a progress display must never fail the inference call
    }
  }
}

/** Waits `ms`; rejects with the signal's reason as soon as it aborts (at once if it already has). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
