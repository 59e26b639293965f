# The portal's image, used by the api and workers services of docker-compose.yml.
# Node 24 runs the TypeScript sources directly (type stripping); only the web app is built.
FROM node:24-slim

ENV PUPPETEER_SKIP_DOWNLOAD=1 \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

WORKDIR /app
RUN chown node:node /app
USER node

# Dependencies first, so a change to the sources does not reinstall them.
COPY --chown=node:node package.json package-lock.json ./
# npm install rather than npm ci: see docs/architecture.md, "Installing".
RUN npm install

COPY --chown=node:node . .
RUN npm run build:web

EXPOSE 3000
CMD ["node", "api/main.ts"]
