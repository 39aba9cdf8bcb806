import { z } from "zod";

/**
 * One prompt's edits as a prompt set file and the stored versions keep them. A module of its own:
 * the stored versions are read on the first screen, and the prompt set's reader (which knows every
 * built-in prompt, test-set generation's included) is not needed there.
 */
export const promptOverrideSchema = z.strictObject({
  instruction: z.string().optional(),
  inputTemplate: z.string().optional(),
  examples: z.array(z.object({ input: z.record(z.string(), z.string()), output: z.unknown() })).optional(),
  versionName: z.string().optional(),
});
