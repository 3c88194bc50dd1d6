# Two commands on a bare machine: `make serve` and `make test`. Every install step checks first and
# skips what is already there at the right version; everything comes from crates.io, npm or Debian.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

TRUNK_VERSION := 0.21.14
# Must equal the `wasm-bindgen = "=…"` pin in Cargo.toml.
WASM_BINDGEN_VERSION := 0.2.130
WASM_TARGET := wasm32-unknown-unknown
# The site's pages besides the root (index.html, the playground), and the embeddable widgets: each is
# its own entry with its own wasm, built into the same folder of dist/, from a page the table writes. The page table
# (src/routes/table.rs) lists them; `cargo run --bin pages` prints them.
PAGE_LIST := cargo run --quiet --bin pages --
# Where the build writes the page Trunk builds each entry from (the table writes them; the root's is
# kept in the tree as index.html).
ENTRIES := target/entries
# Where the site is published: page addresses in each page's head (canonical, languages, link
# previews), the sitemap and robots.txt are absolute. `make build SITE_URL=https://example.org/bloom/`
# for a real host; the default is `make serve`'s own address.
SITE_URL ?= http://127.0.0.1:8080/

# Cargo-installed tools and npm's wasm-opt (binaryen 132; Debian's is too old for today's wasm).
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export CHROMEDRIVER ?= /usr/bin/chromedriver

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)


.PHONY: serve build test bench lighthouse tools browser rust-target trunk wasm-bindgen node-tools \
	lint unit-tests wasm-tests e2e screenshots cjk-fonts size-report clean

## serve: install what is missing, build, then serve the site on http://127.0.0.1:8080
serve: build
	node scripts/serve.mjs

## build: the release site in dist/ — every page and widget its own entry (wasm-opt -Oz), each page
## prerendered (the tutorial one page per chapter)
build: tools
	@# From nothing: a snippet or page left by an earlier build must not ride along.
	rm -rf dist target/wasm-bindgen $(ENTRIES)
	$(PAGE_LIST) entries $(ENTRIES)
	@# Every program compiled in one cargo run first: two link-time optimisations at once on two
	@# cores (each is one thread, codegen-units = 1). Each Trunk build then finds its program built
	@# and runs wasm-bindgen and wasm-opt on it.
	cargo build --release --target $(WASM_TARGET) $$($(PAGE_LIST) programs | sed 's/[^ ]*/--bin &/g')
	cargo build --profile worker --target $(WASM_TARGET) $$($(PAGE_LIST) workers | sed 's/[^ ]*/-p &/g')
	trunk build --release --offline
	@# Presenter mode's QR encoder: a wasm module of its own beside qr.js, fetched when a code is
	@# asked for (no JavaScript glue, so no wasm-bindgen; wasm-opt as the pages').
	cargo build --release --target $(WASM_TARGET) -p qr-module
	wasm-opt -Oz --low-memory-unused --strip-debug --strip-producers --strip-target-features \
	  target/$(WASM_TARGET)/release/qr_module.wasm -o dist/qr.wasm
	@# The other pages, then the widgets, two at a time (each runs wasm-bindgen and wasm-opt, one
	@# thread each, on a program of its own), each into its own folder of dist/ — the widgets after
	@# the pages, as Trunk replaces the whole of the embed page's folder, which holds theirs.
	for page in $$($(PAGE_LIST) pages); do echo "$(ENTRIES)/$$page/index.html dist/$$page"; done | \
	  xargs -P 2 -L 1 sh -c 'trunk build "$$0" --release --offline --dist "$$1"'
	for widget in $$($(PAGE_LIST) embeds); do echo "$(ENTRIES)/embed/$$widget/index.html dist/embed/$$widget"; done | \
	  xargs -P 2 -L 1 sh -c 'trunk build "$$0" --release --offline --dist "$$1"'
	@# Parallel Trunk builds share wasm-bindgen's output folder (target/wasm-bindgen/release), so one
	@# can copy a snippet while another writes it and ship it empty: once all are built, each entry's
	@# snippets are copied again from there (every program's are the same files), and no script of
	@# dist/ may be empty.
	cd target/wasm-bindgen/release && for file in $$(find snippets -type f); do \
	  for dir in $$(find ../../../dist -type d -name snippets); do \
	    if [ -e "$$dir/$${file#snippets/}" ]; then cp "$$file" "$$dir/$${file#snippets/}"; fi; \
	  done; \
	done
	@if [ -n "$$(find dist -name '*.js' -empty)" ]; then echo "empty scripts in dist/:"; find dist -name '*.js' -empty; exit 1; fi
	node scripts/race-bundle.mjs
	node scripts/minify.mjs
	cargo run --quiet --bin prerender -- dist '$(SITE_URL)'
	node scripts/service-worker.mjs
	node e2e/sizes.mjs

