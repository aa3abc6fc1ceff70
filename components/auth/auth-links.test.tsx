// @vitest-environment happy-dom
/**
 * Issue 30, defects met on the way: a password link without its token said so only after the passwords were sent;
 * 'Accetto le condizioni del servizio' linked to no terms.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { LINK_INVALID, PasswordLinkForm } from "./password-link-form";
import { SignUpForm, TERMS_PATH } from "./sign-up-form";

afterEach(cleanup);

describe("PasswordLinkForm", () => {
  it("without a token says at once that the link is invalid, and asks for no password", () => {
    render(<PasswordLinkForm token="" url="/api/reset-password-two" entity="passwordReset" then="/login" invalidHint="Richiedi un nuovo link." />);
    expect(screen.getByRole("alert").textContent).toContain(LINK_INVALID);
    expect(screen.getByText("Richiedi un nuovo link.")).toBeTruthy();
    expect(screen.queryByLabelText(/Nuova password/)).toBeNull();
  });
  it("with a token asks for the new password", () => {
    render(<PasswordLinkForm token="abc123" url="/api/sign-in" entity="passwordSet" then="/" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText(/Nuova password/)).toBeTruthy();
  });
});

describe("SignUpForm", () => {
  it("links 'condizioni del servizio' to the public terms, in a new tab", () => {
    render(<SignUpForm />);
    const link = screen.getByRole("link", { name: "condizioni del servizio" });
    expect(link.getAttribute("href")).toBe(TERMS_PATH);
    expect(link.getAttribute("target")).toBe("_blank");
  });
});
