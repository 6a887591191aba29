#!/bin/sh
# checks/tidy.sh - citex tidy: bibtex-tidy's own test cases, and what citex
# does beyond bibtex-tidy.
#
# tidy/spec/ holds a selection of bibtex-tidy 1.14.0's test cases (MIT,
# tidy/spec/LICENSE): NAME.bib on standard input, NAME.args (one argument
# a line), NAME.out what bibtex-tidy prints.  Each must come out byte for
# byte, and tidying the output again must change nothing.  With
# ../shared, all of bibtex-tidy's cases (bibtex-tidy-spec/cases.json)
# run as well, and the share reproduced must not fall below citex's.
#
# The rest is citex's own: a file that does not parse is left as it is;
# --check, --modify (atomic, with its backup), -j, standard input and
# output, .citex-tidy files, --lint, and the data bibtex-tidy loses and
# citex keeps unless --lossy.  Each expected output here was written by
# hand.
. "$(dirname "$0")/lib/common.sh"
D=$TESTS/checks/tidy
T="$CITEX tidy"

# tidy_args FILE.args ARG...: run citex tidy with the arguments of FILE
# (one a line), then ARG..., on standard input.
tidy_args() {
	f=$1
	shift
	set -f
	set -- "$@" $(tr '\n' ' ' <"$f")
	set +f
	$T "$@"
}

# ---- bibtex-tidy's cases --------------------------------------------------------
bad=0
n=0
: >"$tmp/spec.fail"
for in in "$D"/spec/*.bib; do
	name=$(basename "$in" .bib)
	n=$((n + 1))
	extra=
	# bibtex-tidy drops a field given twice with another value; citex
	# keeps it but under --lossy.
	case $name in remove-duplicate-fields-1) extra=--lossy ;; esac
	tidy_args "$D/spec/$name.args" $extra <"$in" >"$tmp/out" 2>"$tmp/err"
	if ! cmp -s "$tmp/out" "$D/spec/$name.out"; then
		bad=$((bad + 1))
		{ echo "$name:"; diff "$D/spec/$name.out" "$tmp/out" | head -10; } >>"$tmp/spec.fail"
		continue
	fi
	tidy_args "$D/spec/$name.args" $extra <"$tmp/out" >"$tmp/again" 2>/dev/null
	if ! cmp -s "$tmp/out" "$tmp/again"; then
		bad=$((bad + 1))
		echo "$name: not idempotent" >>"$tmp/spec.fail"
	fi
done
if [ $bad = 0 ]; then
	ok "bibtex-tidy's cases: $n of $n in tidy/spec, each a fixed point"
else
	fail "bibtex-tidy's cases: $bad of $n in tidy/spec" "$tmp/spec.fail"
fi

J=$SHARED/corpora/bibtex-tidy-spec/cases.json
if [ -f "$J" ] && [ -n "$PY" ]; then
	$PY "$D/spec.py" "$CITEX" "$J" >"$tmp/all" 2>&1
	got=$(sed -n '1s/^\([0-9]*\) .*/\1/p' "$tmp/all")
	lossy=$(sed -n '2s/^\([0-9]*\) .*/\1/p' "$tmp/all")
	total=$(sed -n '1s/^[0-9]* of \([0-9]*\).*/\1/p' "$tmp/all")
	# 84: all but remove-duplicate-fields #1, where citex keeps data.
	if [ "${got:-0}" -ge 84 ] && [ "${lossy:-0}" = "$total" ]; then
		ok "bibtex-tidy's cases.json: $(sed -n 1p "$tmp/all"); --lossy: $lossy of $total"
	else
		fail "bibtex-tidy's cases.json: ${got:-?} (84 at least), --lossy ${lossy:-?} of ${total:-?}" "$tmp/all"
	fi
else
	skip "bibtex-tidy's cases.json" "../shared/corpora or python3 not found"
fi

