import { parseTransportConfig, type SleepFn, type TransportConfig } from "../llm/config";

/** The connection flags every command that calls a model shares. */
export interface TransportArgs {
  baseURL: string;
  model: string;
  embeddingModel?: string;
  apiKey: string;
  timeoutMs: number;
  retries: number;
}

/** `sleep`: the process's clock for retry waits (CliIO.sleep), real unless a test fakes it. */
export function transportFromArgs(args: TransportArgs, sleep?: SleepFn): TransportConfig {
  return parseTransportConfig({
    baseURL: args.baseURL,
    apiKey: args.apiKey,
    model: args.model,
    ...(args.embeddingModel ? { embeddingModel: args.embeddingModel } : {}),
    timeoutMs: args.timeoutMs,
    maxRetries: args.retries,
    ...(sleep ? { sleep } : {}),
  });
}
