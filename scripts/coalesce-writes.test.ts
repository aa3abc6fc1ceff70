import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesce-writes.mjs";

/** The socket calls that wrote each response (Node's net.Socket sends through _write or _writev). */
function countWrites(socket: net.Socket, counts: number[]) {
  const s = socket as net.Socket & { _write: (...a: unknown[]) => unknown; _writev?: (...a: unknown[]) => unknown };
  const { _write, _writev } = s;
  s._write = function (...a: unknown[]) {
    counts[counts.length - 1]!++;
    return _write.apply(this, a);
  };
  if (_writev) {
    s._writev = function (...a: unknown[]) {
      counts[counts.length - 1]!++;
      return _writev.apply(this, a);
    };
  }
}

describe("npm start's write coalescing", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  async function serve(handler: (res: http.ServerResponse, n: number) => void | Promise<void>) {
    const writes: number[] = [];
    const counted = new WeakSet<net.Socket>();
    let n = 0;
    const server = http.createServer((req, res) => {
      if (!counted.has(res.socket!)) {
        counted.add(res.socket!);
        countWrites(res.socket!, writes);
      }
      writes.push(0);
      coalesceWrites(res);
      void handler(res, ++n);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    let received = "";
    const waiters: (() => void)[] = [];
    socket.on("data", (d) => {
      received += d.toString();
      for (const w of waiters.splice(0)) w();
    });
    const until = async (test: () => boolean) => {
      while (!test()) await new Promise<void>((r) => waiters.push(r));
    };
    return {
      writes,
      received: () => received,
      until,
      /** Sends a GET on the kept-alive connection and returns the bytes after its header block once the terminator came. */
      async get(): Promise<string> {
        const from = received.length;
        socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        await until(() => received.indexOf("\r\n0\r\n\r\n", from) >= 0);
        const head = received.indexOf("\r\n\r\n", from);
        return received.slice(head + 4);
      },
      close: () => socket.destroy(),
    };
  }

  // Next's route handlers answer this way: headers flushed, the body on a later microtask, then end()
  const nextLike = (res: http.ServerResponse, n: number) => {
    res.setHeader("content-type", "application/json");
    res.flushHeaders();
    return Promise.resolve().then(() => {
      res.write(JSON.stringify({ n }));
      res.end();
    });
  };

  it("sends each answer of a kept-alive connection whole and in order: body chunk, then terminator", async () => {
    const client = await serve(nextLike);
    try {
      for (const n of [1, 2, 3]) {
        const body = JSON.stringify({ n });
        // a terminator before the body chunk breaks the connection at its next answer
        expect(await client.get()).toBe(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      }
    } finally {
      client.close();
    }
  });

  it("sends the headers, the body and the terminator in one socket write", async () => {
    const client = await serve(nextLike);
    try {
      await client.get();
      await client.get();
      expect(client.writes).toEqual([1, 1]);
    } finally {
      client.close();
    }
  });

  it("still streams a body written over several turns chunk by chunk", async () => {
    // the handler runs at the GET, once client is set
    const client: Awaited<ReturnType<typeof serve>> = await serve(async (res) => {
      res.setHeader("content-type", "text/plain");
      res.flushHeaders();
      res.write("prima-parte");
      // the next chunk is written only once the client has the first one
      await client.until(() => client.received().includes("prima-parte"));
      res.write("seconda-parte");
      res.end();
    });
    try {
      expect(await client.get()).toBe("b\r\nprima-parte\r\nd\r\nseconda-parte\r\n0\r\n\r\n");
    } finally {
      client.close();
    }
  });
});
