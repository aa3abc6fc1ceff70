/**
 * Per-process cache of live sessions (session row + user + tenant), so a guarded call costs no
 * database round trip for its user — while revocation stays immediate on every instance:
 *
 * - triggers on users, tenants and sessions NOTIFY 'auth_changed' with "u:<id>", "t:<id>" or
 *   "s:<id>" at commit (drizzle/0005_sessions.sql); each process LISTENs on a direct connection and
 *   drops the matching entries;
 * - the cache is trusted only while the channel is proven alive: every few seconds a ping is sent
 *   through the ordinary pool (so through pgbouncer when there is one) and must come back on the
 *   listener. Without a recent ping (connection lost, notifications possibly missed) every call reads
 *   the database, and on reconnection the whole cache is dropped.
 */
import { getDatabase, type Database } from "@/db/client";
import { idleTimeoutMs, loadSession, revokeSession, touchSession, TOUCH_INTERVAL_MS, type SessionUser } from "@/db/queries/sessions";
import { sql } from "drizzle-orm";

const CHANNEL = "auth_changed";
const PING_EVERY_MS = 3_000;
/** The channel counts as alive while a ping came back this recently. */
const ALIVE_WITHIN_MS = 10_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: SessionUser;
  /** Last activity known to this process (written to the database at most once a minute). */
  lastSeenAt: number;
  /** When last_seen_at was last written: by this process, or as the row read said. */
  touchedAt: number;
}

interface CacheState {
  entries: Map<string, Entry>;
  started?: Promise<void>;
  lastPingBack: number;
  pingToken: string;
  /** Bumped by every change notification: a row read before a change is not cached after it. */
  generation: number;
  /** Callers waiting for a notification of their own change to come back (expectAuthNotification). */
  waiters?: Map<string, Set<() => void>>;
}

/** One cache per database (one per process in production; tests may open several). */
const caches = new WeakMap<Database, CacheState>();

function cacheOf(database: Database): CacheState {
  let c = caches.get(database);
  if (!c) {
    c = { entries: new Map(), lastPingBack: 0, generation: 0, pingToken: `p:${process.pid}:${Math.random().toString(36).slice(2)}` };
    caches.set(database, c);
  }
  return c;
}

function onNotification(c: CacheState, payload: string): void {
  if (payload === c.pingToken) {
    c.lastPingBack = Date.now();
    return;
  }
  c.generation++;
  for (const resolve of c.waiters?.get(payload) ?? []) resolve();
  c.waiters?.delete(payload);
  const [kind, raw] = payload.split(":");
  if (kind === "s") c.entries.delete(payload.slice(2));
  else if (kind === "u" || kind === "t") {
    const id = Number(raw);
    for (const [sid, e] of c.entries) if ((kind === "u" ? e.user.id : e.user.tenantId) === id) c.entries.delete(sid);
  }
}

async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select pg_notify(${CHANNEL}, ${cacheOf(database).pingToken})`);
}

function start(database: Database): Promise<void> {
  const c = cacheOf(database);
  c.started ??= (async () => {
    await database.listen(CHANNEL, (payload) => onNotification(c, payload), () => {
      // (re)connected: anything may have changed meanwhile
      c.generation++;
      c.entries.clear();
      void ping(database).catch(() => {});
    });
    const timer = setInterval(() => void ping(database).catch(() => {}), PING_EVERY_MS);
    timer.unref();
    await ping(database);
  })().catch((err) => {
    c.started = undefined;
    console.error("[auth] canale delle notifiche non disponibile: le sessioni si leggono dal database", err);
  });
  return c.started;
}

function isChannelAlive(c: CacheState): boolean {
  return Date.now() - c.lastPingBack < ALIVE_WITHIN_MS;
}

/**
 * The user of a live session, or null when the session is unknown, revoked, expired, idle too long,
 * or its user is disabled. Idle and expired sessions are revoked on the way.
 */
export async function getSessionUser(sessionId: string, now = Date.now()): Promise<SessionUser | null> {
  const database = await getDatabase();
  void start(database);
  const c = cacheOf(database);
  const alive = isChannelAlive(c);
  let entry = alive ? c.entries.get(sessionId) : undefined;
  let kept = entry !== undefined;
  if (!entry) {
    const generation = c.generation;
    const user = await loadSession(database.db, sessionId);
    if (!user) return null;
    // touchedAt is when the row's last_seen_at was written, so activity since then is written on this
    // call already when that is a minute old (with touchedAt = now, a process that reads the row on
    // every call — no live channel — never wrote activity, and ended active sessions as idle)
    entry = { user, lastSeenAt: user.lastSeenAt, touchedAt: user.lastSeenAt };
    if (alive && !user.revoked && generation === c.generation) {
      if (c.entries.size >= MAX_ENTRIES) c.entries.delete(c.entries.keys().next().value!);
      c.entries.set(sessionId, entry);
      kept = true;
    }
  }
  const { user } = entry;
  if (user.revoked || user.disabled) return null;
  if (now >= user.expiresAt) {
    await endSession(database, sessionId, "expired");
    return null;
  }
  if (now - entry.lastSeenAt > idleTimeoutMs()) {
    // another instance may have seen later activity: the database decides
    const fresh = await loadSession(database.db, sessionId);
    if (!fresh || fresh.revoked || now - fresh.lastSeenAt > idleTimeoutMs()) {
      await endSession(database, sessionId, "idle");
      return null;
    }
    entry.lastSeenAt = fresh.lastSeenAt;
  }
  entry.lastSeenAt = now;
  if (now - entry.touchedAt >= TOUCH_INTERVAL_MS) {
    entry.touchedAt = now;
    const touched = touchSession(database.db, sessionId, new Date(now)).catch((err) => console.error("[auth] last_seen_at", err));
    // an entry this process does not keep is read from the row again on the next call: the row must say so by then
    if (!kept) await touched;
  }
  return user;
}

async function endSession(database: Database, sessionId: string, reason: "idle" | "expired"): Promise<void> {
  cacheOf(database).entries.delete(sessionId);
  await revokeSession(database.db, sessionId, reason);
}

/** Drops a session from this process's cache at once (the notification does the same for the others). */
export async function forgetSession(sessionId: string): Promise<void> {
  onNotification(cacheOf(await getDatabase()), `s:${sessionId}`);
}

/** How long a change waits for its own notification before answering anyway. */
const OWN_NOTIFICATION_WAIT_MS = 1000;

/**
 * A promise of the notification that a change about to be committed will send ("s:<session id>",
 * "u:<user id>"). Register it before the change, await it after: when it has come back to this process
 * through PostgreSQL it has been sent to every instance too, so the answer of a logout, a password
 * change or a disabled user leaves only once the other instances have been told (and is not delayed
 * beyond a second if the channel is slow). Without a live channel it resolves at once: no cache is
 * trusted then.
 */
export async function expectAuthNotification(payload: string): Promise<() => Promise<void>> {
  const database = await getDatabase();
  const c = cacheOf(database);
  if (!isChannelAlive(c)) return async () => {};
  let resolve!: () => void;
  const arrived = new Promise<void>((r) => (resolve = r));
  c.waiters ??= new Map();
  const set = c.waiters.get(payload) ?? new Set();
  set.add(resolve);
  c.waiters.set(payload, set);
  return async () => {
    const timer = new Promise<void>((r) => setTimeout(r, OWN_NOTIFICATION_WAIT_MS).unref());
    await Promise.race([arrived, timer]);
    set.delete(resolve);
  };
}
