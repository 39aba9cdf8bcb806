import { flagHelp } from "./flags";

const flags = flagHelp("score");

export const HELP = `Ragas Playground CLI: score RAG output with the RAGAS metrics on your own OpenAI-compatible endpoint.

Usage:
  npm run --silent cli -- score --input FILE --base-url URL --model M [options]
  npm run --silent cli -- score --input FILE --metrics bleu,rouge_l,exact_match [options]
      (the metrics that need no judge run with no endpoint, no key and no request)
  npx ragas-playground score ...   (the same, from the installed package)
  npm run --silent cli -- answer --input FILE --target target.json --out answered.jsonl
      [--concurrency N] [--resume] [--cache DIR]
      (asks your RAG system, as the target file says, for each sample's answer, contexts and
      context ids; a sample with turns ("messages") is asked turn by turn with {{messages}};
      score --target target.json ... does the same, then scores)
  npm run --silent cli -- compare --base A.json --candidate B.json [--fail-on regression]
      (is the difference between two runs real? see compare --help)
  npm run --silent cli -- generate --docs PATH --size N --out testset.jsonl ...
      (a test set from your documents: generate --help)

Required:
${flags.required}

Options:
${flags.options}
  --help                   this text

Progress and a summary table go to standard error; the report (JSON) to --out or standard output.
The API key is never written to the report or the terminal.

Exit codes:
  0    the run completed (results that could not be scored are coded nulls in the report)
  1    a --threshold's metric mean is on the wrong side (the report is still written); or a file could not be read or written, the endpoint could not be reached, refused the key
       or does not know the model, or every request of the run failed
  2    bad command line
  75   --batch-files: the next round's input files are written; run them, then the same command
  130  cancelled with Ctrl-C; the partial report is still written (and, with --out, the journal
       is kept for --resume)
`;
