#!/usr/bin/env bash
# Builds the domain rules as three wasm modules and writes the JS packages the web app imports
# (generated and git-ignored): web/src/wasm-pkg, the module the boot path loads (the main
# registry, the wasm crate's default `boot` feature, ≤ 60 KB gzipped); web/src/wasm-manage-pkg,
# the manage tools' rules (`--no-default-features --features manage`, ≤ 40 KB gzipped), loaded
# with their screens (web/src/lib/manageDomain.ts); and web/src/wasm-insights-pkg, the
# dashboards' business-hours rules (`--features insights`, ≤ 40 KB gzipped,
# web/src/lib/insightsDomain.ts).
#
# Uses rustup's wasm32 target when it is installed; otherwise Debian's rustc-web toolchain with
# std built from source (the recipe in the shared TOOLCHAIN notes). The modules have no chrono-tz:
# the domain crate reads the offered zones from its own table (crates/domain/src/zones.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${WASM_TARGET_DIR:-${CARGO_TARGET_DIR:-target}/wasm}
wasm_file="$target_dir/wasm32-unknown-unknown/release/switchboard_wasm.wasm"

# Size flags (docs/BENCHMARKS.md, 'Web app size'): std is compiled from source with the
# `immediate-abort` panic strategy, so a panic is a bare `unreachable` trap and none of the
# panic message formatting is linked in; `{:?}` formatting compiles to nothing and no source
# locations are embedded (no rule output uses Debug). `switchboard_wasm_size` lets the domain
# crate, built at the profile's opt-level "z", mark its chart-shaping hot path
# `optimize(speed)` (shaping 10 000 buckets stays ~1.5 ms). All need RUSTC_BOOTSTRAP.
size_flags="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none --cfg switchboard_wasm_size"
# std's `optimize_for_size` feature: smaller sorts, integer formatting and float parsing in
# core (−4 KB gzipped; shaping speed unchanged, docs/BENCHMARKS.md).
build_std=(-Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
# Without the size flags (no rust-src) the hot-path attribute is not available: the domain
# crate is built at "s" instead, so shaping stays fast there too (a larger module).
domain_opt=(--config 'profile.release.package.switchboard-domain.opt-level="s"')

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p' | head -1)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "build-wasm: wasm-bindgen-cli $want is needed (found '${have:-none}'): cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

# Builds the wasm crate with the given feature arguments into $wasm_file (both modules use the
# same target dir, so the artefact is overwritten by the next build).
build() {
  if rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
    if rustup component list --installed 2>/dev/null | grep -q '^rust-src' &&
      RUSTC_BOOTSTRAP=1 rustc $size_flags --target wasm32-unknown-unknown --print cfg >/dev/null 2>&1; then
      RUSTC_BOOTSTRAP=1 RUSTFLAGS="${RUSTFLAGS:-} $size_flags" \
        cargo build --release --target wasm32-unknown-unknown "${build_std[@]}" \
        -p switchboard-wasm "$@" --target-dir "$target_dir"
    else
      # Without rust-src (or with a rustc too old for these flags) std is not rebuilt: a larger
      # module, same behaviour.
      cargo build --release --target wasm32-unknown-unknown "${domain_opt[@]}" -p switchboard-wasm "$@" \
        --target-dir "$target_dir"
    fi
  elif [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ] && command -v wasm-ld >/dev/null; then
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
      RUSTFLAGS="${RUSTFLAGS:-} $size_flags" \
      /usr/bin/cargo build --release --target wasm32-unknown-unknown \
      "${build_std[@]}" -p switchboard-wasm "$@" --target-dir "$target_dir"
  else
    echo "build-wasm: no wasm32 toolchain. Either 'rustup target add wasm32-unknown-unknown'" >&2
    echo "or 'apt-get install rustc-web cargo-web rust-web-src lld'." >&2
    exit 1
  fi
}

# Writes the JS package for the module just built into $1, printing its size.
bindgen() {
  local out=$1
  rm -rf "$out"
  wasm-bindgen --target bundler --remove-name-section --remove-producers-section --out-dir "$out" "$wasm_file"
  local bytes gz
  bytes=$(wc -c < "$out/switchboard_wasm_bg.wasm")
  gz=$(gzip -9 -c "$out/switchboard_wasm_bg.wasm" | wc -c)
  echo "build-wasm: wrote $out ($bytes bytes, $gz bytes gzip -9)"
}

build
bindgen web/src/wasm-pkg
build --no-default-features --features manage
bindgen web/src/wasm-manage-pkg
build --no-default-features --features insights
bindgen web/src/wasm-insights-pkg
