/** Italian messages of the account flows, shared by handlers, pages and tests. */
export const INVALID_LOGIN = "Username o password non corretti";
export const RESET_SENT =
  "Se l'indirizzo è registrato riceverai a breve una email con il link per reimpostare la password (valido un'ora)";
export const LINK_INVALID = "Il link non è valido o è scaduto: richiedine uno nuovo";
export const INVITE_LINK_INVALID = "Il link di invito non è valido o è scaduto: chiedi un nuovo invito all'amministratore";
export const DUPLICATE_ACCOUNT = "Esiste già un account con questo indirizzo email";
export const throttledMessage = (seconds: number) => `Troppi tentativi di accesso non riusciti: riprova tra ${seconds} secondi`;
export const USER_DISABLED = "Utente disabilitato: rivolgiti all'amministratore della tua azienda";
export const TOO_MANY_TOKENS = (minutes: number) => `Troppi link non validi da questo indirizzo: riprova tra ${minutes} minuti`;
export const TOO_MANY_SIGN_UPS = (minutes: number) => `Troppe registrazioni da questo indirizzo: riprova tra ${minutes} minuti`;