# ---- a file that does not parse ------------------------------------------------------
mkdir -p "$tmp/broken"
printf '@article{a,\n  title = {Open,\n}\n' >"$tmp/broken/open.bib"
cp "$tmp/broken/open.bib" "$tmp/broken/keep.bib"
(cd "$tmp/broken" && $T open.bib) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && cmp -s "$tmp/broken/open.bib" "$tmp/broken/keep.bib" &&
	[ ! -e "$tmp/broken/open.bib.original" ] &&
	grep -q '^open.bib:1:1: error: this entry is not closed at the end of the input$' "$tmp/err"; then
	ok "a file that does not parse is left as it is, exit 2, file:line:col: error"
else
	{ echo "exit $rc"; cat "$tmp/err"; ls "$tmp/broken"; } >"$tmp/detail"
	fail "a file that does not parse is left as it is, exit 2, file:line:col: error" "$tmp/detail"
fi
printf '@article{a b,\n  title = {T}\n}\n' | $T >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && [ ! -s "$tmp/out" ] &&
	grep -q '^<stdin>:1:12: error: white space in an entry key' "$tmp/err"; then
	ok "a syntax error on standard input: nothing on stdout, the error where bibtex-tidy finds it"
else
	{ echo "exit $rc"; cat "$tmp/out" "$tmp/err"; } >"$tmp/detail"
	fail "a syntax error on standard input" "$tmp/detail"
fi

