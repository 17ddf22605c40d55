# One image for every role; docker-compose picks the command per service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY shared shared
COPY api api
COPY workers workers
COPY scripts scripts
COPY mcp mcp
COPY client client
COPY lib lib
COPY main.ts main.ts
COPY bin bin
COPY web web
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
COPY docs docs
USER node
EXPOSE 8080
CMD ["node", "dist/api/main.js"]
