import { defineMessages } from "./define-messages";
import { en, type Messages } from "./en";
import { zh } from "./zh";
export type { Messages };

/** The app's catalogue (main bundle); components re-render when the language changes. */
export const { useMessages: useT } = defineMessages<Messages>({ en, zh });
