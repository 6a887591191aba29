/* cv/noise.c - what a page writes into an item that is no part of the
 * reference, taken out before the labeller reads the item.
 *
 * Templates and people dress a publication with more than its citation: a
 * one-line summary ("TL;DR: We study ..."), a teaser of the abstract, an
 * award ("Best Paper Award", "Oral", "Spotlight (top 5%)") and link
 * labels a text dump keeps ("[Abstract]", "[PDF]").  The labeller has no
 * label for them, so they landed in the title, the venue or the note.
 * Here each line of an item is looked at as the page's structure left it:
 * a summary goes to the item's abstract, an award to its note, a link
 * label goes; what is left is the reference, line for line (the lines'
 * roles stay with their lines). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "core/str.h"
#include "cv/doc.h"

/* s starts with one of words (case-insensitive), then a word break: its
 * length, or 0. */
static size_t lead_word(cx_str s, const char *const *words)
{
	for (size_t i = 0; words[i]; i++) {
		size_t k = strlen(words[i]);
		if (s.n >= k && str_ieqn(s.p, words[i], k) && (s.n == k || !str_alnum((unsigned char)s.p[k])))
			return k;
	}
	return 0;
}

/* "TL;DR:", "TLDR -", "In short:": a one-line summary's label, its length
 * with the punctuation after it, or 0. */
static size_t tldr_at(cx_str s)
{
	static const char *const w[] = {"tl;dr", "tldr", "tl; dr", "tl,dr", "tl:dr", "in short:", "in brief:",
	                                "summary:", "one-line summary:", "one-sentence summary:", "teaser:", NULL};
	size_t k = lead_word(s, w);
	if (!k || (s.p[k - 1] != ':' && (k == s.n || (s.p[k] != ':' && s.p[k] != ' ' && s.p[k] != '-'))))
		return 0;
	while (k < s.n && (s.p[k] == ':' || s.p[k] == '-' || s.p[k] == ' ' || s.p[k] == '.'))
		k++;
	return k;
}

size_t cvd_tldr(cx_str s)
{
	return tldr_at(s);
}

/* Is the word one an award or a presentation note is made of? */
static int award_word(cx_str w, int *core)
{
	static const char *const core_w[] = {"award", "awards", "awarded", "prize", "oral", "spotlight", "honorable",
	                                     "honourable", "outstanding", "distinguished", "finalist", "nominee",
	                                     "nomination", "runner-up", "winner", "best", "invited", "keynote",
	                                     "plenary", NULL};
	static const char *const more[] = {"paper", "student", "demo", "poster", "presentation", "mention", "talk",
	                                   "contribution", "top", "selected", "featured", "highlight", "lecture",
	                                   "candidate", "for", "the", "as", "an", "a", "and", "&", "of", "in", NULL};
	while (w.n && strchr("([*:,.;!)]", w.p[w.n - 1]))
		w.n--;
	while (w.n && strchr("([*", w.p[0]))
		w.p++, w.n--;
	if (!w.n)
		return 1;
	int digits = 1;
	for (size_t i = 0; i < w.n; i++)
		digits &= str_digit((unsigned char)w.p[i]) || w.p[i] == '%' || w.p[i] == '.';
	if (digits)
		return 1;
	for (size_t i = 0; core_w[i]; i++)
		if (strlen(core_w[i]) == w.n && str_ieqn(w.p, core_w[i], w.n)) {
			*core = 1;
			return 1;
		}
	for (size_t i = 0; more[i]; i++)
		if (strlen(more[i]) == w.n && str_ieqn(w.p, more[i], w.n))
			return 1;
	return 0;
}

/* Is the text an award or a presentation note and nothing else: "Best
 * Paper Award", "Oral Presentation", "Spotlight (top 5%)"?  Every word is
 * one such notes are made of, one of them says it, and there are few. */
int cvd_award_note(cx_str s)
{
	size_t i = 0, words = 0;
	int core = 0;
	while (i < s.n) {
		while (i < s.n && (s.p[i] == ' ' || s.p[i] == '-' || s.p[i] == '/'))
			i++;
		size_t b = i;
		while (i < s.n && s.p[i] != ' ' && s.p[i] != '/')
			i++;
		if (i == b)
			break;
		if (!award_word(cvd_S(s.p + b, i - b), &core))
			return 0;
		words++;
	}
	return core && words <= 8;
}

/* A venue's figures the page adds to an item: "Impact factor: 2.6",
 * "Acceptance rate: ~50%", "H5-index: 20", "Scopus impact factor: 0.51",
 * "CiteScore 4.1", "Qualis: A2", "CORE rank: A*": a label of such a figure,
 * then a number or a rank. */
