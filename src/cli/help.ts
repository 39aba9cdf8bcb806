import { METRIC_IDS } from "../engine/metrics/types";
import { DEFAULTS } from "./args";

export const HELP = `Ragas Playground CLI: score RAG output with the RAGAS metrics on your own OpenAI-compatible endpoint.

Usage:
  npm run --silent cli -- score --input FILE --base-url URL --model M [options]

Required:
  --input FILE             samples as JSON (a list, {"samples": [...]}, or a report), JSONL or CSV;
                           fields question, answer, contexts, reference (ragas names work too:
                           user_input, response, retrieved_contexts, ground_truth)
  --base-url URL           the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1
                           (or set OPENAI_BASE_URL)
  --model M                the judge model

Options:
  --metrics a,b,c          metric ids (default: all): ${METRIC_IDS.join(", ")}
  --embedding-model E      embedding model (needed by answer_relevancy)
  --api-key K              API key; prefer the OPENAI_API_KEY environment variable, since
                           arguments are visible to other users of the machine. Local servers
                           (localhost, private networks) may go without.
  --concurrency N          most requests in flight at once (default ${DEFAULTS.concurrency})
  --out FILE               write the report here (default: standard output)
  --timeout MS             per-request timeout in milliseconds (default ${DEFAULTS.timeoutMs})
  --retries N              retries on 429, 5xx and network errors (default ${DEFAULTS.retries})
  --prompts FILE           prompt set exported from the prompt studio
                           ({"format": "ragas-playground/prompts", "version": 1, "prompts": {...}})
  --questions N            answer_relevancy: questions generated per answer
  --per-context            context_precision: one judge call per context (as ragas does)
  --price M=IN/OUT[,...]   USD per 1M prompt/completion tokens for the cost estimate, for models
                           the built-in list prices do not know (or to correct them)
  --repeat N               score every sample N times (judges vary); the report keeps each
                           sample's N runs with their mean and standard deviation (default 1)
  --resume                 finish an interrupted run: with --out, each finished sample is
                           journaled in FILE.journal as it finishes; the same command with
                           --resume requests only what is not finished and writes the report
                           an uninterrupted run would
  --batch                  run by the provider's Batch API (OpenAI, Azure, or any server with
                           /files and /batches): half price, finished within 24 h; the calls go
                           in rounds (statements first, then the verdicts on them, embeddings on
                           their own). With --out, the batches are kept in FILE.batch, so after
                           an interruption --resume polls them again and submits none twice
  --batch-files DIR        the same rounds through files: writes DIR/round-N-*.input.jsonl, you
                           run them (e.g. vllm run-batch -i X.input.jsonl -o X.output.jsonl) and
                           run the same command again; it reads the outputs and goes on (exit 75
                           while it waits for output files)
  --help                   this text

Progress and a summary table go to standard error; the report (JSON) to --out or standard output.
The API key is never written to the report or the terminal.

Exit codes:
  0    the run completed (results that could not be scored are coded nulls in the report)
  1    a file could not be read or written, the endpoint could not be reached, refused the key
       or does not know the model, or every request of the run failed
  2    bad command line
  75   --batch-files: the next round's input files are written; run them, then the same command
  130  cancelled with Ctrl-C; the partial report is still written (and, with --out, the journal
       is kept for --resume)
`;
