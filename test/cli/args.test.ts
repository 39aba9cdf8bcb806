import { describe, expect, it } from "vitest";
import { isLocalUrl, parseArgs } from "../../src/cli/args";
import { UsageError } from "../../src/cli/errors";
import { METRIC_IDS } from "../../src/engine/metrics/types";

const base = ["score", "--input", "d.jsonl", "--base-url", "http://localhost:8000/v1", "--model", "m"];
const parse = (extra: string[] = [], env: Record<string, string> = {}) => parseArgs([...base, ...extra], env);
const usage = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parseArgs(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected a usage error");
};

describe("parseArgs", () => {
  it("reads a full command line with defaults", () => {
    const cmd = parse(["--metrics", "faithfulness,context_recall", "--concurrency=16", "--out", "r.json", "--per-context", "--questions", "2"]);
    expect(cmd).toEqual({
      command: "score",
      args: {
        input: "d.jsonl",
        metrics: ["faithfulness", "context_recall"],
        baseURL: "http://localhost:8000/v1",
        model: "m",
        apiKey: "",
        concurrency: 16,
        timeoutMs: 60_000,
        retries: 8,
        out: "r.json",
        perContext: true,
        questions: 2,
        resume: false,
        noCache: false,
        noBom: false,
        repeat: 1,
        batch: false,
      },
    });
  });

  it("reads --batch and --batch-files, one at a time and without --repeat", () => {
    const cmd = parse(["--metrics", "faithfulness", "--batch", "--out", "r.json", "--resume"]);
    expect(cmd.command === "score" && [cmd.args.batch, cmd.args.resume]).toEqual([true, true]);
    const files = parse(["--metrics", "faithfulness", "--batch-files", "rounds"]);
    expect(files.command === "score" && [files.args.batch, files.args.batchFiles]).toEqual([false, "rounds"]);
    expect(usage([...base, "--metrics", "faithfulness", "--batch", "--batch-files", "d"])).toBe(
      "--batch and --batch-files are two ways to run by batch: give one",
    );
    expect(usage([...base, "--metrics", "faithfulness", "--batch", "--repeat", "3"])).toBe(
      "--repeat is not available by batch yet: run the repeats as separate runs",
    );
  });

  it("reads --price as USD per 1M prompt/completion tokens per model, and names a bad entry", () => {
    const cmd = parse(["--metrics", "faithfulness", "--price", "my-judge=0.15/0.6, my-embedder=0.02/0"]);
    expect(cmd.command === "score" && cmd.args.prices).toEqual([
      { model: "my-judge", input: 0.15, output: 0.6 },
      { model: "my-embedder", input: 0.02, output: 0 },
    ]);
    expect(usage([...base, "--metrics", "faithfulness", "--price", "my-judge=0.15"])).toBe(
      '--price expects MODEL=IN/OUT in USD per 1M tokens (e.g. gpt-4o-mini=0.15/0.6), got "my-judge=0.15"',
    );
  });

  it("reads --repeat and --resume; --resume needs --out", () => {
    const cmd = parse(["--metrics", "faithfulness", "--out", "r.json", "--resume", "--repeat", "3"]);
    expect(cmd.command === "score" && [cmd.args.resume, cmd.args.repeat]).toEqual([true, 3]);
    expect(usage([...base, "--metrics", "faithfulness", "--resume"])).toBe("--resume needs --out (the run's journal is kept beside the report)");
    expect(usage([...base, "--metrics", "faithfulness", "--repeat", "0"])).toBe('--repeat expects a whole number from 1 to 100, got "0"');
  });

  it("reads --cache DIR and --no-cache, not both", () => {
    const cmd = parse(["--metrics", "faithfulness", "--cache", ".ragas-cache"]);
    expect(cmd.command === "score" && [cmd.args.cache, cmd.args.noCache]).toEqual([".ragas-cache", false]);
    const off = parse(["--metrics", "faithfulness", "--no-cache"]);
    expect(off.command === "score" && [off.args.cache, off.args.noCache]).toEqual([undefined, true]);
    expect(usage([...base, "--metrics", "faithfulness", "--cache", "c", "--no-cache"])).toBe("--cache and --no-cache contradict each other: give one");
  });

  it("defaults to every metric, and then needs an embedding model", () => {
    expect(usage(base)).toBe("answer_relevancy needs --embedding-model (or leave it out of --metrics)");
    const cmd = parse(["--embedding-model", "e"]);
    expect(cmd.command === "score" && cmd.args.metrics).toHaveLength(5);
  });

  it("takes the key from --api-key, else OPENAI_API_KEY, and the base URL from OPENAI_BASE_URL", () => {
    const fromEnv = parseArgs(["score", "--input", "x", "--model", "m", "--metrics", "faithfulness"], {
      OPENAI_API_KEY: "k1",
      OPENAI_BASE_URL: "https://api.example.com/v1",
    });
    expect(fromEnv.command === "score" && [fromEnv.args.apiKey, fromEnv.args.baseURL]).toEqual(["k1", "https://api.example.com/v1"]);
    const flag = parse(["--metrics", "faithfulness", "--api-key", "k2"], { OPENAI_API_KEY: "k1" });
    expect(flag.command === "score" && flag.args.apiKey).toBe("k2");
  });

  it("refuses a remote base URL without a key, but not a local one", () => {
    expect(usage(["score", "--input", "x", "--model", "m", "--metrics", "faithfulness", "--base-url", "https://api.openai.com/v1"])).toMatch(
      /^no API key for api\.openai\.com: set OPENAI_API_KEY/,
    );
    expect(parse(["--metrics", "faithfulness"]).command).toBe("score");
  });

  it("names the flag and the allowed values on every mistake", () => {
    expect(usage([...base, "--concurency", "4"])).toMatch(/^unknown flag --concurency \(allowed: --input, --base-url, .*--per-context, --help\)$/);
    expect(usage([...base, "--concurrency"])).toBe("--concurrency needs a value");
    expect(usage([...base, "--out", "--per-context"])).toBe("--out needs a value");
    expect(usage([...base, "--concurrency", "four"])).toBe('--concurrency expects a whole number from 1 to 256, got "four"');
    expect(usage([...base, "--concurrency", "0"])).toBe('--concurrency expects a whole number from 1 to 256, got "0"');
    expect(usage([...base, "--retries", "1.5"])).toMatch(/^--retries expects a whole number from 0 to 20/);
    expect(usage([...base, "--metrics", "faithfulness,relevancy"])).toBe(
      `--metrics: unknown metric "relevancy" (allowed: ${METRIC_IDS.join(", ")}, custom:<slug>)`,
    );
    expect(usage([...base, "--model", "again"])).toBe("--model is given twice");
    expect(usage([...base, "stray"])).toMatch(/^unexpected argument "stray"/);
    expect(usage([...base, "--per-context=yes"])).toBe("--per-context takes no value");
    expect(usage(["score", "--base-url", "ftp://x", "--model", "m", "--input", "x", "--metrics", "faithfulness"])).toMatch(/^--base-url must start with http/);
    expect(usage(["score", "--model", "m", "--metrics", "faithfulness", "--base-url", "http://localhost"])).toBe("--input is required");
  });

  it("needs no --base-url, --model or key when every metric needs no judge, and names the judged ones otherwise", () => {
    const cmd = parseArgs(["score", "--input", "x", "--metrics", "bleu,rouge_l,exact_match"], {});
    expect(cmd.command === "score" && [cmd.args.metrics, cmd.args.baseURL, cmd.args.model]).toEqual([["bleu", "rouge_l", "exact_match"], undefined, undefined]);
    expect(usage(["score", "--input", "x", "--metrics", "bleu,context_recall", "--model", "m"])).toBe(
      "--base-url is required (or set OPENAI_BASE_URL) for context_recall",
    );
    expect(usage(["score", "--input", "x", "--metrics", "rouge_l,faithfulness", "--base-url", "http://localhost:8000/v1"])).toBe(
      "--model is required for faithfulness",
    );
    // Without --metrics: the metrics that need a judge, so the endpoint is required.
    expect(usage(["score", "--input", "x", "--embedding-model", "e"])).toMatch(/^--base-url is required \(or set OPENAI_BASE_URL\) for faithfulness, /);
  });

  it("knows help, version and unknown commands", () => {
    expect(parseArgs(["--help"], {})).toEqual({ command: "help" });
    expect(parseArgs(["score", "--input", "x", "-h"], {})).toEqual({ command: "help" });
    expect(parseArgs(["--version"], {})).toEqual({ command: "version" });
    expect(usage(["grade"])).toBe('unknown command "grade" (expected: score, help)');
    expect(usage([])).toMatch(/^no command given/);
  });
});

describe("isLocalUrl", () => {
  it("treats loopback and private networks as local", () => {
    for (const url of [
      "http://localhost:11434/v1",
      "http://127.0.0.1:8000",
      "http://[::1]:1234/v1",
      "http://192.168.1.20:8000/v1",
      "http://10.0.0.5",
      "http://172.20.0.2",
      "http://gpu.local:8000",
    ]) {
      expect(isLocalUrl(url), url).toBe(true);
    }
    for (const url of ["https://api.openai.com/v1", "http://172.32.0.1", "https://example.com", "not a url"]) expect(isLocalUrl(url), url).toBe(false);
  });
});
