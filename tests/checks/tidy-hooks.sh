#!/bin/sh
# checks/tidy-hooks.sh - the pre-commit hooks of .pre-commit-hooks.yaml,
# run through `pre-commit try-repo` on a scratch repository: citex-tidy-check
# fails on an untidy .bib and writes nothing, citex-tidy tidies it (and
# fails, as a hook that changes files does), then citex-tidy-check passes.
# Skipped when pre-commit (Debian package pre-commit) or git is missing.
. "$(dirname "$0")/lib/common.sh"
if ! have pre-commit || ! have git; then
	skip "pre-commit try-repo" "pre-commit or git is not installed"
	exit 0
fi
# The hooks call citex from PATH: this build's.
mkdir -p "$tmp/bin" "$tmp/repo"
ln -s "$CITEX" "$tmp/bin/citex"
PATH=$tmp/bin:$PATH
PRE_COMMIT_HOME=$tmp/cache
export PATH PRE_COMMIT_HOME
cd "$tmp/repo" || exit 2
git init -q . && git config user.email t@example.org && git config user.name t
printf '@ARTICLE{a, title={A}, year=2001}\n' >refs.bib
cp refs.bib refs.keep
git add refs.bib && git commit -qm bib
printf '@article{a,\n  title         = {A},\n  year          = 2001\n}\n' >"$tmp/want"

try() { # try HOOK: run the hook on refs.bib; its exit status
	pre-commit try-repo "$ROOT" "$1" --files refs.bib >"$tmp/log" 2>&1
}
try citex-tidy-check
rc=$?
if [ $rc = 1 ] && cmp -s refs.bib refs.keep && grep -q '^+++ refs.bib (tidied)' "$tmp/log"; then
	ok "citex-tidy-check fails on an untidy file, shows the diff and writes nothing"
else
	fail "citex-tidy-check fails on an untidy file (exit $rc)" "$tmp/log"
fi
try citex-tidy
rc=$?
if [ $rc = 1 ] && cmp -s refs.bib "$tmp/want" && [ ! -e refs.bib.original ]; then
	ok "citex-tidy rewrites the file, with no backup, and fails as a hook that changed files"
else
	{ echo "exit $rc"; cat "$tmp/log" refs.bib; } >"$tmp/detail"
	fail "citex-tidy rewrites the file" "$tmp/detail"
fi
try citex-tidy-check
rc=$?
if [ $rc = 0 ]; then
	ok "citex-tidy-check passes on the tidied file"
else
	fail "citex-tidy-check passes on the tidied file (exit $rc)" "$tmp/log"
fi
done_checks
