import { describe, expect, it } from "vitest";
import { INVITE_LINK_INVALID, LINK_INVALID, RESET_SENT } from "@/lib/auth/messages";
import { BIANCHI_LOGIN, ROSSI_LOGIN } from "@/db/seed";
import { Client, linkIn, sentMails, signUpTenant, uniqueEmail } from "../support/http";

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

describe("password reset", () => {
  it("mails a single-use link that sets a new password", async () => {
    const { email } = await signUpTenant("Studio Reset");
    const r = await new Client().postEntity("/api/reset-password", "resetPassword", { email });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(RESET_SENT);
    const mail = sentMails(email).at(-1)!;
    expect(mail.subject).toBe("Reimposta la tua password");
    const token = tokenOf(linkIn(mail.text, "/reset-password-two?token="));

    const set = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    expect(set.status).toBe(200);
    expect((await new Client().login(email, "prova1234")).status).toBe(401);
    expect((await new Client().login(email, "nuova1234")).status).toBe(200);

    const again = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "altra1234", passwordSecond: "altra1234" });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(LINK_INVALID);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("sconosciuto");
    const r = await new Client().postEntity("/api/reset-password", "resetPassword", { email });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(RESET_SENT);
    expect(sentMails(email)).toEqual([]);
  });

  it("refuses an invalid token and a weak or mismatched password without using the link", async () => {
    const bad = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token: "x".repeat(43), passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(LINK_INVALID);

    const { email } = await signUpTenant("Studio Regole");
    await new Client().postEntity("/api/reset-password", "resetPassword", { email });
    const token = tokenOf(linkIn(sentMails(email).at(-1)!.text, "/reset-password-two?token="));
    const weak = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "abc", passwordSecond: "abc" });
    expect(weak.status).toBe(400);
    const differ = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "nuova1234", passwordSecond: "nuova12345" });
    expect(differ.body.errors).toEqual(["Le due nuove password non coincidono"]);
    // the link still works after refused attempts
    const ok = await new Client().postEntity("/api/reset-password-two", "passwordReset", { token, passwordFirst: "nuova1234", passwordSecond: "nuova1234" });
    expect(ok.status).toBe(200);
  });
});

describe("invitation", () => {
  it("an admin invites a user, who sets a password on /sign-in and is logged in", async () => {
    const admin = await Client.as(ROSSI_LOGIN.username, ROSSI_LOGIN.password);
    const email = uniqueEmail("invitato");
    const r = await admin.postEntity("/api/users/invite", "invite", { email, firstName: "Sara", lastName: "Neri", roles: ["ROLE_USER"] });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ email, firstName: "Sara", roles: ["ROLE_USER"] });
    const mail = sentMails(email).at(-1)!;
    expect(mail.subject).toBe("Invito a Studio Tecnico Rossi");
    const token = tokenOf(linkIn(mail.text, "/sign-in?token="));

    // no password yet: cannot log in
    expect((await new Client().login(email, "qualsiasi1")).status).toBe(401);
    const invited = new Client();
    const set = await invited.postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "sara12345", passwordSecond: "sara12345" });
    expect(set.status).toBe(200);
    const me = await invited.get("/api/me");
    expect(me.body).toMatchObject({ username: email, roles: ["ROLE_USER"], tenant: { id: (await admin.get("/api/me")).body.tenant.id } });

    const reuse = await new Client().postEntity("/api/sign-in", "passwordSet", { token, passwordFirst: "sara12345", passwordSecond: "sara12345" });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(INVITE_LINK_INVALID);
  });

  it("only ROLE_ADMIN may invite (403), and nothing is sent", async () => {
    const user = await Client.as(BIANCHI_LOGIN.username, BIANCHI_LOGIN.password);
    const email = uniqueEmail("vietato");
    const r = await user.postEntity("/api/users/invite", "invite", { email, firstName: "X", lastName: "Y", roles: ["ROLE_USER"] });
    expect(r.status).toBe(403);
    expect(r.body.status).toBe("error");
    expect(sentMails(email)).toEqual([]);
  });
});
