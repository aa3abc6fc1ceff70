import { describe, expect, it } from "vitest";
import { fillPlaceholders, textToHtml } from "./text";

describe("plain-text e-mail bodies", () => {
  it("become escaped HTML paragraphs with line breaks", () => {
    expect(textToHtml("Gentile cliente,\r\n\r\nin allegato la fattura <n. 12>.\nGrazie & saluti\n\n\n")).toBe(
      "<p>Gentile cliente,</p>\n<p>in allegato la fattura &lt;n. 12&gt;.<br>Grazie &amp; saluti</p>",
    );
  });
  it("fill the placeholders they know and keep the others", () => {
    expect(fillPlaceholders("Fattura {numero} del {data} - {altro}", { "{numero}": "12/A", "{data}": "05/03/2026" })).toBe("Fattura 12/A del 05/03/2026 - {altro}");
  });
});
