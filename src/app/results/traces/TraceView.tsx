import type { MetricId, MetricResult } from "../../../engine";
import { AnswerRelevancyTrace } from "./AnswerRelevancyTrace";
import { ContextPrecisionTrace } from "./ContextPrecisionTrace";
import { ContextRecallTrace } from "./ContextRecallTrace";
import { ContextRelevanceTrace } from "./ContextRelevanceTrace";
import { FaithfulnessTrace } from "./FaithfulnessTrace";

/** Picks the view of a metric's trace; one component per metric. */
export function TraceView({ id, result, contexts }: { id: MetricId; result: MetricResult<any>; contexts: readonly string[] }) {
  const trace = result.trace;
  switch (id) {
    case "faithfulness":
      return <FaithfulnessTrace trace={trace} />;
    case "answer_relevancy":
      return <AnswerRelevancyTrace trace={trace} />;
    case "context_relevance":
      return <ContextRelevanceTrace trace={trace} contexts={contexts} />;
    case "context_precision":
      return <ContextPrecisionTrace trace={trace} contexts={contexts} />;
    case "context_recall":
      return <ContextRecallTrace trace={trace} />;
  }
}
