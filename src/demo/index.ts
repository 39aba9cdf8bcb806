/** Built-in examples and the keyless demo judge. */
export { BUILT_IN_EXAMPLES, builtInExamples, getBuiltInExample, matchBuiltInExample, type BuiltInExample } from "./examples";
export { createDemoJudge, DEMO_JUDGE_MODEL, DEMO_ONLY_MESSAGE } from "./demo-judge";
export { createDemoEmbedder, demoVector } from "./demo-embedder";
