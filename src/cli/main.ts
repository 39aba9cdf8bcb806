import { setMaxListeners } from "node:events";
import { EXIT } from "./errors";
import type { CliIO } from "./io";
import { runCli } from "./run";

/**
 * Entry point of `npm run cli`: the process around runCli (run.ts). The first Ctrl-C (or
 * SIGTERM) cancels the run and lets it write the partial report; a second one exits at once.
 * The exit code is set, not forced, so a report written to stdout drains completely.
 */
async function main(): Promise<void> {
  const controller = new AbortController();
  // One signal is shared by every request of the run, each adding an abort listener while in
  // flight; Node's default warning at 10 would fire on any run with concurrency above 10.
  setMaxListeners(0, controller.signal);
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(EXIT.cancelled);
    controller.abort(new Error("cancelled by the user"));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const io: CliIO = { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal };
  const argv = process.argv.slice(2);
  // `npm run cli -- --help` passes a literal "--" through on some npm versions.
  process.exitCode = await runCli(argv[0] === "--" ? argv.slice(1) : argv, io);
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
}

void main();
