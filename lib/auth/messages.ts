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
/** Two-factor login (lib/auth/two-factor.ts). */
export const TWO_FACTOR_CODE_NEEDED = "Inserisci il codice di verifica generato dall'app di autenticazione (o un codice di recupero)";
export const TWO_FACTOR_CODE_WRONG = "Codice di verifica non valido o già usato";
export const TWO_FACTOR_ALREADY_ON = "L'autenticazione a due fattori è già attiva: disattivala prima di configurarla di nuovo";
export const TWO_FACTOR_NOT_STARTED = "Avvia prima la configurazione dell'autenticazione a due fattori";
export const TWO_FACTOR_NOT_ON = "L'autenticazione a due fattori non è attiva";
export const TOO_MANY_CODES = (minutes: number) => `Troppi codici di verifica errati: riprova tra ${minutes} minuti`;
