# syntax=docker/dockerfile:1
# The app's image: Next.js's standalone server (server.js and only the files it needs), one process per container.
# Scale by running more containers behind a proxy (compose.yaml: replicas behind nginx), not processes inside one.
#
# Migrations need no step of their own: the app applies the ones in drizzle/ when it first opens the database
# (db/client.ts), through DATABASE_DIRECT_URL when DATABASE_URL goes through pgbouncer, and under an advisory lock,
# so the first instance to start applies them and the others wait, then find nothing left to do.
# Node's major version follows .node-version (24).

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM node:24-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Inlined into the build (next.config.ts: NEXT_PUBLIC_QUOTE_TENANT_IDS), so a build argument, not a run-time variable.
ARG QUOTE_TENANT_IDS=315,66
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# next.config.ts turns on output: "standalone" and adds to its file trace what the app reads by path at run time
# (drizzle/, the PDF fonts, the PDF pool's worker with piscina's, the FatturaPA schemas). The checks fail the build
# if any of them is missing; ./data (a local database or auth-secret the tracer may follow) never goes into the image.
RUN NEXT_OUTPUT=standalone npx next build \
 && rm -rf .next/standalone/data \
 && test -f .next/standalone/drizzle/meta/_journal.json \
 && test -f .next/standalone/lib/pdf/fonts/DejaVuSans.ttf \
 && test -f .next/standalone/lib/pdf/dist/render-worker.mjs \
 && test -f .next/standalone/node_modules/piscina/dist/worker.js \
 && test -f .next/standalone/lib/fiscal/xsd/Schema_VFPR12_v1.2.3.xsd \
 && mkdir -p public

FROM node:24-slim AS runner
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0 NEXT_TELEMETRY_DISABLED=1
# V8's heap limit, set rather than left to V8: without it Node sizes the limit from the host's memory (~4 GB on a
# 24 GB machine) and grows the heap lazily towards it: an instance under load held 500-550 MB resident where, with
# a limit of 1 GB, it holds ~300 MB at the same throughput (bench:http measures the instances with this value). The
# limit leaves room for the largest legitimate work (an XLSX import, a long export); raise it with the container.
ENV NODE_OPTIONS="--max-old-space-size=1024"
# server.js serves .next/static and public itself once they sit next to it (the standalone output leaves them out).
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
# data/: written only without DATABASE_URL (PGlite) or without AUTH_SECRET; Next's own cache in .next/cache.
RUN mkdir -p data .next/cache && chown node:node data .next/cache
USER node
EXPOSE 3000
# Liveness only (GET /api/health needs no database); readiness with the database is GET /api/ready. No curl in
# the slim image: Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"]
CMD ["node", "server.js"]
