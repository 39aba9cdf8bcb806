/**
 * Standalone mock OpenAI-compatible server, for manual use and the browser tests:
 *   npx tsx test/mock/cli.ts --port 8787 --latency 300 [--api-key K] [--cors open|strict|none]
 *     [--models a,b] [--no-json-schema] [--no-json-object] [--omit-usage] [--echo-api-key]
 *     [--fault-429 0.3] [--retry-after 1] [--fault-500 0.1] [--fault-malformed 0.1] [--fault-hang 0.05] [--seed 7]
 *     [--schema-random SEED] [--xgrammar SEED] [--refuse-keywords minItems,maxItems]
 * --xgrammar answers as a model constrained by xgrammar (vLLM's and SGLang's default) would.
 * Prints its base URL on the first line of stdout.
 */
import { parseArgs } from "node:util";
import type { CorsMode, MockOptions } from "./options";
import { startMockServer } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "127.0.0.1" },
    latency: { type: "string" },
    "api-key": { type: "string" },
    cors: { type: "string" },
    models: { type: "string" },
    "no-json-schema": { type: "boolean" },
    "no-json-object": { type: "boolean" },
    "omit-usage": { type: "boolean" },
    "echo-api-key": { type: "boolean" },
    "fault-429": { type: "string" },
    "retry-after": { type: "string" },
    "fault-500": { type: "string" },
    "fault-malformed": { type: "string" },
    "fault-hang": { type: "string" },
    seed: { type: "string" },
    "schema-random": { type: "string" },
    xgrammar: { type: "string" },
    "refuse-keywords": { type: "string" },
  },
});

function number(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    console.error(`--${name} must be a number, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const cors = values.cors as CorsMode | undefined;
if (cors && !["open", "strict", "none"].includes(cors)) {
  console.error(`--cors must be open, strict or none, got "${cors}"`);
  process.exit(2);
}

const faults = {
  rate429: number("fault-429", values["fault-429"]),
  retryAfterSeconds: number("retry-after", values["retry-after"]),
  rate500: number("fault-500", values["fault-500"]),
  rateMalformed: number("fault-malformed", values["fault-malformed"]),
  rateHang: number("fault-hang", values["fault-hang"]),
  seed: number("seed", values.seed),
};
const anyFault = Object.values(faults).some((v) => v !== undefined);

const options: MockOptions = {
  port: number("port", values.port) ?? 8787,
  host: values.host ?? "127.0.0.1",
  latencyMs: number("latency", values.latency) ?? 0,
  ...(values["api-key"] ? { apiKey: values["api-key"] } : {}),
  ...(cors ? { cors } : {}),
  ...(values.models
    ? {
        models: values.models
          .split(",")
          .map((m) => m.trim())
          .filter(Boolean),
      }
    : {}),
  supports: { jsonSchema: !values["no-json-schema"], jsonObject: !values["no-json-object"] },
  ...(values["omit-usage"] ? { omitUsage: true } : {}),
  ...(values["echo-api-key"] ? { echoApiKey: true } : {}),
  ...(values["schema-random"] !== undefined ? { schemaRandom: { seed: number("schema-random", values["schema-random"]) ?? 1 } } : {}),
  ...(values.xgrammar !== undefined ? { xgrammar: { seed: number("xgrammar", values.xgrammar) ?? 1 } } : {}),
  ...(values["refuse-keywords"] ? { refuseKeywords: values["refuse-keywords"].split(",").map((k) => k.trim()) } : {}),
  ...(anyFault ? { faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)) } : {}),
};

const server = await startMockServer(options);
console.log(server.url);
console.error(`mock OpenAI server listening (cors ${options.cors ?? "open"}, latency ${options.latencyMs} ms); Ctrl+C to stop`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
