# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build && npm prune --omit=dev

FROM node:20-bookworm-slim
# pg_dump and pg_restore for `npm run backup` / `npm run restore` on PostgreSQL: the client tools must not be
# older than the server (docs/deploy/compose.yaml runs 16; Debian 12 ships 15), so from apt.postgresql.org.
ARG PG_MAJOR=16
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data SKIP_BUILD=true
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/server/start.js /app/server/worker.js /app/server/migrate-to-s3.js /app/server/backup.js /app/server/restore.js /app/server/setup.js /app/server/org-delete.js /app/server/build.js ./server/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://localhost:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `docker run IMAGE node server/worker.js` runs the e-mail worker alone (PostgreSQL; see the README);
# `node server/backup.js FILE` and `node server/restore.js FILE` back up and restore (README, Backups);
# `node server/setup.js --org ...` creates an org and `node server/org-delete.js SLUG` removes one (README).
CMD ["node", "server/start.js"]
