# Images for docker-compose.yml. `app` holds the whole workspace with generated code (chain node, deploy,
# indexer, legacy API all run from it with Node 24's TypeScript type stripping); `web` is the static build
# of apps/web behind nginx.
FROM node:24.21.0-bookworm-slim AS app
ENV CI=true HARDHAT_DISABLE_TELEMETRY=true NX_DAEMON=false NX_NO_CLOUD=true
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && node node_modules/nx/dist/bin/nx.js run-many -t generate --outputStyle=static

FROM app AS web-build
ARG VITE_CHAIN_ID=31337
ARG VITE_RPC_URL=http://127.0.0.1:8545
ARG VITE_GRAPHQL_URL=http://127.0.0.1:4000/graphql
ENV VITE_CHAIN_ID=$VITE_CHAIN_ID VITE_RPC_URL=$VITE_RPC_URL VITE_GRAPHQL_URL=$VITE_GRAPHQL_URL
RUN node node_modules/nx/dist/bin/nx.js run web:build --outputStyle=static

FROM nginx:1.27-alpine AS web
COPY apps/web/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=web-build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 4173
