import { useApp } from "../store";
import type { Lang } from "./lang";

/** The Intl locale of each UI language: dates and numbers follow the language chosen in the app, not the browser's. */
const INTL_LOCALE: Record<Lang, string> = { en: "en", zh: "zh-CN" };

export interface Formats {
  /** A moment as date and time ("Nov 25, 2026, 4:39 AM" / "2026年11月25日 04:39"). */
  dateTime(at: number | string | Date): string;
  /** A time of day only. */
  time(at: number | string | Date): string;
  /** A count with the language's grouping ("12,234"). */
  number(n: number): string;
  /** Names in a row: "a, b" in English, "a、b" in Chinese. */
  list(items: readonly string[]): string;
}

const cache = new Map<Lang, Formats>();

function formatsFor(lang: Lang): Formats {
  let f = cache.get(lang);
  if (!f) {
    const locale = INTL_LOCALE[lang];
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: "medium" });
    const number = new Intl.NumberFormat(locale);
    const valid = (at: number | string | Date) => {
      const d = at instanceof Date ? at : new Date(at);
      return Number.isFinite(d.getTime()) ? d : null;
    };
    f = {
      dateTime: (at) => {
        const d = valid(at);
        return d ? dateTime.format(d) : String(at);
      },
      time: (at) => {
        const d = valid(at);
        return d ? time.format(d) : String(at);
      },
      number: (n) => number.format(n),
      list: (items) => items.join(lang === "zh" ? "、" : ", "),
    };
    cache.set(lang, f);
  }
  return f;
}

/** Formats in the current UI language; components re-render when it changes. */
export function useFormats(): Formats {
  return formatsFor(useApp((s) => s.lang));
}
