#!/usr/bin/env bash
# Regenerates the TypeScript of proto/ (committed in src/gen). With --check, fails when the committed
# code differs from what the .proto files generate.
set -euo pipefail
cd "$(dirname "$0")"
BUF=../node_modules/.bin/buf
if [[ "${1:-}" == "--check" ]]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  "$BUF" lint
  "$BUF" generate --template buf.gen.yaml -o "$tmp"
  if ! diff -r "$tmp/src/gen" src/gen >/dev/null; then
    echo "proto: generated code in proto/src/gen is out of date; run 'npm run proto' and commit" >&2
    diff -r "$tmp/src/gen" src/gen | head -20 >&2
    exit 1
  fi
  echo "proto: generated code matches the .proto files"
else
  rm -rf src/gen
  "$BUF" lint
  "$BUF" generate --template buf.gen.yaml
  echo "proto: generated src/gen"
fi
