# The app's production image (docker-compose.yml runs it behind Caddy, on PostgreSQL).
# Node 24 LTS here; CI tests the same code on Node 20 (engines: >=20.19).
FROM node:24-bookworm-slim
# pg_dump/pg_restore of the server's major version (18), from PostgreSQL's own Debian repository,
# for the backup service.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-18 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The only places the app writes (the root filesystem is read-only in docker-compose.yml).
RUN mkdir -p /data /backups && chown node:node /data /backups
ENV NODE_ENV=production
EXPOSE 3000
USER node
# The compiled server: nothing is built or transpiled at start.
CMD ["node", "--enable-source-maps", "server/dist/bin/main.js"]
