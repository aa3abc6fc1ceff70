/**
 * A small SDI stand-in for the channel's tests (issue 31): it reads what the tenant's PEC sent (the test SMTP server's
 * messages: the file attached), and answers the way SDI does through PEC — a certified envelope (the PEC provider's:
 * "Per conto di: sdiNN@pec.fatturapa.it", X-Trasporto posta-certificata, daticert.xml, postacert.eml) holding SDI's
 * message with the receipt in the official format (lib/fiscal/sdi-testing.ts writeSdiMessage), APPENDed to the
 * tenant's IMAP mailbox. It also delivers an invoice from a supplier as SDI does (the FatturaPA file + its MT metadata
 * file) and the PEC provider's own acceptance receipts (which the product must leave alone).
 */
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { sdiMessageFileName, type SdiError, type SdiMessageType } from "@/lib/fiscal/sdi-messages";
import { writeSdiMessage } from "@/lib/fiscal/sdi-testing";
import type { ReceivedSmtpMessage, TestImapServer } from "./pec-servers";

export interface Mailbox {
  address: string;
  user: string;
  password: string;
}

let counter = 0;
const nextId = () => `${Date.now().toString().slice(-7)}${String(++counter).padStart(3, "0")}`;

type MailOptions = ConstructorParameters<typeof MailComposer>[0];
const build = (options: MailOptions): Promise<Buffer> => new MailComposer(options).compile().build();

/** A PEC envelope around `original` (what the provider of the recipient delivers). */
async function certified(original: Buffer, from: string, to: string, subject: string, extraHeaders: Record<string, string> = {}): Promise<Buffer> {
  return build({
    from: `"Per conto di: ${from}" <posta-certificata@pec.fatturapa.it>`,
    replyTo: from,
    to,
    subject: `POSTA CERTIFICATA: ${subject}`,
    messageId: `<opec${nextId()}.${Date.now()}@pec.fatturapa.it>`,
    headers: { "X-Trasporto": "posta-certificata", "X-Riferimento-Message-ID": `<${nextId()}@pec.fatturapa.it>`, ...extraHeaders },
    text: `Messaggio di posta certificata\nIl giorno ${new Date().toLocaleString("it-IT")} il messaggio "${subject}" è stato inviato da "${from}" indirizzato a: ${to}`,
    attachments: [
      { filename: "daticert.xml", contentType: "application/xml", content: `<?xml version="1.0" encoding="UTF-8"?><postacert tipo="posta-certificata" errore="nessuno"><intestazione><mittente>${from}</mittente><destinatari tipo="certificato">${to}</destinatari><oggetto>${subject}</oggetto></intestazione></postacert>` },
      { filename: "postacert.eml", contentType: "message/rfc822", content: original },
    ],
  });
}

/** The file a PEC sent to SDI carried (the only attachment), as the stand-in reads it. */
export function sentFile(message: ReceivedSmtpMessage): { fileName: string; bytes: Buffer } {
  const a = message.parsed.attachments[0];
  if (!a) throw new Error("il messaggio inviato allo SDI non ha allegati");
  return { fileName: a.filename ?? "", bytes: a.content };
}

/**
 * SDI answers the file a received PEC carried with a receipt of `type` (RC, NS…), from `sdiAddress`, into the tenant's
 * mailbox; answers the receipt's file name.
 */
