/**
 * The nginx configuration that puts a local nginx in front of app instances, for the two-instance test
 * (tests/scale/cluster.ts) and bench:http: everything under `dir` (pid, temporary files; no system file, no port 80),
 * one worker, a round-robin upstream kept alive with an idle timeout below Node's 5 s (nginx never reuses a
 * connection an instance is closing), forwarding as deploy/nginx.conf does (HTTP/1.1, Connection "", Host with its
 * port, X-Forwarded-For, X-Forwarded-Proto) and never replaying a request on another instance (a login or a save
 * runs once). Each caller adds its own lines: logging, limits, keep-alive under load.
 */
import path from "node:path";

export interface NginxOptions {
  dir: string;
  /** nginx's port on 127.0.0.1. */
  port: number;
  /** The instances' ports on 127.0.0.1. */
  upstreams: readonly number[];
  /** Idle connections kept open to the instances. */
  keepalive: number;
  /** The error_log directive's value (a file, optionally a level). */
  errorLog: string;
  workerConnections: number;
  /** Extra lines of the http, upstream, server and location blocks. */
  http?: readonly string[];
  upstream?: readonly string[];
  server?: readonly string[];
  location?: readonly string[];
}

export function nginxConfig(o: NginxOptions): string {
  const temp = (n: string) => path.join(o.dir, n);
  const lines = (indent: string, extra: readonly string[] = []) => extra.map((l) => `${indent}${l}\n`).join("");
  return `daemon off;
worker_processes 1;
pid ${temp("nginx.pid")};
error_log ${o.errorLog};
events { worker_connections ${o.workerConnections}; }
http {
${lines("  ", o.http)}  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  upstream gestionale {
${o.upstreams.map((p) => `    server 127.0.0.1:${p};\n`).join("")}    keepalive ${o.keepalive};
    keepalive_timeout 4s;
${lines("    ", o.upstream)}  }
  server {
    listen 127.0.0.1:${o.port};
${lines("    ", o.server)}    location / {
      proxy_pass http://gestionale;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream off;
${lines("      ", o.location)}    }
  }
}
`;
}
