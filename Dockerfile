# syntax=docker/dockerfile:1
# Tickerwise's images (docs/operations.md): `docker build -t tickerwise .` makes the server
# (the last stage, `runtime`); `--target proxy` makes nginx with the built web app, which
# compose.yaml puts in front of the instances. Checked by apps/server/test/container-files.test.ts.

ARG NODE_IMAGE=node:20.19-bookworm-slim

# Every dependency, dev tools included, then the production build of the web app and server.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so that a change of source alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/testkit/package.json packages/testkit/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @tickerwise/web -w @tickerwise/server

# nginx (Debian's, with the brotli modules ops/nginx/nginx.conf loads) serving the built web
# app's files; its configuration is mounted by compose.yaml.
FROM debian:bookworm-slim AS proxy
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter \
       libnginx-mod-http-brotli-static \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/apps/web/dist /srv/tickerwise/web
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

# The server: production dependencies only, the bundle, the migrations and the web app it
# serves, run as the image's unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/testkit/package.json packages/testkit/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/api-docs apps/server/api-docs
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database's folder, for a single server without DATABASE_URL.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node apps/server/dist/main.js migrate` applies the migrations once per deploy (compose.yaml).
CMD ["node", "apps/server/dist/main.js"]