export async function answerWithReceipt(
  imap: TestImapServer,
  mailbox: Mailbox,
  sent: ReceivedSmtpMessage,
  type: SdiMessageType,
  opts: { sdiAddress?: string; errors?: SdiError[]; identificativoSdi?: string; fileName?: string } = {},
): Promise<string> {
  const fileName = opts.fileName ?? sentFile(sent).fileName;
  const sdi = opts.sdiAddress ?? "sdi23@pec.fatturapa.it";
  const receiptName = sdiMessageFileName(fileName, type);
  const xml = writeSdiMessage(type, { fileName, identificativoSdi: opts.identificativoSdi ?? nextId().slice(0, 12), errors: opts.errors });
  const subjects: Record<string, string> = { RC: "Consegna", NS: "Notifica di scarto", MC: "Notifica di mancata consegna", NE: "Notifica di esito", DT: "Notifica di decorrenza termini", AT: "Attestazione di avvenuta trasmissione" };
  const subject = `${subjects[type] ?? type}: ${fileName}`;
  const original = await build({
    from: sdi,
    to: mailbox.address,
    subject,
    messageId: `<${nextId()}@pec.fatturapa.it>`,
    text: `Il Sistema di Interscambio trasmette il file ${receiptName}.`,
    attachments: [{ filename: receiptName, contentType: "application/xml", content: xml }],
  });
  await imap.deliver(mailbox.user, mailbox.password, await certified(original, sdi, mailbox.address, subject));
  return receiptName;
}

/** SDI delivers a supplier's invoice to the tenant: the FatturaPA file and its metadata file (MT). */
export async function deliverInvoice(imap: TestImapServer, mailbox: Mailbox, invoice: { fileName: string; bytes: Buffer | string }, sdiAddress = "sdi07@pec.fatturapa.it"): Promise<void> {
  const id = nextId().slice(0, 12);
  const mtName = sdiMessageFileName(invoice.fileName, "MT");
  const metadata = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:FileMetadati xmlns:ns2="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0"><IdentificativoSdI>${id}</IdentificativoSdI><NomeFile>${invoice.fileName}</NomeFile><CodiceDestinatario>0000000</CodiceDestinatario><Formato>FPR12</Formato><TentativiInvio>1</TentativiInvio><MessageId>${id}</MessageId></ns2:FileMetadati>`;
  const subject = `Invio File ${id}`;
  const original = await build({
    from: sdiAddress,
    to: mailbox.address,
    subject,
    messageId: `<${nextId()}@pec.fatturapa.it>`,
    text: `Il Sistema di Interscambio trasmette il file ${invoice.fileName}.`,
    attachments: [
      { filename: invoice.fileName, contentType: "application/xml", content: invoice.bytes },
      { filename: mtName, contentType: "application/xml", content: metadata },
    ],
  });
  await imap.deliver(mailbox.user, mailbox.password, await certified(original, sdiAddress, mailbox.address, subject));
}

/** The tenant's own PEC provider's acceptance receipt of a PEC it sent (no file of SDI's inside). */
export async function deliverProviderReceipt(imap: TestImapServer, mailbox: Mailbox, subject: string): Promise<void> {
  const raw = await build({
    from: "posta-certificata@pec.azienda.test",
    to: mailbox.address,
    subject: `ACCETTAZIONE: ${subject}`,
    messageId: `<acc${nextId()}@pec.azienda.test>`,
    headers: { "X-Ricevuta": "accettazione", "X-Trasporto": "posta-certificata" },
    text: `Il messaggio "${subject}" è stato accettato dal sistema.`,
    attachments: [{ filename: "daticert.xml", contentType: "application/xml", content: `<postacert tipo="accettazione" errore="nessuno"/>` }],
  });
  await imap.deliver(mailbox.user, mailbox.password, raw);
}

/** A message nobody can place: a PEC from someone else with a PDF. */
export async function deliverStranger(imap: TestImapServer, mailbox: Mailbox): Promise<void> {
  const original = await build({
    from: "fornitore@pec.altro.test",
    to: mailbox.address,
    subject: "Preventivo richiesto",
    messageId: `<str${nextId()}@pec.altro.test>`,
    text: "In allegato il preventivo.",
    attachments: [{ filename: "preventivo.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 prova") }],
  });
  await imap.deliver(mailbox.user, mailbox.password, await certified(original, "fornitore@pec.altro.test", mailbox.address, "Preventivo richiesto"));
}
