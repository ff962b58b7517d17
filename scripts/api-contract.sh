#!/usr/bin/env bash
# The API against its contract: schemathesis (installed by `scripts/bootstrap.sh test` into
# $SWITCHBOARD_TOOLS/venv) generates requests from the OpenAPI document the server serves at
# /api/openapi.json and checks every answer against it (status, content type, headers, body
# schema; a request the document allows must not be refused with 400/422, one it forbids must
# be). `just contract` runs it, and `just test` as its `api-contract` phase.
#
# Builds nothing: it expects target/debug/switchboard and target/debug/fake-providers
# (`cargo build --workspace --bin switchboard --bin fake-providers`). Like e2e/global-setup.ts it starts
# the fake providers and `switchboard serve` on a free loopback port with a temporary SQLite
# database pointed at them, with the demo organisation seeded; signs the demo admin in through
# the development mailbox and mints an extension token; then runs schemathesis three times:
# with the extension token, with the session cookie, and with no credentials. Fixed seed and a
# bounded number of examples per operation, so a run is reproducible and takes a few minutes.
# A failure prints schemathesis' report and exits non-zero. Processes and files are cleaned up on
# exit.
#
# Environment: CONTRACT_MAX_EXAMPLES (default 10), CONTRACT_SEED (default 26),
# CONTRACT_WORKERS (default 1: one request at a time, so the server's state, and with it the
# outcome, is the same on every run), CARGO_TARGET_DIR, SWITCHBOARD_TOOLS.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools=${SWITCHBOARD_TOOLS:-$HOME/.local/share/switchboard}
py=$tools/venv/bin/python
st=$tools/venv/bin/schemathesis
target=${CARGO_TARGET_DIR:-target}
bin=$target/debug/switchboard
fakes_bin=$target/debug/fake-providers
max_examples=${CONTRACT_MAX_EXAMPLES:-10}
seed=${CONTRACT_SEED:-26}
workers=${CONTRACT_WORKERS:-1}

say() { printf 'api-contract: %s\n' "$*" >&2; }
for f in "$bin" "$fakes_bin"; do
  [ -x "$f" ] || { say "missing $f: cargo build --bin switchboard --bin fake-providers"; exit 1; }
