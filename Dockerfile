# syntax=docker/dockerfile:1
# ABO Inquiry's image: the bundled BFF serving the built web app (README "Run it in containers").
# Node 20 as package.json's engines allows it; the same image in every stage so the native
# better-sqlite3 addon built in one runs in the other.
ARG NODE_IMAGE=node:20-bookworm-slim

# Build tools for better-sqlite3's addon when no prebuilt one fits.
FROM ${NODE_IMAGE} AS base
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The workspaces' manifests first, so the install layer is kept while only sources change.
COPY package.json package-lock.json ./
COPY packages/words/package.json packages/words/
COPY packages/contract/package.json packages/contract/
COPY packages/plan/package.json packages/plan/
COPY apps/bff/package.json apps/bff/
COPY apps/web/package.json apps/web/

# Everything, dev dependencies too: builds apps/bff/dist and apps/web/dist. Also the image of
# compose.yaml's `tools` service, which runs the npm commands (accounts, import, close, keys).
FROM base AS builder
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only: the bundle keeps third-party packages external (apps/bff/build.mjs).
FROM base AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root: the service account reads the code, it does not change it. No system font:
# the PDFs embed the one in @embedpdf/fonts-sc (apps/bff/src/documents/fonts.ts).
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
# apps/bff/package.json: "type": "module" for the bundle; apps/web/dist: the default WEB_DIST.
COPY --from=builder /app/apps/bff/package.json apps/bff/
COPY --from=builder /app/apps/bff/dist apps/bff/dist
COPY --from=builder /app/apps/web/dist apps/web/dist
# The SQLite database when DATABASE_URL is unset; the server keeps it 0700 (README "Files").
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Liveness (README "Probes"); slim images have no curl, node has fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server itself as PID 1: it stops cleanly on SIGTERM (apps/bff/src/server.ts).
CMD ["node", "--enable-source-maps", "apps/bff/dist/server.js"]
