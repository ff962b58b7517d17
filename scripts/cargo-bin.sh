#!/usr/bin/env bash
# Runs a binary built by `cargo build`, wherever CARGO_TARGET_DIR puts it.
set -euo pipefail
name=$1; shift
exec "${CARGO_TARGET_DIR:-target}/debug/$name" "$@"