# ---- --check ----------------------------------------------------------------------------
printf '@article{a,\n  title         = {A}\n}\n' >"$tmp/tidy.bib"
printf '@ARTICLE{a, title={A}}\n' >"$tmp/messy.bib"
cp "$tmp/messy.bib" "$tmp/messy.keep"
$T --check --no-lint "$tmp/tidy.bib" >"$tmp/out" 2>"$tmp/err"
rc1=$?
$T --check --no-lint "$tmp/tidy.bib" "$tmp/messy.bib" >"$tmp/out2" 2>"$tmp/err2"
rc2=$?
cat >"$tmp/want" <<EOF
--- $tmp/messy.bib
+++ $tmp/messy.bib (tidied)
@@ -1,1 +1,3 @@
-@ARTICLE{a, title={A}}
+@article{a,
+  title         = {A}
+}
EOF
if [ $rc1 = 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && [ $rc2 = 1 ] &&
	[ ! -s "$tmp/out2" ] && cmp -s "$tmp/want" "$tmp/err2" && cmp -s "$tmp/messy.bib" "$tmp/messy.keep"; then
	ok "--check: silent and 0 when tidy, 1 and a short diff on stderr when not, nothing written"
else
	{ echo "exit $rc1 $rc2"; cat "$tmp/out" "$tmp/err" "$tmp/out2"; diff "$tmp/want" "$tmp/err2"; } >"$tmp/detail"
	fail "--check" "$tmp/detail"
fi
printf '@article{a,\n  title         = {A}\n}\n' | $T --check --no-lint >"$tmp/out" 2>&1
rc1=$?
printf '@article{a,title={A}}\n' | $T --check >"$tmp/out2" 2>"$tmp/err"
rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 1 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/out2" ] && grep -q '^--- <stdin>$' "$tmp/err" &&
	grep -q "^<stdin>:1:2: warning: entry 'a' lacks author" "$tmp/err"; then
	ok "--check on standard input, with --lint's findings (its default there)"
else
	fail "--check on standard input: exit $rc1 $rc2" "$tmp/err"
fi

# ---- --modify ----------------------------------------------------------------------------
mkdir -p "$tmp/m"
printf '@ARTICLE{a, title={A}}\n' >"$tmp/m/a.bib"
chmod 640 "$tmp/m/a.bib"
ln -s a.bib "$tmp/m/link.bib"
(cd "$tmp/m" && $T -m --quiet link.bib) >"$tmp/out" 2>&1
printf '@article{a,\n  title         = {A}\n}\n' >"$tmp/want"
mode=$(stat -c %a "$tmp/m/a.bib" 2>/dev/null)
if cmp -s "$tmp/want" "$tmp/m/a.bib" && [ -L "$tmp/m/link.bib" ] && [ "$mode" = 640 ] &&
	[ "$(ls -A "$tmp/m" | wc -l)" = 2 ] && [ ! -s "$tmp/out" ]; then
	ok "--modify: through a symbolic link, mode kept, no temporary file left, no backup"
else
	{ ls -lA "$tmp/m"; cat "$tmp/out" "$tmp/m/a.bib"; } >"$tmp/detail"
	fail "--modify: through a symbolic link, mode kept, no temporary file left" "$tmp/detail"
fi
mkdir -p "$tmp/v1"
printf '@ARTICLE{a, title={A}}\n' >"$tmp/v1/a.bib"
cp "$tmp/v1/a.bib" "$tmp/v1/a.keep"
(cd "$tmp/v1" && $T a.bib </dev/null) >"$tmp/out" 2>"$tmp/err"
rc=$?
printf 'Tidying...\nDone. Successfully tidied 1 entries.\n' >"$tmp/want.out"
if [ $rc = 0 ] && cmp -s "$tmp/want" "$tmp/v1/a.bib" && cmp -s "$tmp/v1/a.keep" "$tmp/v1/a.bib.original" &&
	cmp -s "$tmp/want.out" "$tmp/out" && grep -q '^NOTICE: In v2 you will need' "$tmp/err"; then
	ok "a file and no -m, -o or --v2: rewritten with a .original backup and bibtex-tidy's log"
else
	{ echo "exit $rc"; cat "$tmp/out" "$tmp/err"; ls "$tmp/v1"; } >"$tmp/detail"
	fail "a file and no -m, -o or --v2: rewritten with a .original backup" "$tmp/detail"
fi
printf '@ARTICLE{a, title={A}}\n' >"$tmp/v1/b.bib"
$T --v2 "$tmp/v1/b.bib" </dev/null >"$tmp/out" 2>&1
if cmp -s "$tmp/want" "$tmp/out" && grep -q ARTICLE "$tmp/v1/b.bib"; then
	ok "--v2: a file to standard output, untouched"
else
	fail "--v2: a file to standard output, untouched" "$tmp/out"
fi
$T --v2 "$tmp/v1/b.bib" -o "$tmp/v1/c.bib" </dev/null >"$tmp/out" 2>&1
if cmp -s "$tmp/want" "$tmp/v1/c.bib" && printf 'Tidying...\nDone. Successfully tidied 1 entries.\n' | cmp -s - "$tmp/out"; then
	ok "-o: the output file, and the log on stdout"
else
	fail "-o: the output file, and the log on stdout" "$tmp/out"
fi

# ---- standard input and output ---------------------------------------------------------
printf '@misc{k,\n  title = {T},\n  abstract = {A}\n}\n' >"$tmp/in.bib"
printf '@misc{k,\n  title         = {T}\n}\n' >"$tmp/want"
$T --omit abstract - <"$tmp/in.bib" >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/want" "$tmp/out" && [ ! -s "$tmp/err" ]; then
	ok "a last '-' is standard input, after an option that takes values"
else
	fail "a last '-' is standard input, after an option that takes values" "$tmp/out"
fi
cat "$tmp/in.bib" | $T --omit=abstract >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/want" "$tmp/out" && [ ! -s "$tmp/err" ]; then
	ok "standard input to standard output, nothing on stderr"
else
	fail "standard input to standard output, nothing on stderr" "$tmp/err"
fi
printf '' | $T >"$tmp/out" 2>&1
if printf '\n' | cmp -s - "$tmp/out"; then
	ok "empty input: one line break, as bibtex-tidy"
else
	fail "empty input: one line break, as bibtex-tidy" "$tmp/out"
fi
$T --no-such-option </dev/null >"$tmp/out" 2>&1
rc=$?
$T --version </dev/null >"$tmp/out2" 2>&1
rc2=$?
if [ $rc = 2 ] && grep -q 'unknown option: --no-such-option' "$tmp/out" && [ $rc2 = 0 ] &&
	grep -q '^citex tidy ' "$tmp/out2"; then
	ok "an unknown option: exit 2; --version: exit 0"
else
	fail "an unknown option: exit 2; --version: exit 0" "$tmp/out"
fi

# ---- .citex-tidy ------------------------------------------------------------------------------
mkdir -p "$tmp/cfg/repo/.git" "$tmp/cfg/repo/refs/deep" "$tmp/outer"
printf '# house style\n--curly\n--omit=abstract   # drafts only\n' >"$tmp/cfg/repo/.citex-tidy"
printf -- '--tab\n' >"$tmp/cfg/.citex-tidy"
printf '@misc{k,\n  year = 2020,\n  abstract = {A}\n}\n' >"$tmp/cfg/repo/refs/deep/r.bib"
printf '@misc{k,\n  year          = {2020}\n}\n' >"$tmp/want"
$T --v2 "$tmp/cfg/repo/refs/deep/r.bib" </dev/null >"$tmp/out" 2>&1
printf '@misc{k,\n  year          = 2020,\n  abstract      = {A}\n}\n' >"$tmp/want2"
$T --v2 --no-config "$tmp/cfg/repo/refs/deep/r.bib" </dev/null >"$tmp/out2" 2>&1
printf '@misc{k,\n  year          = {2020},\n  abstract      = {A}\n}\n' >"$tmp/want3"
$T --v2 --omit=title "$tmp/cfg/repo/refs/deep/r.bib" </dev/null >"$tmp/out3" 2>&1
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2" && cmp -s "$tmp/want3" "$tmp/out3"; then
	ok ".citex-tidy: found going up, not past the top of the repository; the command line overrides it"
else
	{ cat "$tmp/out" "$tmp/out2" "$tmp/out3"; } >"$tmp/detail"
	fail ".citex-tidy: found going up; the command line overrides it" "$tmp/detail"
fi
(cd "$tmp/cfg/repo/refs" && $T <"$tmp/cfg/repo/refs/deep/r.bib") >"$tmp/out" 2>&1
if cmp -s "$tmp/want" "$tmp/out"; then
	ok ".citex-tidy: standard input takes the current folder's"
else
	fail ".citex-tidy: standard input takes the current folder's" "$tmp/out"
fi
printf '@misc{k,\n  year = 2020,\n  abstract = {A\n' >"$tmp/open.bib"
(cd "$tmp" && $T --stdin-filename=cfg/repo/refs/new.bib <"$tmp/cfg/repo/refs/deep/r.bib") >"$tmp/out" 2>&1
(cd "$tmp" && $T --stdin-filename=cfg/repo/refs/new.bib <"$tmp/open.bib") >"$tmp/out2" 2>&1
if cmp -s "$tmp/want" "$tmp/out" && grep -q '^cfg/repo/refs/new.bib:1:1: error:' "$tmp/out2"; then
	ok "--stdin-filename: standard input takes that file's .citex-tidy and name (even a new file)"
else
	fail "--stdin-filename: standard input takes that file's .citex-tidy and name" "$tmp/out2"
fi
printf -- '--modify\n' >"$tmp/outer/.citex-tidy"
printf '@misc{k}\n' >"$tmp/outer/x.bib"
$T --v2 "$tmp/outer/x.bib" </dev/null >"$tmp/out" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q 'cannot be set in a .citex-tidy file' "$tmp/out"; then
	ok ".citex-tidy: --modify refused there, exit 2"
else
	fail ".citex-tidy: --modify refused there, exit 2 (got $rc)" "$tmp/out"
fi

# ---- -j ---------------------------------------------------------------------------------------
mkdir -p "$tmp/j1" "$tmp/j4"
i=0
for f in "$D"/spec/*.bib; do
	i=$((i + 1))
	cp "$f" "$tmp/j1/$i.bib"
	cp "$f" "$tmp/j4/$i.bib"
done
(cd "$tmp/j1" && $T -m -j 1 --sort=key *.bib) >"$tmp/log1" 2>&1
(cd "$tmp/j4" && $T -m -j4 --sort=key *.bib) >"$tmp/log4" 2>&1
if diff -r "$tmp/j1" "$tmp/j4" >"$tmp/detail" 2>&1 && cmp -s "$tmp/log1" "$tmp/log4" &&
	! cmp -s "$D/spec/align-1.bib" "$tmp/j1/2.bib"; then
	ok "-j 4 writes what -j 1 writes, and logs in the same order"
else
	diff "$tmp/log1" "$tmp/log4" >>"$tmp/detail"
	fail "-j 4 writes what -j 1 writes" "$tmp/detail"
fi

# ---- what bibtex-tidy loses and citex keeps -------------------------------------------------
printf '@book{t,\n  author = "Alan, Jo",\n  author = "Alan, Les",\n  year = 1990,\n  year = 1990\n}\n' >"$tmp/dup.bib"
printf '@book{t,\n  author        = "Alan, Jo",\n  author        = "Alan, Les",\n  year          = 1990\n}\n' >"$tmp/want"
# bibtex-tidy leaves the comma of the field before the one it drops.
printf '@book{t,\n  author        = "Alan, Jo",\n  year          = 1990,\n}\n' >"$tmp/want2"
$T <"$tmp/dup.bib" >"$tmp/out" 2>"$tmp/err"
$T --lossy <"$tmp/dup.bib" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2" &&
	grep -q "^<stdin>:1:1: warning: field 'author' is given again with another value" "$tmp/err"; then
	ok "a field given twice with another value is kept (--lossy drops it), an equal one goes"
else
	{ cat "$tmp/out" "$tmp/err" "$tmp/out2"; } >"$tmp/detail"
	fail "a field given twice with another value is kept" "$tmp/detail"
fi
printf '@misc{l,\n  title = {Caf\351}\n}\n' >"$tmp/latin1.bib"
printf '@misc{l,\n  title         = {Caf\351}\n}\n' >"$tmp/want"
printf '@misc{l,\n  title         = {Caf\357\277\275}\n}\n' >"$tmp/want2"
$T <"$tmp/latin1.bib" >"$tmp/out" 2>/dev/null
$T --lossy <"$tmp/latin1.bib" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2"; then
	ok "bytes that are not UTF-8 stay (--lossy: U+FFFD, as Node.js reads them)"
else
	fail "bytes that are not UTF-8 stay (--lossy: U+FFFD)" "$tmp/out"
fi
cat >"$tmp/esc.bib" <<'EOF'
@misc{u,
  note = {See \url{http://a.org/x_y#z} and \href{http://a.org/p%20q}{p_q}},
  title = {*Equal \(a_b\) and $c_d$ cost \$5 for $n$ items}
}
EOF
cat >"$tmp/want" <<'EOF'
@misc{u,
  note          = {See \url{http://a.org/x_y#z} and \href{http://a.org/p%20q}{p\_q}},
  title         = {\textasteriskcentered{}Equal \(a_b\) and $c_d$ cost \$5 for $n$ items}
}
EOF
cat >"$tmp/want2" <<'EOF'
@misc{u,
  note          = {See \url{http://a.org/x\_y\#z} and \href{http://a.org/p\%20q}{p\_q}},
  title         = {\textasteriskcenteredEqual \(a\_b\) and $c_d$ cost \$5 for $n\$ items}
}
EOF
$T <"$tmp/esc.bib" >"$tmp/out" 2>/dev/null
$T --lossy <"$tmp/esc.bib" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2"; then
	ok "--escape leaves URLs and math alone and keeps a letter after a command (--lossy: not)"
else
	{ diff "$tmp/want" "$tmp/out"; diff "$tmp/want2" "$tmp/out2"; } >"$tmp/detail"
	fail "--escape leaves URLs and math alone" "$tmp/detail"
fi

# bibtex-tidy puts its $math$ back where the text says MATH.EXP.0, and
# closes a '[' after a command that the value leaves open (checked against
# bibtex-tidy 1.14.0); citex keeps both as they are.
printf '@misc{m,\n  note = {MATH.EXP.0 and $x$},\n  title = "a \\\\x[ b"\n}\n' >"$tmp/mark.bib"
printf '@misc{m,\n  note          = {MATH.EXP.0 and $x$},\n  title         = "a \\\\x[ b"\n}\n' >"$tmp/want"
printf '@misc{m,\n  note          = {$x$ and $x$},\n  title         = "a \\\\x[ b]"\n}\n' >"$tmp/want2"
$T --remove-braces <"$tmp/mark.bib" >"$tmp/out" 2>/dev/null
$T --remove-braces --lossy <"$tmp/mark.bib" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2"; then
	ok "MATH.EXP.0 and an open '[' stay (--lossy: math takes its place, and ']' closes it)"
else
	{ diff "$tmp/want" "$tmp/out"; diff "$tmp/want2" "$tmp/out2"; } >"$tmp/detail"
	fail "text that reads MATH.EXP.0 stays" "$tmp/detail"
fi

# bibtex-tidy takes "$60.00 (hardcover), US\$" for math (the regular
# expression does not see the backslash), and the digits after its
# placeholder for its number: the value loses most of itself (checked
# against bibtex-tidy 1.14.0).
printf '@misc{p,\n  price = "US\\$60.00 (hardcover), US\\$35.00 (paperback)"\n}\n' >"$tmp/price.bib"
printf '@misc{p,\n  price         = "US\\$60.00 (hardcover), US\\$35.00 (paperback)"\n}\n' >"$tmp/want"
printf '@misc{p,\n  price         = "US\\.00 (paperback)"\n}\n' >"$tmp/want2"
$T <"$tmp/price.bib" >"$tmp/out" 2>/dev/null
$T --lossy <"$tmp/price.bib" >"$tmp/out2" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out" && cmp -s "$tmp/want2" "$tmp/out2"; then
	ok "escaped dollars and digits stay (--lossy: bibtex-tidy's math placeholder eats them)"
else
	{ diff "$tmp/want" "$tmp/out"; diff "$tmp/want2" "$tmp/out2"; } >"$tmp/detail"
	fail "escaped dollars and digits stay" "$tmp/detail"
fi

# ---- fixed points where bibtex-tidy is not one -------------------------------------------------
# Each input, tidied, gives the output written here (checked by hand; where
# bibtex-tidy agrees on the first run, against it too), and tidying that
# changes nothing.  bibtex-tidy's second runs change these.
fixed() { # fixed NAME INPUT WANT ARG...: once gives WANT, twice the same
	name=$1 input=$2 want=$3
	shift 3
	$T "$@" <"$input" >"$tmp/f1" 2>/dev/null
	$T "$@" <"$tmp/f1" >"$tmp/f2" 2>/dev/null
	if cmp -s "$want" "$tmp/f1" && cmp -s "$tmp/f1" "$tmp/f2"; then
		ok "a fixed point: $name"
	else
		{ diff "$want" "$tmp/f1"; diff "$tmp/f1" "$tmp/f2"; } >"$tmp/detail"
		fail "a fixed point: $name" "$tmp/detail"
	fi
}
printf '\n\n%% a comment at the top\n@COMMENT{jabref-meta: x;}\n\n%% after a comment block\n@misc{a,\n  title = " Padded ",\n  note = "{Keep "this"}",\n  booktitle = {{{Triple}}}\n}\n' >"$tmp/fp.bib"
printf '%% a comment at the top\n@comment{jabref-meta: x;}\n\n%% after a comment block\n@misc{a,\n  title         = {Padded},\n  note          = {Keep "this"},\n  booktitle     = {Triple}\n}\n' >"$tmp/want"
fixed "--no-tidy-comments, --curly, --strip-enclosing-braces" "$tmp/fp.bib" "$tmp/want" \
	--no-tidy-comments --curly --strip-enclosing-braces
printf '%% a comment at the top\n@comment{jabref-meta: x;}\n\n%% after a comment block\n@misc{a,\n  title         = " Padded ",\n  note          = "{Keep "this"}",\n  booktitle     = {Triple}\n}\n' >"$tmp/want"
fixed "--strip-enclosing-braces keeps the braces around a '\"' in quotes" "$tmp/fp.bib" "$tmp/want" \
	--no-tidy-comments --strip-enclosing-braces
printf '@a{x,\n  t = {1}\n}\n\n%% c\n@a{y,\n  t = {2}\n}\n' >"$tmp/bl.bib"
printf '@a{x,\n  t             = {1}\n}\n\n%% c\n@a{y,\n  t             = {2}\n}\n' >"$tmp/want"
fixed "--blank-lines with --no-tidy-comments adds its blank line once" "$tmp/bl.bib" "$tmp/want" \
	--blank-lines --no-tidy-comments
printf '@misc{q,\n  title = "From {"}A{"} to {B}"\n}\n' >"$tmp/q.bib"
printf '@misc{q,\n  title         = "From {"}A{"} to B"\n}\n' >"$tmp/want"
fixed "--remove-braces keeps the braces around a '\"' in quotes" "$tmp/q.bib" "$tmp/want" --remove-braces
printf '@misc{w,\n  title = {A rather long title about {DNA} and \\emph{other} things that wraps}\n}\n' >"$tmp/w.bib"
printf '@misc{w,\n  title         = {\n    {A rather long title about {DNA}\n    and \\emph{other} things that wraps}\n  }\n}\n' >"$tmp/want"
fixed "--wrap with --enclosing-braces (bibtex-tidy's first run)" "$tmp/w.bib" "$tmp/want" \
	--wrap=40 --enclosing-braces
printf '@article{a,\n  title = {T},\n  author = {Smith, J}\n}\n@article{b,\n  title = {T},\n  author = {Smith, J},\n  doi = {10.1/d},\n  note = {N}\n}\n@article{c,\n  doi = {10.1/d},\n  year = 2001\n}\n' >"$tmp/mg.bib"
printf '@article{a,\n  title         = {T},\n  author        = {Smith, J},\n  doi           = {10.1/d},\n  note          = {N},\n  year          = 2001\n}\n' >"$tmp/want"
fixed "--merge into the entry that took the one merged first (bibtex-tidy loses year)" \
	"$tmp/mg.bib" "$tmp/want" --merge

printf '@misc{a,\n  author = {{Smith and Sons} and B and C and D}\n}\n' >"$tmp/ma.bib"
printf '@misc{a,\n  author        = {{Smith and Sons} and B and others}\n}\n' >"$tmp/want"
fixed "--max-authors counts the names outside braces (bibtex-tidy splits inside them too)" \
	"$tmp/ma.bib" "$tmp/want" --max-authors=2
printf 'see @misc{a,\n  title = {T}\n}\n' >"$tmp/gl.bib"
printf 'see @misc{a,\n  title         = {T}\n}\n' >"$tmp/want"
fixed "--no-tidy-comments keeps a space between text and the '@' after it" "$tmp/gl.bib" "$tmp/want" \
	--no-tidy-comments
# A descending sort puts what follows the last entry first, as bibtex-tidy
# does; "@" at the end is text only because the input ends there, and
# would take the text after it into its word: it stays at the end.
printf 'x@y\n@misc{a,\n  title = {T}\n}\n@' >"$tmp/dg.bib"
printf 'x@y\n@misc{a,\n  title         = {T}\n}\n@\n' >"$tmp/want"
fixed "--sort keeps text that ends in '@word' at the end" "$tmp/dg.bib" "$tmp/want" --sort=-year
printf '@misc{a,\n  year = 1\n}\n%% end' >"$tmp/dg.bib"
printf '%% end\n@misc{a,\n  year          = 1\n}\n' >"$tmp/want"
fixed "--sort=-year moves the text after the last entry first" "$tmp/dg.bib" "$tmp/want" --sort=-year
printf '@misc{a,\n  year = 1\n}\nend' >"$tmp/dg.bib"
printf 'end\n@misc{a,\n  year          = 1\n}\n' >"$tmp/want"
fixed "--no-tidy-comments: text moved before an entry gets a line break" "$tmp/dg.bib" "$tmp/want" \
	--sort=-year --no-tidy-comments
printf '@misc{a,\n  doi = {1}\n}\n@foo@misc{b,\n  doi = {1}\n}{y}\n@misc{c,\n  doi = {2}\n}\n' >"$tmp/dg.bib"
printf '@misc{a,\n  doi           = {1}\n}\n{y}\n@foo\n@misc{c,\n  doi           = {2}\n}\n' >"$tmp/want"
fixed "--merge: text that ends in '@word' before an entry merged away moves on to the next" \
	"$tmp/dg.bib" "$tmp/want" --duplicates=doi --merge=combine
# A value of several parts is not trimmed; its paragraphs are, or the
# next run reads the line break before the first as a space.
printf '@misc{a,\n  note = { one\n\n two } # x\n}\n' >"$tmp/pj.bib"
printf '@misc{a,\n  note          = {\n    one\n\n    two\n  } # x\n}\n' >"$tmp/want"
fixed "the paragraphs of a value joined with '#' are trimmed" "$tmp/pj.bib" "$tmp/want"
printf '@misc{a,\n  title = {{x {\\cmd[ y}}}\n}\n' >"$tmp/rb.bib"
printf '@misc{a,\n  title         = {{x {\\cmd[ y}}}\n}\n' >"$tmp/want"
fixed "--remove-braces keeps a group whose '}' a command's open '[' took" "$tmp/rb.bib" "$tmp/want" \
	--remove-braces --enclosing-braces
# bibtex-tidy 1.14.0 writes {{A and others}} here: its split leaves a
# brace open, which its LaTeX tree closes.
printf '@misc{a,\n  author = {{A and B} and C}\n}\n' >"$tmp/ma.bib"
$T --max-authors=1 --lossy <"$tmp/ma.bib" >"$tmp/out"
$T --max-authors=1 <"$tmp/ma.bib" >"$tmp/out2"
if grep -qxF '  author        = {{A and others}}' "$tmp/out" &&
	grep -qxF '  author        = {{A and B} and others}' "$tmp/out2"; then
	ok "--max-authors --lossy splits inside braces and closes them, as bibtex-tidy"
else
	cat "$tmp/out" "$tmp/out2" >"$tmp/detail"
	fail "--max-authors --lossy splits inside braces and closes them, as bibtex-tidy" "$tmp/detail"
fi

# ---- --lint ----------------------------------------------------------------------------------
printf '@article{a,\n  title = {T},\n  year = {20x0}\n}\n' >"$tmp/lint.bib"
$T <"$tmp/lint.bib" >"$tmp/plain" 2>"$tmp/plain.err"
$T --lint <"$tmp/lint.bib" >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/plain" "$tmp/out" && [ ! -s "$tmp/plain.err" ] &&
	grep -q "^<stdin>:1:2: warning: .*author" "$tmp/err"; then
	ok "--lint: citex --check's findings on stderr, the same output; none without it"
else
	{ cat "$tmp/err" "$tmp/plain.err"; } >"$tmp/detail"
	fail "--lint: citex --check's findings on stderr, the same output" "$tmp/detail"
fi
# ---- the recipes of docs/tidy.md ----------------------------------------------------------
# Each ```sh block that starts "# recipe: NAME" runs under sh -e in an empty
# folder holding refs.bib (an untidy file), with citex first on PATH.
mkdir -p "$tmp/bin"
ln -sf "$CITEX" "$tmp/bin/citex"
awk -v dir="$tmp" '
	/^```/ && !inb { inb = 1; first = 1; name = ""; next }
	/^```/ && inb { inb = 0; next }
	inb && first { first = 0; if (match($0, /^# recipe: [a-z0-9-]+/)) name = substr($0, 11, RLENGTH - 10) }
	inb && name != "" { print > (dir "/recipe-" name ".sh") }
' "$ROOT/docs/tidy.md"
for r in "$tmp"/recipe-*.sh; do
	[ -f "$r" ] || continue
	name=$(basename "$r" .sh)
	rm -rf "$tmp/run" && mkdir -p "$tmp/run"
	cp "$D/spec/defaults-1.bib" "$tmp/run/refs.bib"
	if (cd "$tmp/run" && PATH=$tmp/bin:$PATH sh -e "$r") >"$tmp/out" 2>&1 </dev/null; then
		ok "docs/tidy.md ${name#recipe-} runs"
	else
		fail "docs/tidy.md ${name#recipe-} runs" "$tmp/out"
	fi
done
done_checks
