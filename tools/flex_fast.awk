# tools/flex_fast.awk - edit a fast-table scanner (flex -CF) that flex 2.6.4
# wrote, in two places; the Makefile runs it on each generated scanner.
#
#   awk -f tools/flex_fast.awk build/gen/X.lex.c >OUT
#
# 1. The end-of-buffer state, which flex puts at the end of yy_transition,
#    is indexed with the byte class after a NUL in the input; the table is
#    declared too short for the highest classes (westes/flex#628), so 256
#    zero entries are added, which verify no byte.
# 2. The matching loop.  flex's loop adds each byte's offset to the state
#    (a load the next byte waits for) and tests after each byte whether the
#    state accepts.  Most bytes of a long value leave the state as it is
#    (offset 0), so the loop here takes a byte's entry (verify and offset,
#    two 16-bit halves) as one 32-bit word and compares it with "this byte,
#    offset 0": one load, one compare and one branch for the usual byte.
#    A state that accepts is noted when the loop leaves it, at the last
#    byte it consumed, which is what flex's loop noted last for it: after
#    the loop either the state it stopped in accepts or the note is the
#    place to back up to, as before.
#
# A scanner without the table (not -CF) passes unchanged.  In one whose
# table or loop is not flex 2.6.4's, word for word, that part is left as
# flex wrote it and the script says so on stderr: the scanner is then
# flex's own, correct and a little slower (the loop is about 2.5 % of the
# time on big.bib), and the build goes on.

function flush_block(    i) {
	for (i = 1; i <= nblock; i++)
		print block[i]
	nblock = 0
}

BEGIN {
	nwant = split("\t\t{|" \
	    "\t\tconst struct yy_trans_info *yy_trans_info;|" \
	    "|" \
	    "\t\tYY_CHAR yy_c;|" \
	    "|" \
	    "\t\tfor ( yy_c = yy_ec[YY_SC_TO_UI(*yy_cp)] ;|" \
	    "\t\t      (yy_trans_info = &yy_current_state[yy_c])->|" \
	    "\t\tyy_verify == yy_c;|" \
	    "\t\t      yy_c = yy_ec[YY_SC_TO_UI(*++yy_cp)]  )|" \
	    "\t\t\t{|" \
	    "\t\t\tyy_current_state += yy_trans_info->yy_nxt;|" \
	    "|" \
	    "\t\t\tif ( yy_current_state[-1].yy_nxt )|" \
	    "\t\t\t\t{|" \
	    "\t\t\t\tyyg->yy_last_accepting_state = yy_current_state;|" \
	    "\t\t\t\tyyg->yy_last_accepting_cpos = yy_cp;|" \
	    "\t\t\t\t}|" \
	    "\t\t\t}|" \
	    "\t\t}|" \
	    "|" \
	    "yy_find_action:", want, "|")
	table = 0; padded = 0; edited = 0; inblock = 0; nblock = 0
}

/^static const struct yy_trans_info yy_transition\[[0-9]+\]/ {
	table = 1
	if (sub(/\] =/, " + 256] =")) {
		padded = 1
	}
}

inblock {
	block[++nblock] = $0
	if ($0 != want[nblock]) {
		inblock = 0
		flush_block()
	} else if (nblock == nwant) {
		inblock = 0
		nblock = 0
		edited++
		print "\t\t{"
		print "\t\tint yy_acc = yy_current_state[-1].yy_nxt != 0;"
		print ""
		print "\t\tfor ( ; ; ++yy_cp )"
		print "\t\t\t{"
		print "\t\t\tunsigned yy_c = yy_ec[YY_SC_TO_UI(*yy_cp)];"
		print "\t\t\tconst struct yy_trans_info yy_same = { (flex_int16_t) yy_c, 0 };"
		print "\t\t\tuint32_t yy_w, yy_same_w;"
		print ""
		print "\t\t\tmemcpy(&yy_w, &yy_current_state[yy_c], sizeof yy_w);"
		print "\t\t\tmemcpy(&yy_same_w, &yy_same, sizeof yy_same_w);"
		print "\t\t\tif ( __builtin_expect(yy_w == yy_same_w, 1) )"
		print "\t\t\t\tcontinue;"
		print "\t\t\tif ( yy_current_state[yy_c].yy_verify != (flex_int16_t) yy_c )"
		print "\t\t\t\tbreak;"
		print "\t\t\tif ( yy_acc )"
		print "\t\t\t\t{"
		print "\t\t\t\tyyg->yy_last_accepting_state = yy_current_state;"
		print "\t\t\t\tyyg->yy_last_accepting_cpos = yy_cp - 1;"
		print "\t\t\t\t}"
		print "\t\t\tyy_current_state += yy_current_state[yy_c].yy_nxt;"
		print "\t\t\tyy_acc = yy_current_state[-1].yy_nxt != 0;"
		print "\t\t\t}"
		print "\t\t}"
		print ""
		print "yy_find_action:"
	}
	next
}

/^yy_match:$/ && table {
	print
	inblock = 1
	next
}

{ print }

END {
	flush_block()
	if (table && !padded)
		print "citex: warning: tools/flex_fast.awk: yy_transition is not flex 2.6.4's; left unpadded" > "/dev/stderr"
	if (table && edited != 1)
		print "citex: warning: tools/flex_fast.awk: the matching loop is not flex 2.6.4's;" \
		      " left as flex wrote it (correct, slower)" > "/dev/stderr"
}
