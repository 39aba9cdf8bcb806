/**
 * The mock judge of the prompt studio's tests (browser and Node): the usual judge, except that a
 * verdicts prompt saying STRICT rejects every statement, and translation prefixes "译：".
 */
import { judgeBrains, type Brain } from "./brains";

export const studioResponders: Record<string, Brain> = {
  faithfulness_verdicts: (input) => {
    const reply = judgeBrains.faithfulness_verdicts!(input) as { verdicts: { verdict: number; reason: string }[] };
    if (input.system.includes("STRICT")) for (const v of reply.verdicts) Object.assign(v, { verdict: 0, reason: "Strict: not stated word for word." });
    return reply;
  },
  translated_strings: (input) => {
    const list = JSON.parse(/Strings \(\d+\):\n([\s\S]*)$/.exec(input.user)![1]!) as string[];
    return { translations: list.map((s) => `译：${s}`) };
  },
};
