# Two commands on a fresh clone: `make run` and `make test`. Everything they need is installed
# here when missing: npm packages (npm ci) and Debian's redis-server.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help run test deps redis-bin build bench clean

help:
	@echo "make run    install what is missing, start Redis (unless REDIS_URL is set), the API and both worker pools"
	@echo "make test   install what is missing and run the whole test suite (it starts its own redis-server)"
	@echo "make bench  run the benchmarks (engine and HTTP)"

# npm ci when node_modules is missing or older than the lock file; `prepare` compiles to dist/.
node_modules/.package-lock.json: package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.package-lock.json

redis-bin:
	@bash scripts/ensure-redis.sh

build: deps
	npm run -s build

run: deps build
	@if [ -z "$$REDIS_URL" ]; then bash scripts/ensure-redis.sh; fi
	@bash scripts/run.sh

# The closing `N passed, N failed` line is read from vitest's JSON report, for CI's summary.
test: deps redis-bin
	@mkdir -p .run
	@npx vitest run --reporter=default --reporter=json --outputFile.json=.run/vitest.json; status=$$?; \
	node -e 'const r=require("./.run/vitest.json");console.log(`vitest: $${r.numPassedTests} passed, $${r.numFailedTests} failed`)' || true; \
	exit $$status

bench: deps redis-bin build
	npm run -s bench

clean:
	rm -rf dist .redis .run
