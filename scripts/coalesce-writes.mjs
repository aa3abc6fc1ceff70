// npm start's front: each response's socket writes leave together (used by scripts/server.mjs).
const CORKED = Symbol("corked");
// captured before Next loads: Next may patch the global setImmediate
const nextTurn = setImmediate;

function uncork(socket) {
  socket[CORKED] = false;
  // end() may have flushed already (it fully uncorks the socket); uncork() then does nothing
  socket.uncork();
}

function corkOnce(socket) {
  if (!socket || socket[CORKED]) return;
  socket[CORKED] = true;
  socket.cork();
  nextTurn(uncork, socket);
}

/**
 * Next sends a route handler's answer as three socket writes: the headers (flushHeaders), the body
 * chunk, and the chunked-encoding terminator from end(). On this kind of machine a write to a local
 * socket costs tens of microseconds, so each response holds its writes until end() or the next
 * event-loop turn, whichever comes first, and leaves in one writev. A streamed body (exports, pages)
 * still goes out chunk by chunk, at most one turn later.
 * The socket is corked, not the response: on Node 24 a corked response keeps its body chunk in a buffer of
 * its own that end() does not flush first, so the chunked terminator left before the body and every
 * kept-alive connection broke at its second answer (seen with 24.21; Node 20 flushed in order).
 */
export function coalesceWrites(res) {
  const { write, flushHeaders } = res;
  res.flushHeaders = function () {
    corkOnce(this.socket);
    return flushHeaders.call(this);
  };
  res.write = function (...args) {
    corkOnce(this.socket);
    return write.apply(this, args);
  };
}
