/**
 * The SDI channel (issue 31): the ONE interface through which the product sends a FatturaPA file to SDI and reads what
 * comes back. Today's channel is the tenant's own PEC mailbox (lib/sdi/pec-channel.ts: SMTP to send, IMAP to read);
 * an accredited intermediary's REST API can be a second implementation of the same interface without touching the
 * callers (db/queries/sdi-transmissions.ts sends, db/queries/sdi-inbox.ts reads).
 *
 * Failures are told apart by class: SdiTemporaryError (the provider could not take it now: SMTP 4xx, a connection
 * refused or timed out) is retried by the queue with a growing delay; SdiPermanentError (SMTP 5xx, wrong credentials,
 * a refused recipient) ends the send as 'Errore' with its Italian message, for the user to fix the settings.
 */
import "server-only";

export interface SdiSendInput {
  tenantId: number;
  documentId: number;
  /** The name SDI will know the file by (IT01234567890_00001.xml or .xml.p7m). */
  fileName: string;
  bytes: Uint8Array;
}

/** A file carried by a message received from the channel. */
export interface InboundFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** One message of the channel's inbox, unwrapped (a PEC's postacert.eml opened). */
export interface InboundMessage {
  /** The never-twice key: the Message-ID, else "uid:<uidvalidity>:<uid>". */
  key: string;
  uidValidity: number | null;
  uid: number | null;
  receivedAt: Date | null;
  /** The original sender (for a PEC: the sender inside the certified envelope, e.g. sdi23@pec.fatturapa.it). */
  from: string;
  subject: string;
  /** A PEC provider's own receipt (X-Ricevuta: accettazione, avvenuta-consegna, non-accettazione…), else null. */
  pecReceipt: string | null;
  /** The files the original message carries (receipts, invoices and their metadata). */
  files: InboundFile[];
  /** The whole message as received. */
  raw: Uint8Array;
}

export interface PollResult {
  /** Messages not yet processed that the channel found. */
  found: number;
  /** Of them, those the handler took (and the channel then marked). */
  processed: number;
  /** Those the handler threw on: left unmarked, tried again at the next poll. */
  failed: number;
}

export interface SdiChannel {
  /** Hands the file to the provider; resolves once it accepted it, with the provider's id of the message. */
  send(input: SdiSendInput): Promise<{ providerId: string }>;
  /**
   * Reads the messages not yet processed, calls `handle` for each, in order, and marks each it resolved as processed
   * on the provider (so a poll never hands a message twice; the handler also records it, for a crash between the two).
   */
  poll(handle: (message: InboundMessage) => Promise<void>): Promise<PollResult>;
}

/** The provider could not take the file now: the queue tries again later. */
export class SdiTemporaryError extends Error {}

/** The provider refused for good (credentials, recipient, message): the send ends as 'Errore' with this message. */
export class SdiPermanentError extends Error {}

/** SDI's own PEC addresses (sdi01@pec.fatturapa.it … ): only their answers move the address to send to. */
export const SDI_PEC_ADDRESS = /^sdi\d{1,3}@pec\.fatturapa\.it$/i;
