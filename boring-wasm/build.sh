#!/usr/bin/env bash
# Builds the WebAssembly module and its two JavaScript packages:
#   pkg/node  (wasm-bindgen --target nodejs, for require/import in Node)
#   pkg/web   (wasm-bindgen --target web, an ES module for browsers)
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at exactly the
# version of the wasm-bindgen crate in Cargo.toml.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
version="0.2.130"

found="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "$found" != "wasm-bindgen $version" ]; then
    echo "build.sh: needs wasm-bindgen $version (found: ${found:-none});" >&2
    echo "  cargo install wasm-bindgen-cli --version $version" >&2
    exit 1
fi

# The workspace's release profile keeps line tables for profiling native
# code; the module is built without them, in one codegen unit with LTO.
export CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_LTO=true
cargo build --manifest-path "$root/Cargo.toml" -p boring-wasm \
    --target wasm32-unknown-unknown --release

target="${CARGO_TARGET_DIR:-$root/target}"
wasm="$target/wasm32-unknown-unknown/release/boring_wasm.wasm"
rm -rf "$here/pkg"
wasm-bindgen --target nodejs --out-dir "$here/pkg/node" "$wasm"
wasm-bindgen --target web --out-dir "$here/pkg/web" "$wasm"
# The web package is an ES module: say so, or Node parses it as CommonJS
# first and warns.
printf '{ "type": "module" }\n' > "$here/pkg/web/package.json"
echo "build.sh: $(wc -c < "$here/pkg/node/boring_wasm_bg.wasm") bytes of WebAssembly in pkg/node and pkg/web"
