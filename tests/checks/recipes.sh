#!/bin/sh
# checks/recipes.sh - every recipe README.md and docs/guide.md show runs,
# as jq runs its manual's examples.
#
# A recipe is a fenced ```sh block whose first line names it:
#
#     ```sh
#     # recipe: NAME (INPUT...; needs TOOL...)
#     citex ...
#     ```
#
# The inputs are copied into an empty folder from tests/checks/recipes/ or,
# failing that, from the repository (seeds/..., tests/example/convert.c);
# the block then runs there under sh -e, with citex first on PATH and an
# installed-looking libcitex for pkg-config.  tests/checks/recipes/NAME.expect
# says what must hold afterwards, one shell condition a line, with
# $status, $out and $err (the block's exit status, stdout and stderr files)
# and the helpers below.  A recipe whose TOOL is missing (pdflatex, bibtex,
# biber, pandoc, parallel meaning GNU parallel, cc, pkg-config, csl-styles
# and csl-locales meaning Debian's citation-style-language-styles and
# -locales) is skipped.
#
# Any other ```sh block in those files may hold only make commands (the
# set-up, which seeds.sh and install.sh check); anything else fails, so a
# recipe cannot be shown without being run.
. "$(dirname "$0")/lib/common.sh"
DATA=$TESTS/checks/recipes
DOCS="README.md docs/guide.md"
STYLES=${CSL_STYLES:-/usr/share/citation-style-language/styles}
LOCALES=${CSL_LOCALES:-/usr/share/citation-style-language/locales}

