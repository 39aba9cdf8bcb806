import { afterEach, describe, expect, test } from "vitest";
import { defineMessages } from "../../../../src/app/shared/i18n/define-messages";
import { useApp } from "../../../../src/app/shared/store";

const { currentMessages } = defineMessages({
  en: { hello: "Hello", count: (n: number) => `${n} rows` },
  zh: { hello: "你好", count: (n: number) => `${n} 行` },
});

describe("defineMessages", () => {
  afterEach(() => useApp.getState().setLang("en"));

  test("outside React, reads the catalogue of the language the store holds now", () => {
    useApp.getState().setLang("en");
    expect(currentMessages().hello).toBe("Hello");
    useApp.getState().setLang("zh");
    expect(currentMessages().hello).toBe("你好");
    expect(currentMessages().count(3)).toBe("3 行");
  });
});
