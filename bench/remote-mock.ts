import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { MockOptions, MockRequestRecord } from "../test/mock/server";

type Stats = { log: MockRequestRecord[]; peakInFlight: number };

/** The parent's handle on bench/mock-process.ts: the MockServer calls the bench needs, async. */
export interface RemoteMock {
  url: string;
  configure(options: MockOptions): Promise<void>;
  resetLog(): Promise<void>;
  stats(): Promise<Stats>;
  close(): Promise<void>;
}

/** What bench/mock-process.ts sends back: once "ready", then one reply per command (stats carry the log). */
type CommandReply = { id: number; ready?: undefined } & Partial<Stats>;
type Reply = { ready: true; url: string; id?: undefined } | CommandReply;

export async function startRemoteMock(options: MockOptions): Promise<RemoteMock> {
  const child: ChildProcess = fork(fileURLToPath(new URL("./mock-process.ts", import.meta.url)), [JSON.stringify(options)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (reply: CommandReply) => void>();
  let next = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`mock process exited with ${code}`)));
    child.on("message", (reply: Reply) => {
      if (reply.ready) resolve(reply.url);
      else if (reply.id !== undefined) pending.get(reply.id)?.(reply);
    });
  });
  child.removeAllListeners("exit");
  const call = (message: Record<string, unknown>) =>
    new Promise<CommandReply>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      child.send({ id, ...message });
    });
  return {
    url,
    configure: async (o) => void (await call({ cmd: "configure", options: o })),
    resetLog: async () => void (await call({ cmd: "resetLog" })),
    stats: async () => {
      const { log = [], peakInFlight = 0 } = await call({ cmd: "stats" });
      return { log, peakInFlight };
    },
    close: async () => void (await call({ cmd: "close" })),
  };
}
