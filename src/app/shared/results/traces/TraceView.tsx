import type { MetricId, MetricResult, MetricTraces } from "../../../../engine";
import { AnswerRelevancyTrace } from "./AnswerRelevancyTrace";
import { ContextPrecisionTrace } from "./ContextPrecisionTrace";
import { ContextRecallTrace } from "./ContextRecallTrace";
import { ContextRelevanceTrace } from "./ContextRelevanceTrace";
import { FaithfulnessTrace } from "./FaithfulnessTrace";
import { TextMetricTrace } from "./TextMetricTrace";

/** Picks the view of a metric's trace; one component per metric (the id decides the trace's shape). */
export function TraceView({ id, result, contexts }: { id: MetricId; result: MetricResult; contexts: readonly string[] }) {
  const trace = result.trace;
  switch (id) {
    case "faithfulness":
      return <FaithfulnessTrace trace={trace as MetricTraces["faithfulness"]} />;
    case "answer_relevancy":
      return <AnswerRelevancyTrace trace={trace as MetricTraces["answer_relevancy"]} />;
    case "context_relevance":
      return <ContextRelevanceTrace trace={trace as MetricTraces["context_relevance"]} contexts={contexts} />;
    case "context_precision":
      return <ContextPrecisionTrace trace={trace as MetricTraces["context_precision"]} contexts={contexts} />;
    case "context_recall":
      return <ContextRecallTrace trace={trace as MetricTraces["context_recall"]} />;
    case "bleu":
    case "chrf":
    case "rouge_l":
    case "string_similarity":
    case "exact_match":
    case "string_presence":
      return <TextMetricTrace id={id} trace={trace as MetricTraces[typeof id]} />;
  }
}
