import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { arrayOf, object, STRING } from "../shared/schema";

const entitiesOutput = z.object({ entities: z.array(z.string()) });
export type EntitiesOutput = z.infer<typeof entitiesOutput>;

/** The named entities a text mentions; run once on the reference and once on the joined contexts. */
export const entitiesPrompt: PromptDef<EntitiesOutput> = {
  id: "context_entity_recall.entities",
  metric: "context_entity_recall",
  version: 1,
  title: "Context entity recall: list the entities",
  instruction: [
    "List the named entities the text mentions: people, places, organisations, dates, quantities with units, amounts of money, works, events and other proper nouns.",
    "List each entity once, however often or however differently it is mentioned, in its shortest unambiguous form as the text writes it (for example Paris, not Paris, France).",
    "Write entities in the language of the text. If the text names no entity, return an empty list.",
  ].join(" "),
  inputTemplate: "Text: {{text}}",
  variables: ["text"],
  examples: [
    {
      input: {
        text: "The Eiffel Tower opened in Paris in March 1889 for the World's Fair; Gustave Eiffel's company built it, and Eiffel kept an apartment at the top.",
      },
      output: { entities: ["Eiffel Tower", "Paris", "March 1889", "World's Fair", "Gustave Eiffel"] },
    },
    {
      input: { text: "2008年8月8日，第29届夏季奥林匹克运动会在北京开幕，北京奥运会共设28个大项。" },
      output: { entities: ["2008年8月8日", "第29届夏季奥林匹克运动会", "北京", "28个大项"] },
    },
  ],
  output: {
    name: "context_entity_recall_entities",
    jsonSchema: object({ entities: arrayOf(STRING) }, "context_entity_recall_entities"),
    schema: entitiesOutput,
  },
};
