import { startMockServer, type MockOptions } from "../test/mock/server";

/**
 * The mock in its own process. In the bench's process it would share one thread with the
 * client, and its tokenizer and brains would show up as client latency between steps (a real
 * server's CPU is not ours). The parent talks to it over IPC: configure, resetLog, stats, close.
 */
type Command = { id: number; cmd: "configure"; options: MockOptions } | { id: number; cmd: "resetLog" | "stats" | "close" };

const server = await startMockServer(JSON.parse(process.argv[2] ?? "{}") as MockOptions);
process.send!({ ready: true, url: server.url });

process.on("message", async (message: Command) => {
  if (message.cmd === "configure") server.configure(message.options);
  if (message.cmd === "resetLog") server.resetLog();
  if (message.cmd === "close") {
    await server.close();
    process.send!({ id: message.id });
    process.disconnect();
    return;
  }
  // The log without request bodies and headers: only what the bench counts crosses the pipe.
  const stats = message.cmd === "stats" ? { log: server.log.map(({ body: _b, headers: _h, ...r }) => r), peakInFlight: server.peakInFlight } : undefined;
  process.send!({ id: message.id, ...stats });
});