## test: install what is missing, then run every test
test: tools browser lint unit-tests wasm-tests build e2e

## bench: time the core natively, the release build's updates in headless Chromium, the lab's race
## (wasm against two npm libraries, and native), the bug museum's replays, today's filters measured
## natively (the filters page's space chart and race), bytes per entry
bench: build browser
	cargo bench -p bloom-core --bench playground
	cargo bench -p bloom-core --bench lab
	cargo bench -p bloom-core --bench modern
	node e2e/bench.mjs
	node e2e/race.mjs
	node e2e/sizes.mjs

LIGHTHOUSE_VERSION := 12.8.2
LIGHTHOUSE := .cache/lighthouse/node_modules/.bin/lighthouse
RUNS ?= 3

## lighthouse: Lighthouse's scores for the release build in dist/ (run `make build` first), mobile
## preset, served gzipped, RUNS runs per page, as a table (docs/performance.md);
## LIGHTHOUSE_PAGES="sets/ calculator/" for other pages
lighthouse: node-tools browser
	@[ "$$($(LIGHTHOUSE) --version 2>/dev/null)" = "$(LIGHTHOUSE_VERSION)" ] || \
	  npm install --prefix .cache/lighthouse --no-audit --no-fund --no-save lighthouse@$(LIGHTHOUSE_VERSION)
	LIGHTHOUSE=$(LIGHTHOUSE) node scripts/lighthouse.mjs $(RUNS) $(LIGHTHOUSE_PAGES)

TWIGGY_VERSION := 0.8.0

## size-report: where each entry's wasm bytes go, crate by crate and module by module (docs/size.md)
size-report: rust-target wasm-bindgen
	@[ "$$(twiggy --version 2>/dev/null)" = "twiggy-opt $(TWIGGY_VERSION)" ] || cargo install --locked twiggy@$(TWIGGY_VERSION)
	bash scripts/size-report.sh > docs/size.md

tools: rust-target trunk wasm-bindgen node-tools

rust-target:
	@rustup target list --installed | grep -qx '$(WASM_TARGET)' || rustup target add $(WASM_TARGET)

trunk:
	@[ "$$(trunk --version 2>/dev/null)" = "trunk $(TRUNK_VERSION)" ] || \
	  cargo install --locked trunk@$(TRUNK_VERSION)

# Not --locked: one locked dependency of this release is no longer on the registry.
wasm-bindgen:
	@[ "$$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $(WASM_BINDGEN_VERSION)" ] || \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)

node-tools: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null || ($(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm)
	npm ci --no-audit --no-fund
	@touch $@

browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  ($(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver)

## lint: formatting; clippy on the host and on wasm32 with functions held to 80 lines (clippy.toml);
## the import order and the components' length are checked by `tests/shape.rs` (unit-tests)
lint: rust-target
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings -D clippy::too_many_lines
	cargo clippy --workspace --all-targets --target $(WASM_TARGET) -- -D warnings -D clippy::too_many_lines

## unit-tests: the core crate (hashing, formulas, filters, experiments) and the site's state, natively
unit-tests:
	cargo test --workspace

## wasm-tests: component tests and the hashing checks in headless Chromium
wasm-tests: rust-target wasm-bindgen browser
	cargo test -p bloom-tutorial --target $(WASM_TARGET) --test components --test indexes

# The end-to-end files that time the page, run alone (below).
E2E_ALONE := e2e/embed.test.mjs e2e/embed-hosts.test.mjs e2e/lab.test.mjs e2e/phone.test.mjs e2e/prerender.test.mjs e2e/wake.test.mjs

## e2e: the release build in dist/, driven in real Chromium (run `make build` first)
e2e: node-tools browser
	@# Two files at a time (each its own server and Chromium), then alone the files whose tests
	@# time the page — a long task, a layout shift, a height settled after 700 ms — which a second
	@# browser on the same two cores would slow past what they allow. Both groups run; either failing
	@# fails the target.
	status=0; \
	node --test --test-concurrency=2 $(filter-out $(E2E_ALONE),$(wildcard e2e/*.test.mjs)) || status=1; \
	node --test --test-concurrency=1 $(E2E_ALONE) || status=1; \
	exit $$status

## screenshots: PNGs of the release build in e2e/artifacts/: 320–1920 px, light and dark, presenter
## mode off and on, three languages (SHOTS=playground-zh narrows them)
screenshots: node-tools browser cjk-fonts
	node e2e/screenshots.mjs

# Chinese and Japanese glyphs for the screenshots (a bare machine has none; the tests do not need them).
cjk-fonts:
	@[ -n "$$(fc-list :lang=zh family 2>/dev/null)" ] || \
	  ($(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-cjk)

clean:
	cargo clean
	rm -rf dist node_modules e2e/artifacts