static int metric_note(cx_str s)
{
	static const char *const w[] = {"impact factor", "journal impact factor", "scopus impact factor",
	                                "jcr impact factor", "2-year impact factor", "5-year impact factor",
	                                "acceptance rate", "acceptance ratio", "h5-index", "h5 index", "h-index",
	                                "citescore", "sjr", "snip", "qualis", "core rank", "core ranking",
	                                NULL};
	size_t k = lead_word(s, w);
	if (!k || s.n > 48)
		return 0;
	for (size_t i = k; i < s.n; i++)
		if (str_digit((unsigned char)s.p[i]))
			return 1;
	/* a rank: "Qualis: A2", "CORE rank: A*" */
	size_t i = k;
	while (i < s.n && (s.p[i] == ':' || s.p[i] == ' ' || s.p[i] == '-'))
		i++;
	return i > k && s.n - i >= 1 && s.n - i <= 2 && str_is_upper((unsigned char)s.p[i]) &&
	       (s.n - i == 1 || s.p[i + 1] == '*' || s.p[i + 1] == '+');
}

/* An award, presentation or venue-figure note, and nothing else. */
static int note_only(cx_str s)
{
	return cvd_award_note(s) || metric_note(s);
}

/* Is the line a summary in sentences, the item's teaser of its abstract
 * ("We present ...", "Increasingly, people are turning to ...")? Titles
 * are shorter, and capitalise more of their words. */
static int summary_line(cx_str p)
{
	static const char *const we[] = {"we", "our", "this paper", "in this paper", "in this work", "this work",
	                                 "here we", "here, we", "this study", "this article", NULL};
	size_t words = 0, lower = 0, stops = 0;
	for (size_t i = 0; i < p.n; i++)
		if (p.p[i] != ' ' && (i == 0 || p.p[i - 1] == ' ')) {
			words++;
			lower += str_is_lower((unsigned char)p.p[i]);
			/* a sentence ends inside: ". What motivates ..." */
			stops += i >= 2 && p.p[i - 2] == '.' && str_is_upper((unsigned char)p.p[i]);
		}
	if (cvd_find_year(p, NULL))
		return 0;
	if (lead_word(p, we) && words >= 8 && 2 * lower >= words)
		return 1;
	/* a long title in sentence case is one sentence */
	return words >= 20 && stops && 3 * lower >= 2 * words;
}

struct piece {
	cx_str text;  /* a line, markup and all */
	uint8_t role;
};

/* Cut the award notes written as a span of their own out of a line: a
 * bold, italic, bracketed or parenthesised "Best Paper Award". */
static cx_str cut_awards(struct arena *a, cx_str s, cx_str *note)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		unsigned char close = c == CX_M_BOLD_ON ? CX_M_BOLD_OFF : c == CX_M_ITALIC_ON ? CX_M_ITALIC_OFF
		                    : c == '(' ? ')' : c == '[' ? ']' : 0;
		if (close) {
			const char *e = memchr(s.p + i + 1, close, s.n - i - 1);
			if (e) {
				cx_str in = cvd_plain(a, cvd_S(s.p + i + 1, (size_t)(e - s.p - i - 1)));
				in = cvd_trim(in);
				if (in.n && note_only(in)) {
					*note = cv_cat(a, *note, "; ", cvd_trim_punct(in, ".,;:"));
					i = (size_t)(e - s.p);
					continue;
				}
			}
		}
		p[k++] = (char)c;
	}
	p[k] = 0;
	return cvd_S(p, k);
}

/* s with its bracketed link labels ("[Abstract]", "[[PDF]]") cut. */
static cx_str cut_labels(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '[') {
			size_t b = i + 1, e;
			while (b < s.n && s.p[b] == '[')
				b++;
			const char *r = memchr(s.p + b, ']', s.n - b);
			if (r && (e = (size_t)(r - s.p)) > b && cvd_is_label(s.p + b, e - b)) {
				while (e + 1 < s.n && s.p[e + 1] == ']')
					e++;
				i = e;
				continue;
			}
		}
		p[k++] = s.p[i];
	}
	p[k] = 0;
	return cvd_S(p, k);
}

/* Where a one-line summary's label starts after other text, or 0. */
static size_t tldr_in(cx_str s)
{
	for (size_t i = 1; i + 4 < s.n; i++) {
		if (!(s.p[i - 1] == ' ' || CX_IS_MARK(s.p[i - 1])) || !tldr_at(cvd_S(s.p + i, s.n - i)))
			continue;
		/* "In short:", "Summary:" start a sentence of their own */
		size_t b = i - 1;
		while (b && (s.p[b] == ' ' || CX_IS_MARK(s.p[b])))
			b--;
		if (s.p[i] == 'T' || s.p[i] == 't' || s.p[b] == '.' || CX_IS_MARK(s.p[i - 1]))
			return i;
	}
	return 0;
}

/* "... 2013. Best Paper Award.": an award written as the line's last
 * sentence goes to the note. */
