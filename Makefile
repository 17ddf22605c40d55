# Two commands on a fresh clone: `make run` and `make test`. Everything they need is installed
# here when missing: npm packages (npm ci), Debian's redis-server and, for the browser tests, chromium.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help run test deps redis-bin chromium-bin build bench clean

help:
	@echo "make run    install what is missing, start Redis (unless REDIS_URL or REDIS_CLUSTER_NODES is set), the API and both worker pools"
	@echo "make test   install what is missing and run the whole test suite (its own redis-server, chromium for the page)"
	@echo "make bench  run the benchmarks (engine and HTTP)"

# npm ci when node_modules is missing or older than the lock file; `prepare` builds dist/ (the
# server and the web page).
node_modules/.package-lock.json: package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.package-lock.json

# Debian packages, installed with apt-get when missing. The redis-server package may start a system
# service on 6379; we never use it (tests and `make run` start their own on a free port). The tests'
# Redis Cluster is put together with redis-cli (redis-tools, which redis-server depends on).
redis-bin:
	@bash scripts/ensure-package.sh redis-server redis-server
	@bash scripts/ensure-package.sh redis-cli redis-tools

# The browser tests (test/browser/) drive Debian's chromium at this path.
chromium-bin:
	@bash scripts/ensure-package.sh /usr/bin/chromium chromium

build: deps
	npm run -s build

run: deps build
	@if [ -z "$$REDIS_URL$$REDIS_CLUSTER_NODES" ]; then bash scripts/ensure-package.sh redis-server redis-server; fi
	@bash scripts/run.sh

# The closing `N passed, N failed` line is read from vitest's JSON report, for CI's summary.
test: deps redis-bin chromium-bin
	@mkdir -p .run
	@npx vitest run --reporter=default --reporter=json --outputFile.json=.run/vitest.json; status=$$?; \
	node -e 'const r=require("./.run/vitest.json");console.log(`vitest: $${r.numPassedTests} passed, $${r.numFailedTests} failed`)' || true; \
	exit $$status

bench: deps redis-bin build
	npm run -s bench

clean:
	rm -rf dist .redis .run test/artifacts