# The blocks: "NAME<TAB>DOC:LINE<TAB>HEADER" in $tmp/list, each body in
# $tmp/blocks/NAME.sh; non-recipes that run more than make in $tmp/stray.
mkdir -p "$tmp/blocks"
: >"$tmp/list"
: >"$tmp/stray"
for doc in $DOCS; do
	[ -f "$ROOT/$doc" ] || { fail "$doc exists"; continue; }
	awk -v doc="$doc" -v dir="$tmp/blocks" -v list="$tmp/list" -v stray="$tmp/stray" '
		/^```/ && !inb { inb = 1; sh = ($0 ~ /^```sh[ \t]*$/); first = 1; start = NR; name = ""; next }
		/^```/ && inb {
			inb = 0
			if (name != "") close(file)
			next
		}
		inb && sh && first {
			first = 0
			if (match($0, /^# recipe: [a-z0-9][a-z0-9-]*/)) {
				name = substr($0, 11, RLENGTH - 10)
				head = substr($0, RLENGTH + 1)
				file = dir "/" name ".sh"
				if (seen[name]++) print "FAIL recipes: recipe " name " is named twice (" doc ":" start ")"
				print name "\t" doc ":" start "\t" head >> list
				next
			}
		}
		inb && sh && name != "" { print > file; next }
		inb && sh && $0 !~ /^[ \t]*(#.*)?$/ && $0 !~ /^[ \t]*make( |$)/ {
			print doc ":" NR ": a sh block that is no recipe runs: " $0 >> stray
		}' "$ROOT/$doc"
done
if [ -s "$tmp/stray" ]; then
	fail "every sh block in $DOCS is a recipe or make" "$tmp/stray"
else
	ok "every sh block in $DOCS is a recipe or make"
fi

# Every expectation file belongs to a recipe.
for e in "$DATA"/*.expect; do
	[ -f "$e" ] || continue
	n=$(basename "$e" .expect)
	cut -f1 "$tmp/list" | grep -qx "$n" || fail "$n.expect: no recipe $n in $DOCS"
done

# citex on PATH, and a staged install of the library for pkg-config.
mkdir -p "$tmp/bin" "$tmp/prefix/include/citex" "$tmp/prefix/lib/pkgconfig" "$tmp/home/.parallel"
: >"$tmp/home/.parallel/will-cite" # GNU parallel: no citation notice
ln -s "$CITEX" "$tmp/bin/citex"
# A sanitized library (make asan) links only into a sanitized program.
case $CITEX in *asan*)
	if have cc; then
		printf '#!/bin/sh\nexec %s "$@" -fsanitize=address,undefined\n' "$(command -v cc)" >"$tmp/bin/cc"
		chmod +x "$tmp/bin/cc"
	fi ;;
esac
cp "$ROOT/src/citex.h" "$tmp/prefix/include/citex/"
[ -f "$(dirname "$CITEX")/libcitex.a" ] && cp "$(dirname "$CITEX")/libcitex.a" "$tmp/prefix/lib/"
sed -e "s|@PREFIX@|$tmp/prefix|" -e 's|@VERSION@|0|' "$ROOT/citex.pc.in" >"$tmp/prefix/lib/pkgconfig/citex.pc"
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

# Helpers for the .expect lines.
cat >"$tmp/helpers.sh" <<'EOF'
exit_is() { [ "$status" -eq "$1" ]; }
# entries FILE N: FILE holds N BibTeX entries (@string and kin aside)
entries() { [ "$(grep -ciE '^@[a-z]+[{(]' "$1")" -eq $(($2 + $(grep -ciE '^@(string|preamble|comment)[{(]' "$1"))) ]; }
# items FILE N: FILE holds N CSL-JSON items, as citex writes them
items() { [ "$(grep -c '^  {$' "$1")" -eq "$2" ]; }
# records FILE N: FILE holds N RIS records
records() { [ "$(grep -c '^ER  -' "$1")" -eq "$2" ]; }
has() { grep -qE -- "$2" "$1"; }
lacks() { ! grep -qE -- "$2" "$1"; }
lines() { [ "$(wc -l <"$1")" -eq "$2" ]; }
# same FILE: FILE is byte for byte tests/checks/recipes/NAME.FILE
same() { cmp -s "$DATA/$NAME.$(echo "$1" | tr / _)" "$1"; }
EOF

TO=
have timeout && TO="timeout $((120 * SLOW))"

have_need() {
	case $1 in
	parallel) have parallel && parallel --version 2>/dev/null | grep -q 'GNU parallel' ;;
	csl-styles) [ -d "$STYLES" ] ;;
	csl-locales) [ -d "$LOCALES" ] ;;
	bibtex) bibtex_ok ;;
	*) have "$1" ;;
	esac
}

while IFS="$(printf '\t')" read -r name where head; do
	inputs=
	needs=
	case $head in
	*"("*")"*)
		spec=${head#*(}
		spec=${spec%)*}
		inputs=${spec%%;*}
		case $spec in *";"*) needs=${spec#*;} ;; esac
		needs=${needs# }
		needs=${needs#needs} ;;
	esac
	missing=
	for t in $needs; do have_need "$t" || missing="$missing $t"; done
	if [ -n "$missing" ]; then
		skip "$name ($where)" "needs$missing"
		continue
	fi
	run=$tmp/run/$name
	mkdir -p "$run"
	bad=
	for i in $inputs; do
		if [ -e "$DATA/$i" ]; then src=$DATA/$i
		elif [ -e "$ROOT/$i" ]; then src=$ROOT/$i
		else bad="$bad $i"; continue; fi
		mkdir -p "$run/$(dirname "$i")"
		cp -R "$src" "$run/$i"
	done
	if [ -n "$bad" ]; then
		fail "$name ($where): inputs not found:$bad"
		continue
	fi
	if [ ! -f "$DATA/$name.expect" ]; then
		fail "$name ($where): no tests/checks/recipes/$name.expect says what it gives"
		continue
	fi
	(cd "$run" && PATH="$tmp/bin:$PATH" HOME="$tmp/home" $TO sh -e "$tmp/blocks/$name.sh") \
		</dev/null >"$tmp/$name.out" 2>"$tmp/$name.err"
	status=$?
	: >"$tmp/$name.why"
	while IFS= read -r cond; do
		case $cond in "" | "#"*) continue ;; esac
		if ! (cd "$run" && status=$status out=$tmp/$name.out err=$tmp/$name.err DATA=$DATA NAME=$name &&
			. "$tmp/helpers.sh" && eval "$cond") >/dev/null 2>&1; then
			echo "not so: $cond" >>"$tmp/$name.why"
		fi
	done <"$DATA/$name.expect"
	if [ -s "$tmp/$name.why" ]; then
		{ echo "exit $status"; sed 's/^/stderr: /' "$tmp/$name.err" | head -8; } >>"$tmp/$name.why"
		fail "$name ($where)" "$tmp/$name.why"
	else
		ok "$name ($where)"
	fi
done <"$tmp/list"
done_checks
