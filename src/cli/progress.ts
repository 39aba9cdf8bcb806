/**
 * Progress on stderr. On a terminal: one line rewritten in place (at most ~10 times a second, so
 * a fast mock run does not spend its time drawing). Elsewhere (CI logs, a file): a plain line
 * every few seconds, since carriage returns turn logs into one unreadable line.
 */

interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  total: number;
  now?: () => number;
  /** Between plain lines when stderr is not a terminal. */
  plainIntervalMs?: number;
}

export interface Progress {
  update(done: number, nulls: number): void;
  finish(note?: string): void;
}

const TTY_INTERVAL_MS = 100;

export function createProgress(options: ProgressOptions): Progress {
  const { stream, total } = options;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const interval = tty ? TTY_INTERVAL_MS : (options.plainIntervalMs ?? 5_000);
  const started = now();
  let lastDraw = -Infinity;
  let last = { done: 0, nulls: 0 };

  const line = () => {
    const pct = total === 0 ? 100 : Math.floor((last.done / total) * 100);
    const secs = ((now() - started) / 1000).toFixed(1);
    const nulls = last.nulls ? `, ${last.nulls} null${last.nulls === 1 ? "" : "s"}` : "";
    return `scoring: ${last.done}/${total} results (${pct}%)${nulls}, ${secs} s`;
  };
  const draw = () => {
    lastDraw = now();
    if (tty) {
      const text = line().slice(0, Math.max(20, (stream.columns ?? 80) - 1));
      stream.write(`\r\x1b[2K${text}`);
    } else stream.write(`${line()}\n`);
  };

  return {
    update(done, nulls) {
      last = { done, nulls };
      if (now() - lastDraw >= interval) draw();
    },
    finish(note) {
      draw();
      if (tty) stream.write("\n");
      if (note) stream.write(`${note}\n`);
    },
  };
}
