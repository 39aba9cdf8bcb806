import { type AnyMetricId, isCustomId, isRankedTrace, type MetricResult, type MetricTraces } from "../../../../engine";
import { AnswerRelevancyTrace } from "./AnswerRelevancyTrace";
import { ContextPrecisionTrace } from "./ContextPrecisionTrace";
import { ContextRecallTrace } from "./ContextRecallTrace";
import { ContextRelevanceTrace } from "./ContextRelevanceTrace";
import { FaithfulnessTrace } from "./FaithfulnessTrace";
import { GenericTrace } from "./GenericTrace";
import { AnswerCorrectnessTrace, CustomJudgeTrace, EntityRecallTrace, FactualCorrectnessTrace, NoiseSensitivityTrace } from "./RagasTraces";
import { RankedListTrace } from "./RankedListTrace";
import { TextMetricTrace } from "./TextMetricTrace";

/** Picks the view of a metric's trace: its own view when it has one (the id decides the trace's shape), else the generic one. */
export function TraceView({ id, result, contexts }: { id: AnyMetricId; result: MetricResult; contexts: readonly string[] }) {
  const trace = result.trace;
  if (isCustomId(id)) return <CustomJudgeTrace trace={trace as MetricTraces[typeof id]} />;
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
    case "context_utilization":
      return <ContextPrecisionTrace trace={trace as MetricTraces["context_utilization"]} contexts={contexts} />;
    case "answer_correctness":
      return <AnswerCorrectnessTrace trace={trace as MetricTraces["answer_correctness"]} />;
    case "factual_correctness":
      return <FactualCorrectnessTrace trace={trace as MetricTraces["factual_correctness"]} />;
    case "noise_sensitivity":
      return <NoiseSensitivityTrace trace={trace as MetricTraces["noise_sensitivity"]} />;
    case "context_entity_recall":
      return <EntityRecallTrace trace={trace as MetricTraces["context_entity_recall"]} />;
    case "semantic_similarity":
      // Its whole trace is one cosine, which the card's summary line already states.
      return null;
    case "bleu":
    case "chrf":
    case "rouge_l":
    case "string_similarity":
    case "exact_match":
    case "string_presence":
      return <TextMetricTrace id={id} trace={trace as MetricTraces[typeof id]} />;
    default:
      // Every retrieval metric writes the same ranked list, shown as one; any other metric without a
      // view of its own (a new folder) still shows its items and flags.
      return isRankedTrace(trace) ? <RankedListTrace trace={trace} /> : <GenericTrace trace={trace} />;
  }
}
