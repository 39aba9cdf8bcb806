import { asksHelp, asksVersion } from "./command-of";
import { EXIT, RunError, UsageError } from "./errors";
import type { CliIO } from "./io";
import { scrubText, secretsOf } from "./secrets";
import { targetSecretsInArgs } from "./target-secrets";
import { APP_VERSION } from "../storage/format/generator";

/** The help text, written into the built bin by scripts/build-cli.mjs; undefined when run from source. */
declare const __CLI_HELP__: string | undefined;

/**
 * `--help` from the built bin prints the text built into it, loading no metric registry and no
 * zod (about 1 MB of bundle a start-up would otherwise parse); from source it is built here.
 */
async function helpText(): Promise<string> {
  return typeof __CLI_HELP__ === "string" ? __CLI_HELP__ : (await import("./help")).HELP;
}

/** Runs one command; every failure becomes one line on stderr and an exit code, never a stack. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  // Messages we build never hold the key, but a server's or a bug's text might, and a base URL's
  // ?api-key= would: every line on stderr is scrubbed of the secrets in play.
  const secrets = [...secretsInArgs(argv, io.env), ...targetSecretsInArgs(argv, io.env)];
  const stderr: CliIO["stderr"] = {
    write: (text: string) => io.stderr.write(scrubText(text, secrets)),
    // Read through, not copied: a terminal's width changes while a run draws its progress line.
    get isTTY() {
      return io.stderr.isTTY;
    },
    get columns() {
      return io.stderr.columns;
    },
  };
  return runScrubbed(argv, { ...io, stderr });
}

async function runScrubbed(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    // The commands are imported when run, so --help and --version load neither the SDK, the engine's runs nor the metric registry.
    if (argv[0] === "agreement") return await (await import("./agreement-command")).agreementCli(argv.slice(1), io);
    if (argv[0] === "answer" && !asksHelp(argv)) return await (await import("./answer-command")).answerCli(argv.slice(1), io);
    if (asksHelp(argv)) {
      io.stdout.write(await helpText());
      return EXIT.ok;
    }
    if (asksVersion(argv)) {
      io.stdout.write(`${APP_VERSION}\n`);
      return EXIT.ok;
    }
    const { parseArgs } = await import("./args");
    const parsed = parseArgs(argv, io.env);
    if (parsed.command !== "score") throw new Error(`unexpected command ${parsed.command}`);
    const { scoreCommand } = await import("./score-command");
    return await scoreCommand(parsed.args, io);
  } catch (error) {
    const line = (text: string) => io.stderr.write(`error: ${text.replace(/\s+/g, " ")}\n`);
    if (error instanceof UsageError) {
      line(error.message);
      return EXIT.usage;
    }
    if (error instanceof RunError) {
      line(error.message);
      return EXIT.failed;
    }
    // A bug, not a user mistake: still one line, no stack.
    line(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}

/** The keys in play (OPENAI_API_KEY, --api-key) and the credentials in the base URL (OPENAI_BASE_URL, --base-url). */
function secretsInArgs(argv: readonly string[], env: CliIO["env"]): string[] {
  const valuesOf = (flag: string) =>
    argv.flatMap((arg, i) => (arg === flag ? [argv[i + 1] ?? ""] : arg.startsWith(`${flag}=`) ? [arg.slice(flag.length + 1)] : []));
  const keys = [env.OPENAI_API_KEY ?? "", ...valuesOf("--api-key")];
  const urls = [env.OPENAI_BASE_URL ?? "", ...valuesOf("--base-url")];
  return [...new Set([...keys.flatMap((apiKey) => secretsOf({ apiKey })), ...urls.flatMap((baseURL) => secretsOf({ baseURL }))])];
}
