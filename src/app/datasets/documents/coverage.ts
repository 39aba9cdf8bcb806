import type { TestsetSample } from "../../../engine/testset";

/**
 * Where the questions came from: how many questions draw on each document (a multi-hop question
 * counts once for each document it spans) and how many each synthesizer wrote, most first, so a
 * set leaning on a few files shows at a glance.
 */
export function questionsPerDocument(samples: readonly TestsetSample[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const sample of samples) for (const doc of new Set(sample.sources.map((s) => s.document))) counts.set(doc, (counts.get(doc) ?? 0) + 1);
  return sorted(counts);
}

export function questionsPerSynthesizer(samples: readonly TestsetSample[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(sample.synthesizer_name, (counts.get(sample.synthesizer_name) ?? 0) + 1);
  return sorted(counts);
}

function sorted(counts: Map<string, number>): [string, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
