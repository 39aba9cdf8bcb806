import { defineMessages } from "./define-messages";
import { en, type Messages } from "./en";
import { zh } from "./zh";
export type { Messages };

/** The app's catalogue (main bundle); components re-render when the language changes. `currentT`: outside a component. */
export const { useMessages: useT, currentMessages: currentT } = defineMessages<Messages>({ en, zh });