static cx_str last_sentence_award(struct arena *a, cx_str s, cx_str *note)
{
	cx_str t = s;
	while (t.n && (t.p[t.n - 1] == ' ' || t.p[t.n - 1] == '.' || CX_IS_MARK(t.p[t.n - 1])))
		t.n--;
	size_t b = t.n;
	while (b >= 2 && !(t.p[b - 1] == ' ' && (t.p[b - 2] == '.' || t.p[b - 2] == ',' || t.p[b - 2] == ';')))
		b--;
	if (b < 2)
		return s;
	cx_str last = cvd_trim(cvd_plain(a, cvd_S(t.p + b, t.n - b)));
	if (!last.n || !note_only(last))
		return s;
	*note = cv_cat(a, *note, "; ", cvd_trim_punct(last, ".,;:"));
	return cvd_S(s.p, b - 1);
}

/* "Title. Invited. Journal, 2020.": an award or presentation note written
 * as a sentence of its own inside the line, between two stops, or before
 * the first comma of a sentence ("Title. Invited talk, Venue, 2012."),
 * goes to the note. */
static cx_str mid_sentence_awards(struct arena *a, cx_str s, cx_str *note)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0, i = 0;
	while (i < s.n) {
		/* a sentence starts after ". " */
		if (i >= 2 && s.p[i - 1] == ' ' && s.p[i - 2] == '.') {
			size_t e = i;
			while (e < s.n && !(s.p[e] == '.' && (e + 1 == s.n || s.p[e + 1] == ' ' || CX_IS_MARK(s.p[e + 1]))))
				e++;
			if (e < s.n && e + 1 < s.n && e - i <= 60) { /* not the line's last: last_sentence_award's */
				cx_str in = cvd_trim(cvd_plain(a, cvd_S(s.p + i, e - i)));
				if (in.n && note_only(in)) {
					*note = cv_cat(a, *note, "; ", cvd_trim_punct(in, ".,;:"));
					for (; i <= e; i++) /* the markup stays balanced */
						if (CX_IS_MARK(s.p[i]))
							p[k++] = s.p[i];
					while (i < s.n && s.p[i] == ' ')
						i++;
					continue;
				}
			}
			/* "Invited talk, Computer Graphics International, 2012": the
			 * note before the venue */
			const char *c = memchr(s.p + i, ',', (e < s.n ? e : s.n) - i);
			if (c && c - (s.p + i) <= 30) {
				cx_str in = cvd_trim(cvd_plain(a, cvd_S(s.p + i, (size_t)(c - s.p) - i)));
				if (in.n && note_only(in)) {
					*note = cv_cat(a, *note, "; ", in);
					for (; i <= (size_t)(c - s.p); i++)
						if (CX_IS_MARK(s.p[i]))
							p[k++] = s.p[i];
					while (i < s.n && s.p[i] == ' ')
						i++;
					continue;
				}
			}
		}
		p[k++] = s.p[i++];
	}
	p[k] = 0;
	return cvd_S(p, k);
}

cx_str cvd_item_clean(struct arena *a, cx_str text, const uint8_t *roles, uint8_t **roles_out,
                      struct item_noise *out)
{
	size_t nl = 1;
	for (size_t i = 0; i < text.n; i++)
		nl += text.p[i] == '\n';
	struct piece *v = arena_alloc(a, nl * sizeof *v);
	size_t n = 0;
	for (size_t b = 0, i = 0; i <= text.n; i++)
		if (i == text.n || text.p[i] == '\n') {
			v[n].text = cvd_S(text.p + b, i - b);
			v[n].role = roles ? roles[n] : 0;
			n++;
			b = i + 1;
		}
	size_t lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += cvd_plain(a, v[i].text).n > 0;
	struct buf o = {0};
	uint8_t *r = roles ? arena_alloc(a, n) : NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		cx_str s = v[i].text, p = cvd_trim(cvd_plain(a, s));
		size_t t = tldr_at(p);
		if (t || (lines >= 3 && summary_line(p))) {
			if (!out->abstract.n)
				out->abstract = arena_str(a, p.p + t, p.n - t);
			lines--;
			continue; /* the line goes */
		}
		if (p.n && note_only(cvd_trim_punct(p, ".,;:|"))) {
			out->note = cv_cat(a, out->note, "; ", cvd_trim_punct(p, ".,;:|"));
			lines--;
			continue;
		}
		s = cut_labels(a, cut_awards(a, s, &out->note));
		/* "TL;DR: ..." after the citation on its line */
		size_t at = tldr_in(s);
		if (at) {
			size_t tk = tldr_at(cvd_S(s.p + at, s.n - at));
			if (!out->abstract.n)
				out->abstract = cvd_trim(cvd_plain(a, cvd_S(s.p + at + tk, s.n - at - tk)));
			s.n = at;
		}
		s = last_sentence_award(a, mid_sentence_awards(a, s, &out->note), &out->note);
		if (k)
			buf_putc(&o, '\n');
		buf_put(&o, s.p, s.n);
		if (r)
			r[k] = v[i].role;
		k++;
	}
	cx_str res = o.n ? arena_str(a, o.p, o.n) : cvd_S("", 0);
	buf_free(&o);
	*roles_out = r;
	return res;
}
