# Quick Apply: build once, run the compiled server as a non-root user.
#   docker build -t quick-apply .
#   docker run --read-only --tmpfs /tmp --tmpfs /data --env-file .env -p 8080:8080 quick-apply
# Everything but /data (and /tmp) can be read-only: settings come from the environment (see .env.example).

# 1. Build the SPA and compile the server (dev dependencies needed).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The PGlite template database of new local data folders is of no use in the image (production runs on PostgreSQL).
RUN npm run build && rm -rf dist/server/pglite-template

# 2. Production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. The runtime image: node_modules, dist/ and the files the server reads (schemas, migrations, fixtures).
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY schemas ./schemas
COPY migrations ./migrations
COPY fixtures ./fixtures
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The flags are SERVER_NODE_FLAGS (scripts/lib/serverNodeFlags.ts; test/unit/deployment.test.ts keeps them the same).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "dist/server/main.js"]
