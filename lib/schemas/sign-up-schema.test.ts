/** Issue 30, defects met on the way: 'Le due password non coincidono' showed only once every other field was valid. */
import { describe, expect, it } from "vitest";
import { signUpSchema } from "./user";

const messages = (input: Record<string, unknown>) => {
  const r = signUpSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("signUpSchema", () => {
  it("says the passwords differ at once, beside the other fields' messages", () => {
    const errors = messages({ denomination: "", firstName: "", lastName: "", email: "", password: "abc12345", passwordSecond: "abc1234x", acceptTerms: false });
    expect(errors).toContain("Le due password non coincidono");
    expect(errors).toContain('Il campo "Ragione sociale" è richiesto');
    expect(errors).toContain("È necessario accettare le condizioni del servizio");
  });
  it("does not say so before the second password is typed, nor when they match", () => {
    expect(messages({ password: "abc12345", passwordSecond: "" })).not.toContain("Le due password non coincidono");
    expect(messages({ password: "abc12345", passwordSecond: "abc12345" })).not.toContain("Le due password non coincidono");
    expect(messages({ denomination: "Studio", firstName: "A", lastName: "B", email: "a@example.it", password: "abc12345", passwordSecond: "abc12345", acceptTerms: true })).toEqual([]);
  });
});
