/**
 * Real mail servers for the SDI channel's tests (issue 31), started by the tests themselves on free ports:
 * - SMTP: smtp-server (npm) with authentication; it keeps every message it accepted (raw and parsed) and can be told to
 *   answer 451 (a temporary failure) to the next N messages, or 554 (permanent) to all;
 * - IMAP: Debian's dovecot (/usr/sbin/dovecot) from a temporary configuration in a temporary folder (passwd-file users,
 *   maildir mailboxes, 127.0.0.1 only, no TLS), run in the foreground as a child process; messages are put in a
 *   mailbox by IMAP APPEND (`deliver`).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

export { freePort };

export interface ReceivedSmtpMessage {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  host: string;
  port: number;
  user: string;
  password: string;
  received: ReceivedSmtpMessage[];
  /** The next `n` messages are answered 451 (temporary failure), then accepted again. */
  failNext(n: number, code?: 451 | 554): void;
  stop(): Promise<void>;
}

export async function startSmtpServer(user = "pec@azienda.test", password = "segreta-smtp"): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedSmtpMessage[] = [];
  let failures = 0;
  let failCode: 451 | 554 = 451;
  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(Object.assign(new Error("Credenziali non valide"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          callback(Object.assign(new Error(failCode === 451 ? "Servizio temporaneamente non disponibile" : "Messaggio rifiutato"), { responseCode: failCode }));
          return;
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then(
          (parsed) => {
            received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    received,
    failNext(n, code = 451) {
      failures = n;
      failCode = code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestImapServer {
  host: string;
  port: number;
  /** Adds a mailbox user (login = address). */
  addUser(user: string, password: string): void;
  /** APPENDs a raw message to the user's INBOX. */
  deliver(user: string, password: string, raw: Buffer | string): Promise<void>;
  /** The flags of every message of the user's INBOX, by uid. */
  flags(user: string, password: string): Promise<Map<number, Set<string>>>;
  stop(): Promise<void>;
}

export async function startImapServer(): Promise<TestImapServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dovecot-test-"));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const passwd = path.join(dir, "passwd");
  fs.writeFileSync(passwd, "");
  for (const d of ["run", "state", "mail"]) fs.mkdirSync(path.join(dir, d));
  // dovecot refuses uid 0 for mail: as root the mailboxes belong to its own "dovecot" user
  const root = process.getuid?.() === 0;
  const uid = root ? Number(execFileSync("id", ["-u", "dovecot"], { encoding: "utf8" }).trim()) : process.getuid!();
  const gid = root ? Number(execFileSync("id", ["-g", "dovecot"], { encoding: "utf8" }).trim()) : process.getgid!();
  if (root) fs.chownSync(path.join(dir, "mail"), uid, gid);
  const conf = path.join(dir, "dovecot.conf");
  fs.writeFileSync(
    conf,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = dovecot-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = ${dir}/dovecot.log
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 0
first_valid_gid = 0
${root ? "default_internal_user = dovecot\ndefault_login_user = dovenull" : `default_internal_user = ${os.userInfo().username}\ndefault_login_user = ${os.userInfo().username}`}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const child: ChildProcess = spawn("/usr/sbin/dovecot", ["-c", conf, "-F"], { stdio: "ignore" });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.end();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, "dovecot.log")) ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8") : "";
      throw new Error(`dovecot non si è avviato:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = async (user: string, password: string) => {
    const c = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: password }, logger: false });
    await c.connect();
    return c;
  };
  return {
    host: "127.0.0.1",
    port,
    addUser(user, password) {
      fs.appendFileSync(passwd, `${user}:{PLAIN}${password}\n`);
    },
    async deliver(user, password, raw) {
      const c = await client(user, password);
      try {
        await c.append("INBOX", typeof raw === "string" ? Buffer.from(raw) : raw);
      } finally {
        await c.logout();
      }
    },
    async flags(user, password) {
      const c = await client(user, password);
      const out = new Map<number, Set<string>>();
      try {
        const lock = await c.getMailboxLock("INBOX");
        try {
          for await (const m of c.fetch("1:*", { uid: true, flags: true })) out.set(m.uid, m.flags ?? new Set());
        } catch {
          // an empty mailbox has no 1:*
        } finally {
          lock.release();
        }
      } finally {
        await c.logout();
      }
      return out;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
