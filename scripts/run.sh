#!/usr/bin/env bash
# `make run`: a local Redis (data under .redis/, on a free port, so a Redis already on 6379 is left
# alone) unless REDIS_URL or REDIS_CLUSTER_NODES is set, then the API and both worker pools in one process.
set -euo pipefail
cd "$(dirname "$0")/.."

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

REDIS_PID=""
cleanup() { if [ -n "$REDIS_PID" ]; then kill "$REDIS_PID" 2>/dev/null || true; rm -f .run/redis-url; fi; }
trap cleanup EXIT INT TERM

if [ -z "${REDIS_URL:-}" ] && [ -z "${REDIS_CLUSTER_NODES:-}" ]; then
  mkdir -p .redis
  port="$(free_port)"
  redis-server --port "$port" --bind 127.0.0.1 --dir "$PWD/.redis" --save 60 1 --appendonly no \
    --logfile "$PWD/.redis/redis.log" --daemonize no &
  REDIS_PID=$!
  for _ in $(seq 1 100); do
    if redis-cli -p "$port" ping >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
  export REDIS_URL="redis://127.0.0.1:$port"
  # The admin CLIs (npm run keys / audit) read this to find the Redis that `make run` started.
  mkdir -p .run && echo "$REDIS_URL" > .run/redis-url
  echo "local Redis on $REDIS_URL (data in .redis/)"
fi

# Without a recipient wallet there is nothing to pay to: run with bearer keys only and say so.
if [ -z "${X402_EVM_PAY_TO:-}" ] || [ -z "${X402_SVM_PAY_TO:-}" ]; then
  if [ "${X402_ENABLED:-}" != "true" ]; then
    export X402_ENABLED=false
    echo "X402_EVM_PAY_TO/X402_SVM_PAY_TO not set: x402 is off, paid endpoints take bearer keys (npm run -s keys -- create --tier solo)"
  fi
fi

export PORT="${PORT:-8080}"
echo "promptgate: http://127.0.0.1:$PORT  (the web page at /, POST /api/score/free, GET /openapi.json; Ctrl-C stops)"
node dist/main.js &
APP_PID=$!
trap 'kill -TERM $APP_PID 2>/dev/null; wait $APP_PID; cleanup' INT TERM
wait $APP_PID
