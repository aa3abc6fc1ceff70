import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectionBalancer, fairShare, SLACK } from "./connection-balance.mjs";

/** A kept-alive client connection that sends GETs one at a time and returns each answer's Connection header. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  let buffered = "";
  let closed = false;
  socket.on("close", () => (closed = true));
  return {
    get closed() {
      return closed;
    },
    async get(): Promise<string> {
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      for (;;) {
        const end = buffered.indexOf("ok");
        if (end >= 0) {
          const head = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          return /\r\nconnection: ([^\r]+)/i.exec(head)![1]!.toLowerCase();
        }
        buffered += await new Promise<string>((r) => socket.once("data", (d) => r(d.toString())));
      }
    },
    end: () => socket.destroy(),
  };
}

describe("connection balance across npm start's workers", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });

  async function worker(reports: number[]) {
    const server = http.createServer();
    const balancer = connectionBalancer(server, (open) => reports.push(open), 5);
    server.on("request", (req, res) => {
      balancer.onRequest(req, res);
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    servers.push(server);
    return { port: (server.address() as net.AddressInfo).port, balancer, server };
  }

  it("the fair share is the connections held split evenly, rounded up", () => {
    expect(fairShare([88, 14], 2)).toBe(51);
    expect(fairShare([50, 50], 2)).toBe(50);
    expect(fairShare([], 2)).toBe(0);
  });

  it("a worker over its share closes just the excess, one answer per connection, and reports what it holds", async () => {
    const reports: number[] = [];
    const { port, balancer, server } = await worker(reports);
    const clients = await Promise.all(Array.from({ length: 10 }, () => connect(port)));
    // no share known yet: every connection is kept
    for (const c of clients) expect(await c.get()).toBe("keep-alive");
    await new Promise((r) => setTimeout(r, 30));
    expect(reports.at(-1)).toBe(10);

    balancer.setShare(10 - SLACK - 3); // 3 connections too many
    const answers = [];
    for (const c of clients) answers.push(await c.get());
    expect(answers.filter((a) => a === "close")).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 30));
    expect(clients.filter((c) => c.closed)).toHaveLength(3);
    expect(reports.at(-1)).toBe(7);

    // back at its share + slack: the others stay open, again and again
    for (const c of clients.filter((x) => !x.closed)) expect(await c.get()).toBe("keep-alive");
    for (const c of clients) c.end();
    server.closeAllConnections();
  });
});
