/**
 * A brain answers one kind of judge prompt the way a careful model would, deterministically,
 * from the rendered messages. The mock server picks a brain by the reply schema's name (from
 * response_format.json_schema.name, or the "title" of the schema quoted in the prompt when the
 * client fell back to JSON mode or plain text).
 */
export interface BrainInput {
  schemaName: string;
  system: string;
  user: string;
}

export type Brain = (input: BrainInput) => unknown;
