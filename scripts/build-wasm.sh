#!/usr/bin/env bash
# Builds the domain rules as a wasm module and writes the JS package the web app imports
# (web/src/wasm-pkg, generated and git-ignored).
#
# Uses rustup's wasm32 target when it is installed; otherwise Debian's rustc-web toolchain with
# std built from source (the recipe in the shared TOOLCHAIN notes). The module has no chrono-tz:
# the domain crate reads the offered zones from its own table (crates/domain/src/zones.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

out=web/src/wasm-pkg
target_dir=${WASM_TARGET_DIR:-${CARGO_TARGET_DIR:-target}/wasm}
wasm_file="$target_dir/wasm32-unknown-unknown/release/switchboard_wasm.wasm"

# Size flags (docs/BENCHMARKS.md, 'Web app size'): std is compiled from source with the
# `immediate-abort` panic strategy, so a panic is a bare `unreachable` trap and none of the
# panic message formatting is linked in; `{:?}` formatting compiles to nothing and no source
# locations are embedded (no rule output uses Debug: only the text of a thrown `bad_input`
# error loses the quoted value serde would show). All need RUSTC_BOOTSTRAP (unstable flags).
size_flags="-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=none"
build_std=(-Zbuild-std=std,panic_abort)
# The domain crate's own code (rules, zone lookups, chart shaping) at "s" rather than the
# profile's "z": shaping 10 000 buckets 1.93 → 1.38 ms for +4 KB gzipped (opt-level 3: 0.82 ms,
# +9 KB). The serde glue, instantiated in the wasm crate, stays at "z" (docs/BENCHMARKS.md).
domain_opt=(--config 'profile.release.package.switchboard-domain.opt-level="s"')

if rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
  if rustup component list --installed 2>/dev/null | grep -q '^rust-src' &&
    RUSTC_BOOTSTRAP=1 rustc $size_flags --target wasm32-unknown-unknown --print cfg >/dev/null 2>&1; then
    RUSTC_BOOTSTRAP=1 RUSTFLAGS="${RUSTFLAGS:-} $size_flags" \
      cargo build --release --target wasm32-unknown-unknown "${build_std[@]}" "${domain_opt[@]}" \
      -p switchboard-wasm --target-dir "$target_dir"
  else
    # Without rust-src (or with a rustc too old for these flags) std is not rebuilt: a larger
    # module, same behaviour.
    cargo build --release --target wasm32-unknown-unknown "${domain_opt[@]}" -p switchboard-wasm \
      --target-dir "$target_dir"
  fi
elif [ -x /usr/bin/cargo ] && [ -d /usr/lib/rustlib/src/rust/library ] && command -v wasm-ld >/dev/null; then
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
    RUSTFLAGS="${RUSTFLAGS:-} $size_flags" \
    /usr/bin/cargo build --release --target wasm32-unknown-unknown \
    "${build_std[@]}" "${domain_opt[@]}" -p switchboard-wasm --target-dir "$target_dir"
else
  echo "build-wasm: no wasm32 toolchain. Either 'rustup target add wasm32-unknown-unknown'" >&2
  echo "or 'apt-get install rustc-web cargo-web rust-web-src lld'." >&2
  exit 1
fi

want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p' | head -1)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "build-wasm: wasm-bindgen-cli $want is needed (found '${have:-none}'): cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
rm -rf "$out"
wasm-bindgen --target bundler --remove-name-section --remove-producers-section --out-dir "$out" "$wasm_file"
echo "build-wasm: wrote $out ($(wc -c < "$out/switchboard_wasm_bg.wasm") bytes)"
