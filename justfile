# Switchboard's one task runner. `just run` serves the app; `just test` runs every check.

set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TERM_COLOR := "never"

# Tools scripts/bootstrap.sh installed outside the system's packages (just, Node.js,
# wasm-bindgen) come first, then rustup's.
tools := env("SWITCHBOARD_TOOLS", home_directory() / ".local/share/switchboard")
export PATH := (tools / "bin") + ":" + (home_directory() / ".cargo/bin") + ":" + env("PATH")

# List the recipes.
default:
    @just --list

# Build what is missing, then serve the app on the embedded SQLite at http://127.0.0.1:8080.
# Sign-in codes go to the development mailbox (printed in the log) unless SMTP is configured.
# The server is built with the `release-server` profile: the optimised, panic-unwinding build
# users run (the first build takes several minutes on two cores; later ones are incremental).
run: setup wasm web
    cargo build --profile release-server --bin switchboard
    CARGO_BIN_PROFILE=release-server ./scripts/cargo-bin.sh switchboard migrate
    CARGO_BIN_PROFILE=release-server ./scripts/cargo-bin.sh switchboard seed-demo
    SWITCHBOARD_DEV_MAILBOX="${SWITCHBOARD_DEV_MAILBOX:-true}" CARGO_BIN_PROFILE=release-server ./scripts/cargo-bin.sh switchboard serve

# Install what is missing for `run` (C compiler, Rust and its wasm toolchain, wasm-bindgen-cli,
# Node.js, npm packages) or for `test` (also Chromium and PostgreSQL): scripts/bootstrap.sh.
setup level="run":
    @./scripts/bootstrap.sh {{level}}

# Build the domain rules as wasm: the boot module into web/src/wasm-pkg, the manage tools' rules
# (loaded with their screens) into web/src/wasm-manage-pkg, the dashboards' business-hours rules
# into web/src/wasm-insights-pkg.
wasm: setup
    ./scripts/build-wasm.sh

# Build the web app into web/dist.
web: wasm
    cd web && npx tsc -b && npx vite build

# Every check: file sizes, formatting, lints, Rust tests (SQLite + PostgreSQL), web tests, the
# API against its OpenAPI document, end-to-end; each phase says when it started and how long it
# took, and a table of them ends the run.
test:
    #!/usr/bin/env bash
    set -euo pipefail
    export PHASE_LOG=$(mktemp)
    trap './scripts/phase.sh --summary' EXIT
    phase() { ./scripts/phase.sh "$1" "{{just_executable()}}" --no-deps "${@:2}"; }
    phase setup setup test
    phase fitness fitness
    phase fmt fmt-check
    phase clippy lint
    phase rust-tests test-rust
    phase wasm wasm
    phase web-tests test-web
    phase web-build web
    phase api-contract contract
    phase e2e e2e

# Architecture fitness: no hand-written Rust or TypeScript source over 800 lines
# (scripts/fitness.sh lists the offenders and how to mend them).
fitness:
    ./scripts/fitness.sh

# Rust formatting check.
fmt-check:
    cargo fmt --all -- --check

# Format everything.
fmt:
    cargo fmt --all

# Clippy on every target, warnings are errors.
lint:
    cargo clippy --workspace --all-targets -- -D warnings
    cargo clippy -p switchboard-domain --all-targets --features ts -- -D warnings
    cargo clippy -p switchboard-contract --all-targets --features ts -- -D warnings

# Rust tests. PostgreSQL tests run when it is reachable (required when CI=true).
test-rust:
    cargo test --workspace --all-targets
    cargo test -p switchboard-domain --features ts --test typescript
    cargo test -p switchboard-contract --features ts --test typescript

# Type-check, lint (import boundaries) and unit-test the web app against the real wasm module.
test-web: wasm
    cd web && npx tsc -b && npx eslint --max-warnings 0 . && npx vitest run

# The API against its OpenAPI document: schemathesis over every operation, signed in, with the
# extension's token and anonymous (scripts/api-contract.sh; fails on any failure). The binaries
# are built with the workspace's features, as the Rust tests built them.
contract:
    cargo build --workspace --bin switchboard --bin fake-providers
    ./scripts/api-contract.sh

# End-to-end tests in Debian's Chromium against the real server and the fake providers.
e2e: web
    cargo build --workspace --bin switchboard --bin fake-providers
    cd e2e && npx playwright test

# Sizes of the initial JavaScript and of the wasm modules (boot and manage), gzipped; then what
# Chromium receives from `switchboard serve` for the first and a second visit of the sign-up
# page (bytes over the wire; the figures also go to $TMPDIR/switchboard-transfer.json); then
# Lighthouse (mobile defaults, Debian's Chromium) on the sign-up page and every public page
# (performance and accessibility; also $TMPDIR/switchboard-lighthouse.json).
bench-web: web
    cd web && node scripts/size.mjs
    cargo build --bin switchboard --bin fake-providers
    cd e2e && TRANSFER_REPORT="${TMPDIR:-/tmp}/switchboard-transfer.json" npx playwright test tests/transfer.spec.ts --reporter=list
    cd e2e && CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" LIGHTHOUSE_REPORT="${TMPDIR:-/tmp}/switchboard-lighthouse.json" node scripts/lighthouse.mjs

# Domain rule micro-benchmarks (criterion).
bench-domain:
    cargo bench -p switchboard-domain --bench rules

# Cost of domain rules called from JavaScript through the wasm module (vitest bench).
bench-wasm: wasm
    cd web && npx vitest bench --run

# Analytics over 1 M call logs (overview, active hours, comparison; SQLite and PostgreSQL) and
# ingestion through the API. BENCH_ROWS, BENCH_RUNS, BENCH_BATCHES scale it.
bench-analytics:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_analytics

# Knowledge base: PDFs indexed per second and answer latency p50/p95 over 10 000 pages through
# the API, SQLite and PostgreSQL. BENCH_PAGES, BENCH_PAGES_PER_DOC, BENCH_QUESTIONS scale it.
# Then the retrieval evaluation set (crates/server/examples/kb_eval): right page, honest
# not-found and false-answer rates.
bench-kb:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_kb
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example kb_eval

# Scheduled messages: 10 000 sends due in one minute claimed through the API, SQLite and PostgreSQL.
bench-scheduler:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_scheduler

# Sync engine: webhook deliveries per second and queue latency, SQLite and PostgreSQL.
bench-sync:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_sync

# Lead CRM over 100 000 contacts and 20 000 deals, SQLite and PostgreSQL: XLSX import (dry run
# and commit, time and peak memory), the leads table p95 (first and 100th page, every filter),
# the pipeline board p95, and an hourly pull of 10 000 HubSpot changes with 429s and a refused
# token. Figures also go to target/bench/bench-crm.txt. BENCH_CONTACTS, BENCH_DEALS,
# BENCH_CHANGED, BENCH_RUNS, BENCH_DB scale it.
bench-crm:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo build --release -p switchboard-server --bin switchboard
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_crm

# Team inbox over 20 000 conversations and 1 M messages, SQLite and PostgreSQL: chatter-list tabs
# and search p50/p95, signed webhook intake per second (retries stored once), live-feed latency
# to 200 feeds. Figures also go to target/bench/bench-inbox.txt as they come. BENCH_CONVERSATIONS,
# BENCH_MESSAGES, BENCH_RUNS, BENCH_DB, BENCH_CONCURRENCY, BENCH_STREAMS scale it.
bench-inbox:
    CARGO_TARGET_DIR=target/bench CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=3 CARGO_PROFILE_RELEASE_PANIC=unwind cargo run --release -p switchboard-server --example bench_inbox