done
[ -x "$st" ] || { say "missing $st: scripts/bootstrap.sh test"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-contract-XXXXXX")
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" != 0 ] && [ -f "$work/server.log" ]; then
    say "last lines of the server's log:"
    tail -n 40 "$work/server.log" >&2
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Waits up to 30 s for a line matching $2 in file $1 and prints the first match.
wait_for_line() {
  for _ in $(seq 1 300); do
    if grep -m1 -E "$2" "$1" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  say "no line matching '$2' in $1 after 30 s:"
  cat "$1" >&2
  return 1
}

# A port nothing listens on right now (the server's, chosen before the fakes need it).
port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base=http://127.0.0.1:$port
redirect=$base/integrations

# The fake providers print one JSON line, whose `env` points the server at them.
"$fakes_bin" --redirect "$redirect" >"$work/fakes.out" 2>"$work/fakes.log" &
pids+=($!)
wait_for_line "$work/fakes.out" '^\{' >/dev/null
while IFS= read -r -d '' kv; do export "${kv?}"; done < <(
  "$py" -c 'import json, sys
for k, v in json.loads(open(sys.argv[1]).readline())["env"].items():
    sys.stdout.write(f"{k}={v}\0")' "$work/fakes.out"
)

export DATABASE_URL="sqlite://$work/contract.db"
export SWITCHBOARD_WEB_DIR="$root/web/dist"
export SWITCHBOARD_LOG=info
export SWITCHBOARD_DEV_MAILBOX=true
export NO_COLOR=1
export SWITCHBOARD_SECRET_KEY_FILE="$work/secret.key"
export SWITCHBOARD_OAUTH_REDIRECT_URL="$redirect"
export SWITCHBOARD_BILLING__RETURN_URL="$base/checkout"
export SWITCHBOARD_PUBLIC_URL="$base"
export SWITCHBOARD_FILES__DIR="$work/files"
# The extension run renews its token (POST /api/v2/extension/token/renew); the renewed token
# must keep working for the rest of that run, not the default five minutes.
export SWITCHBOARD_EXTENSION_TOKEN_RENEWAL_GRACE_SECS=86400

# The demo organisation (admin@demo.switchboard.test, an admin) with 90 days of calls and chats:
# ids that exist, so generated requests reach the handlers' rules and not only 404.
"$bin" seed-demo >"$work/seed.log" 2>&1 || { cat "$work/seed.log" >&2; exit 1; }
"$bin" serve --bind "127.0.0.1:$port" >"$work/server.log" 2>&1 &
pids+=($!)
wait_for_line "$work/server.log" 'serving at http' >/dev/null

# Signs the demo admin in as a person does (a code by e-mail, read from the development mailbox)
# and mints the extension's token with that session; prints "COOKIE<TAB>TOKEN".
credentials=$("$py" - "$base" <<'EOF'
import json, re, sys, urllib.parse, urllib.request
base, email = sys.argv[1], "admin@demo.switchboard.test"

def call(method, path, body=None, cookie=None):
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if cookie:
        req.add_header("Cookie", cookie)
    with urllib.request.urlopen(req) as res:
        return res.headers, json.loads(res.read() or b"null")

call("POST", "/api/auth/code", {"email": email})
_, box = call("GET", "/api/dev/mailbox?" + urllib.parse.urlencode({"email": email}))
code = re.search(r"(?<!\d)\d{6}(?!\d)", box["messages"][0]["body"]).group(0)
headers, _ = call("POST", "/api/auth/verify", {"email": email, "code": code})
cookie = next(c.split(";")[0] for c in headers.get_all("Set-Cookie") if c.startswith("sb_session="))
_, minted = call("POST", "/api/auth/extension-tokens", {"name": "Contract check"}, cookie)
print(f"{cookie}\t{minted['token']}")
EOF
)
cookie=${credentials%%$'\t'*}
token=${credentials#*$'\t'}

# Left out of every run, and why:
# - DELETE /api/auth/session (sign-out) ends the session the cookie run is made with: every
#   later request would only test the 401 answer.
# - /api/dev/* is the development mailbox, for tests and local development only (404 unless
#   `dev_mailbox` is on; never enabled on a reachable server), not part of the product's API.
# - GET /api/inbox/events is the team inbox's live stream (server-sent events): an answer that
#   stays open for minutes is not a response schemathesis can check (tests/api/inbox.rs reads it:
#   its events, resuming after Last-Event-ID, its refusals).
#
# No failure is tolerated: a disagreement is mended in the document (a bound, a pattern, a status
# the route gives) or in the handler; a rule a schema cannot state (between fields, against the
# clock, a secret, a file format) is named with its reason and its answer in
# scripts/schemathesis.toml.
run() {
  local name=$1
  shift
  say "schemathesis, $name (seed $seed, at most $max_examples examples per operation)"
  if ! NO_COLOR=1 PYTHONPATH="$root/scripts" SCHEMATHESIS_HOOKS=schemathesis_hooks "$st" --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
    --url "$base" \
    --seed "$seed" \
    --max-examples "$max_examples" \
    --workers "$workers" \
    --exclude-operation-id delete_session \
    --exclude-operation-id inbox_events \
    --exclude-path-regex '^/api/dev/' \
    --suppress-health-check all \
    "$@" >"$work/$name.txt" 2>&1; then
    cat "$work/$name.txt"
    say "$name: the API and its OpenAPI document disagree (above)"
    return 1
  fi
  tail -n 12 "$work/$name.txt"
}

status=0
# The extension's token first: the cookie run may revoke it (DELETE /api/auth/extension-tokens/{id}).
run extension-token -H "Authorization: Bearer $token" || status=1
run session-cookie -H "Cookie: $cookie" || status=1
run anonymous || status=1
exit "$status"
