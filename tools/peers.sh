#!/bin/sh
# tools/peers.sh: install the npm packages checks/consumers.sh runs citex's
# output through: Typst's compiler (typst-ts-node-compiler) and pandoc 3
# (pandoc-wasm).  They are test peers, never part of citex: they go under
# $CITEX_PEERS (default ~/.cache/citex-peers), outside the repository.
# Without npm it says how to get it and installs nothing.
set -u
PEERS=${CITEX_PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/citex-peers}
if ! command -v npm >/dev/null 2>&1; then
	echo "citex: npm is missing (apt-get install nodejs npm); the Typst and pandoc 3 checks will be skipped" >&2
	exit 0
fi
mkdir -p "$PEERS" || exit 1
[ -f "$PEERS/package.json" ] || printf '{"private": true}\n' >"$PEERS/package.json"
exec npm install --prefix "$PEERS" --no-audit --no-fund --silent \
	@myriaddreamin/typst-ts-node-compiler@0.7.0 pandoc-wasm@1.1.0
