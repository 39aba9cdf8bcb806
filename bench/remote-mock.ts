import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { MockOptions, MockRequestRecord } from "../test/mock/server";

/** The parent's handle on bench/mock-process.ts: the MockServer calls the bench needs, async. */
export interface RemoteMock {
  url: string;
  configure(options: MockOptions): Promise<void>;
  resetLog(): Promise<void>;
  stats(): Promise<{ log: MockRequestRecord[]; peakInFlight: number }>;
  close(): Promise<void>;
}

export async function startRemoteMock(options: MockOptions): Promise<RemoteMock> {
  const child: ChildProcess = fork(fileURLToPath(new URL("./mock-process.ts", import.meta.url)), [JSON.stringify(options)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (reply: any) => void>();
  let next = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`mock process exited with ${code}`)));
    child.on("message", (reply: any) => {
      if (reply.ready) resolve(reply.url);
      else pending.get(reply.id)?.(reply);
    });
  });
  child.removeAllListeners("exit");
  const call = (message: Record<string, unknown>) =>
    new Promise<any>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      child.send({ id, ...message });
    });
  return {
    url,
    configure: async (o) => void (await call({ cmd: "configure", options: o })),
    resetLog: async () => void (await call({ cmd: "resetLog" })),
    stats: () => call({ cmd: "stats" }),
    close: async () => void (await call({ cmd: "close" })),
  };
}
