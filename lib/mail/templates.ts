/** Texts of the account e-mails (Italian), as subject + html + plain text. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function resetPasswordMail(link: string) {
  const l = escapeHtml(link);
  return {
    subject: "Reimposta la tua password",
    text: `Hai chiesto di reimpostare la password.\nApri questo link entro un'ora per sceglierne una nuova:\n${link}\n\nSe non sei stato tu, ignora questa email.`,
    html: `<p>Hai chiesto di reimpostare la password.</p><p>Apri questo link entro un'ora per sceglierne una nuova:<br><a href="${l}">${l}</a></p><p>Se non sei stato tu, ignora questa email.</p>`,
  };
}

export function invitationMail(link: string, tenantName: string, inviter: string) {
  const l = escapeHtml(link);
  return {
    subject: `Invito a ${tenantName}`,
    text: `${inviter} ti ha invitato a usare il gestionale di ${tenantName}.\nScegli la tua password da questo link (valido 7 giorni):\n${link}`,
    html: `<p>${escapeHtml(inviter)} ti ha invitato a usare il gestionale di <b>${escapeHtml(tenantName)}</b>.</p><p>Scegli la tua password da questo link (valido 7 giorni):<br><a href="${l}">${l}</a></p>`,
  };
}

/** The sign-up's address confirmation (issue 29): until it is opened the account mails no customer and orders nothing. */
export function confirmEmailMail(link: string) {
  const l = escapeHtml(link);
  return {
    subject: "Conferma il tuo indirizzo e-mail",
    text: `Grazie per esserti registrato.\nApri questo link entro 7 giorni per confermare il tuo indirizzo e-mail: servirà per inviare e-mail ai clienti e acquistare la licenza.\n${link}\n\nSe non ti sei registrato tu, ignora questa email.`,
    html: `<p>Grazie per esserti registrato.</p><p>Apri questo link entro 7 giorni per confermare il tuo indirizzo e-mail: servirà per inviare e-mail ai clienti e acquistare la licenza.<br><a href="${l}">${l}</a></p><p>Se non ti sei registrato tu, ignora questa email.</p>`,
  };
}
