// Even connections across npm start's workers (scripts/server.mjs, cluster mode).
//
// The workers accept connections themselves (SCHED_NONE), and the OS gives a burst of new connections to
// whichever worker is awake: 100 at once were seen split 88/14, and the worker holding more answers them
// more slowly for as long as they live (bench:http, docs/benchmarks.md). So each worker reports how many
// connections it holds (at most every 50 ms, only when the number changed); the primary sends every worker
// the fair share (total / workers); a worker holding more than its share + SLACK answers its next requests,
// one per connection, with "Connection: close" until it is back at its share. The clients (browsers, nginx,
// load generators) open a new connection, which the OS gives to a worker waiting for one. Idle keep-alive
// connections are left alone, and nothing is refused: the answer is whole, only the connection ends.

export const COUNT_MESSAGE = "gestionale:connections";
export const SHARE_MESSAGE = "gestionale:share";
export const SLACK = 2;
const SHED = Symbol("shed");

/** The fair share of connections per worker: the total held, split evenly, rounded up. */
export function fairShare(held, workers) {
  let total = 0;
  for (const n of held) total += n;
  return Math.ceil(total / Math.max(1, workers));
}

/**
 * The worker's half: counts `server`'s connections, calls `report(open)` when the count changed (at most
 * every `everyMs`), and returns { onRequest(req, res), setShare(n) }: onRequest marks the response
 * "Connection: close" while the worker holds more than the share + SLACK (connections already told to
 * close do not count). Until a share arrives nothing is closed.
 */
export function connectionBalancer(server, report, everyMs = 50) {
  let open = 0;
  let closing = 0;
  let share = Infinity;
  let reported = -1;
  let timer = null;
  const flush = () => {
    timer = null;
    if (open !== reported) report((reported = open));
  };
  const changed = () => {
    timer ??= setTimeout(flush, everyMs);
  };
  server.on("connection", (socket) => {
    open++;
    changed();
    socket.once("close", () => {
      open--;
      if (socket[SHED]) closing--;
      changed();
    });
  });
  return {
    setShare(n) {
      share = n;
    },
    onRequest(req, res) {
      const socket = req.socket;
      if (socket[SHED] || open - closing <= share + SLACK) return;
      socket[SHED] = true;
      closing++;
      res.setHeader("connection", "close");
    },
  };
}
