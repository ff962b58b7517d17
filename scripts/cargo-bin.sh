#!/usr/bin/env bash
# Runs a binary built by `cargo build`, wherever CARGO_TARGET_DIR puts it: the profile's folder
# from CARGO_BIN_PROFILE (`release-server` for `just run`), `debug` by default.
set -euo pipefail
name=$1; shift
exec "${CARGO_TARGET_DIR:-target}/${CARGO_BIN_PROFILE:-debug}/$name" "$@"
