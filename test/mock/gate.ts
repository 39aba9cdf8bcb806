/**
 * A gate a test closes to freeze a run where it is, then opens one request at a time: what a page
 * shows between two steps no longer depends on how fast the machine is. Requests wait at the gate
 * after the mock's latency, before they are answered; a request whose client gives up leaves it.
 */
export interface Gate {
  /** Requests that arrive from now on wait until allowed. */
  hold(): void;
  /** Lets `n` more waiting (or future) requests through while the gate is held. */
  allow(n: number): void;
  /** Opens the gate: every waiting request goes on, and so does every later one. */
  release(): void;
  /** How many requests are waiting at the gate now. */
  readonly parked: number;
  /** Waits at the gate when it is held; settles at once when it is open or the request is closed. */
  pass(signal: AbortSignal): Promise<void>;
}

export function createGate(): Gate {
  let held = false;
  let allowance = 0;
  const waiting: (() => void)[] = [];
  const wake = () => {
    while (waiting.length > 0 && (!held || allowance > 0)) {
      if (held) allowance -= 1;
      waiting.shift()!();
    }
  };
  return {
    hold() {
      held = true;
      allowance = 0;
    },
    allow(n) {
      allowance += n;
      wake();
    },
    release() {
      held = false;
      wake();
    },
    get parked() {
      return waiting.length;
    },
    pass(signal) {
      if (!held || signal.aborted) return Promise.resolve();
      if (allowance > 0) {
        allowance -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const go = () => {
          signal.removeEventListener("abort", leave);
          resolve();
        };
        const leave = () => {
          const at = waiting.indexOf(go);
          if (at >= 0) waiting.splice(at, 1);
          resolve();
        };
        waiting.push(go);
        signal.addEventListener("abort", leave, { once: true });
      });
    },
  };
}
