# tools/pgo_corpus.awk - a BibTeX file for the profile's training run
# (tools/pgo_train.sh): entries shaped as the large bibliographies people
# keep, made from the repository's own text, so that the run needs no data
# from outside and the profile sees values of the usual length.
#
#   awk -v n=ENTRIES -f tools/pgo_corpus.awk styles/venues.tsv TEXT...
#
# Journal and conference names come from the venue table, words and
# sentences from the TEXT files (the training run gives it the seeds:
# publication lists, whose titles and names are what a bibliography
# holds, and which never change).  Half the entries are written as
# beebe's files are (quoted values aligned after the name, @string macros
# for journals, months and acknowledgements, long abstracts wrapped over
# lines, crossref to a proceedings entry that follows), half as reference
# managers write them (braced values, one line each).  The numbers come from a fixed
# linear congruential sequence whose products stay exact in a double, so
# the file is the same on every machine and with every awk.

function rnd(m) {
	seed = (seed * 1664525 + 1013904223) % 4294967296
	return int(seed / 65536) % m
}

# Text safe inside a braced or quoted value: no braces, quotes, '@', '#',
# '%', backslash or backquote.
function clean(s) {
	gsub(/[{}"@#%\\`|*_<>\[\]]/, "", s)
	gsub(/  +/, " ", s)
	sub(/^ /, "", s)
	sub(/ $/, "", s)
	return s
}

function cap(w) {
	return toupper(substr(w, 1, 1)) tolower(substr(w, 2))
}

function name() {
	return cap(word[rnd(nword)]) ", " toupper(substr(word[rnd(nword)], 1, 1)) ". " \
	       (rnd(3) ? cap(word[rnd(nword)]) : toupper(substr(word[rnd(nword)], 1, 1)) ".")
}

function authors(    k, i, s) {
	k = 1 + rnd(6)
	s = name()
	for (i = 1; i < k; i++)
		s = s " and " name()
	return s
}

# A sentence, some of its words with the LaTeX such files hold: a
# protected acronym, emphasis, bold, an accent, a little math.
function sentence(    w, nw, i, s, k) {
	nw = split(sent[rnd(nsent)], w, " ")
	s = ""
	for (i = 1; i <= nw; i++) {
		k = rnd(40)
		if (k == 0)
			w[i] = "{" toupper(w[i]) "}"
		else if (k == 1)
			w[i] = "{\\em " w[i] "}"
		else if (k == 2 && w[i] ~ /^[a-z][a-z][a-z][a-z]+$/)
			w[i] = substr(w[i], 1, 2) "{\\\"o}" substr(w[i], 3)
		else if (k == 3)
			w[i] = "$O(n^2)$"
		else if (k == 4)
			w[i] = "\\textbf{" w[i] "}"
		s = s (i > 1 ? " " : "") w[i]
	}
	return s
}

# A long text wrapped at 60 columns, the lines after the first indented.
function wrapped(k, indent,    s, i, out, line, w, nw, j) {
	s = sentence()
	for (i = 1; i < k; i++)
		s = s " " sentence()
	nw = split(s, w, " ")
	out = ""
	line = ""
	for (j = 1; j <= nw; j++) {
		if (length(line) + length(w[j]) > 60) {
			out = out line "\n" indent
			line = w[j]
		} else {
			line = line (line == "" ? "" : " ") w[j]
		}
	}
	return out line
}

FNR == 1 { file++ }

file == 1 && !/^#/ {
	split($0, col, "\t")
	if (col[2] != "" && col[4] == "journal")
		journal[njournal++] = clean(col[2])
	else if (col[2] != "" && col[4] == "conference")
		conf[nconf++] = clean(col[2])
	next
}

file >= 2 {
	s = clean($0)
	if (length(s) >= 40 && s ~ /^[A-Z]/)
		sent[nsent++] = s
	nw = split(s, w, " ")
	for (i = 1; i <= nw; i++)
		if (w[i] ~ /^[A-Za-z][a-z]+$/ && length(w[i]) >= 4)
			word[nword++] = w[i]
}

END {
	seed = 42
	split("jan feb mar apr may jun jul aug sep oct nov dec", month, " ")
	print "@Preamble{\"\\input bibnames.sty\"}"
	print ""
	print "@String{ack-nhfb = \"" authors() "\"}"
	for (i = 0; i < 40; i++)
		printf "@String{j-%d = \"%s\"}\n", i, journal[rnd(njournal)]
	print ""
	for (e = 0; e < n; e++) {
		year = 1970 + rnd(55)
		if (e % 2 == 0 && e % 10 != 8) {
			printf "@Article{%s:%d:%d,\n", word[rnd(nword)], year, e
			printf "  author =       \"%s\",\n", authors()
			printf "  title =        \"%s\",\n", wrapped(1, "                 ")
			printf "  journal =      j-%d,\n", rnd(40)
			printf "  volume =       \"%d\",\n", 1 + rnd(60)
			printf "  number =       \"%d\",\n", 1 + rnd(12)
			p = 1 + rnd(900)
			printf "  pages =        \"%d--%d\",\n", p, p + 3 + rnd(40)
			printf "  month =        %s,\n", month[1 + rnd(12)]
			printf "  year =         \"%d\",\n", year
			printf "  ISSN =         \"%04d-%04d\",\n", rnd(10000), rnd(10000)
			printf "  bibdate =      \"Mon Jan %d 10:%02d:%02d MST %d\",\n", 1 + rnd(28), rnd(60), rnd(60), year + 1
			printf "  bibsource =    \"http://www.math.utah.edu/pub/tex/bib/%s.bib\",\n", tolower(word[rnd(nword)])
			if (rnd(3))
				printf "  abstract =     \"%s\",\n", wrapped(2 + rnd(6), "                 ")
			printf "  acknowledgement = ack-nhfb,\n"
			printf "}\n\n"
		} else if (e % 10 == 8) {
			printf "@InProceedings{%s:%d:%d,\n", word[rnd(nword)], year, e
			printf "  author =       \"%s\",\n", authors()
			printf "  title =        \"%s\",\n", wrapped(1, "                 ")
			printf "  crossref =     \"proc:%d\",\n", e
			p = 1 + rnd(900)
			printf "  pages =        \"%d--%d\",\n", p, p + 3 + rnd(20)
			printf "  year =         \"%d\",\n", year
			printf "}\n\n"
			printf "@Proceedings{proc:%d,\n", e
			printf "  editor =       \"%s\",\n", authors()
			printf "  booktitle =    \"%s\",\n", conf[rnd(nconf)]
			printf "  title =        \"%s\",\n", conf[rnd(nconf)]
			printf "  publisher =    \"%s\",\n", cap(word[rnd(nword)]) " Press"
			printf "  address =      \"%s, %s\",\n", cap(word[rnd(nword)]), cap(word[rnd(nword)])
			printf "  year =         \"%d\",\n", year
			printf "}\n\n"
		} else {
			type = rnd(3) ? "inproceedings" : "article"
			printf "@%s{%s%d%s%d,\n", type, tolower(word[rnd(nword)]), year, tolower(word[rnd(nword)]), e
			printf "  title = {%s},\n", sentence()
			printf "  author = {%s},\n", authors()
			if (type == "article")
				printf "  journal = {%s},\n  volume = {%d},\n  number = {%d},\n", journal[rnd(njournal)], 1 + rnd(60), 1 + rnd(12)
			else
				printf "  booktitle = {%s},\n", conf[rnd(nconf)]
			p = 1 + rnd(900)
			printf "  pages = {%d--%d},\n", p, p + 3 + rnd(20)
			printf "  year = {%d},\n", year
			if (rnd(2))
				printf "  doi = {10.%d/%s.%d},\n", 1000 + rnd(9000), tolower(word[rnd(nword)]), rnd(100000)
			printf "  publisher = {%s}\n}\n\n", cap(word[rnd(nword)])
		}
	}
}
