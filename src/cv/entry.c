/* cv/entry.c - from labelled tokens to an entry: the normalization after
 * labelling.
 *
 * The labeller says which words are the authors, the title, the container
 * and so on; this file turns each label's text into fields: names through
 * the author grammar (grammar/authors.y: "et al.", equal-contribution marks,
 * the owner's bold name, initials first or last), the volume and issue out of
 * "33(4):", pages without "pp.", a year out of the date, identifiers out of
 * their prefixes, and the type from the heading, the genre ("Ph.D. thesis",
 * "Technical report"), arXiv and the kind of container.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "core/utf8.h"
#include "core/str.h"
#include "cv/cv.h"
#include "core/diag.h"
#include "cv/item.h"
#include "norm/context.h"
#include "norm/norm.h"
#include "read/reader.h"
#include "model/model.h"
#include "norm/venue.h"

void cv_diag(struct cv_ctx *x, enum cx_sev sev, enum cx_code code, unsigned line, const char *fmt, ...)
{
	if (!diag_wanted(&x->c->diags, sev)) {
		diag_count(&x->c->diags, sev);
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(&x->c->diags, NULL, sev, code, line ? line : 1, 1, fmt, ap);
	va_end(ap);
}

/* ---- text helpers ---------------------------------------------------------- */

static cx_str S(const char *p, size_t n)
{
	return (cx_str){p, n};
}

static cx_str cx_str_sub(cx_str s, size_t n)
{
	return (cx_str){s.p, n};
}

static int edge_junk(unsigned char c, const char *set)
{
	return c == ' ' || strchr(set, c) != NULL;
}

/* Guillemets and no-break spaces (U+00AB, U+00BB, U+00A0): two bytes. */
static int latin1_quote(const char *p)
{
	return (unsigned char)p[0] == 0xC2 &&
	       ((unsigned char)p[1] == 0xAB || (unsigned char)p[1] == 0xBB || (unsigned char)p[1] == 0xA0);
}

/* Trim spaces and the given ASCII punctuation, and curly quotes and
 * guillemets, at both ends. */
static cx_str trim_set(cx_str s, const char *set)
{
	for (;;) {
		size_t n0 = s.n;
		while (s.n && edge_junk((unsigned char)s.p[0], set))
			s.p++, s.n--;
		while (s.n && edge_junk((unsigned char)s.p[s.n - 1], set))
			s.n--;
		if (s.n >= 3 && (unsigned char)s.p[0] == 0xE2 && (unsigned char)s.p[1] == 0x80 &&
		    ((unsigned char)s.p[2] >= 0x98 && (unsigned char)s.p[2] <= 0x9F))
			s.p += 3, s.n -= 3;
		if (s.n >= 3 && (unsigned char)s.p[s.n - 3] == 0xE2 && (unsigned char)s.p[s.n - 2] == 0x80 &&
		    ((unsigned char)s.p[s.n - 1] >= 0x98 && (unsigned char)s.p[s.n - 1] <= 0x9F))
			s.n -= 3;
		if (s.n >= 2 && latin1_quote(s.p))
			s.p += 2, s.n -= 2;
		if (s.n >= 2 && latin1_quote(s.p + s.n - 2))
			s.n -= 2;
		if (s.n == n0)
			return s;
	}
}

/* Drop a leading word (case-insensitive) and what follows it of set. */
static cx_str drop_lead(cx_str s, const char *word, const char *set)
{
	size_t k = strlen(word);
	if (!str_istarts(s, word) || (s.n > k && str_alpha((unsigned char)s.p[k])))
		return s;
	s.p += k, s.n -= k;
	return trim_set(s, set);
}

/* Without the lead-in a page writes before a venue ("Published in
 * Nature", "Appeared in: ..."), which says what "In" says. */
static cx_str published_gone(cx_str s)
{
	static const char *const w[] = {"published online in", "published in", "published at", "appeared in",
	                                "publication", "published", NULL};
	for (size_t i = 0; w[i]; i++) {
		cx_str t = drop_lead(s, w[i], ":,. ");
		if (t.p != s.p)
			return t;
	}
	return s;
}

/* A note without the words that name the eprint ("arXiv", "preprint",
 * "e-prints", the identifier): what is left, such as a collaboration's
 * name in "(Fermi-LAT), arXiv: 1406.11442", or nothing. */
static cx_str eprint_gone(struct arena *a, cx_str s, cx_str arx)
{
	char *o = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n;) {
		size_t e = i;
		while (e < s.n && s.p[e] != ' ')
			e++;
		cx_str w = S(s.p + i, e - i);
		int drop = str_iword(w, "arxiv") || str_iword(w, "preprint") || str_iword(w, "e-prints") ||
		           str_iword(w, "eprint");
		for (size_t j = 0; !drop && arx.n && j + arx.n <= w.n; j++)
			drop = !memcmp(w.p + j, arx.p, arx.n); /* the identifier */
		cx_str t = trim_set(w, ",.;:()[]");
		int digits = t.n > 0;
		for (size_t j = 0; j < t.n; j++)
			digits &= str_digit((unsigned char)t.p[j]) || t.p[j] == '.';
		if (!drop && !digits && t.n) {
			if (k)
				o[k++] = ' ';
			memcpy(o + k, w.p, w.n);
			k += w.n;
		}
		i = e < s.n ? e + 1 : e;
	}
	return trim_set(S(o, k), ",.;:()[]| ");
}

/* Without the lead-in of a paper given at a meeting ("Paper presented at
 * the 20th Pacific Asia Conference"): the meeting; *said, what the lead
 * said ("Paper presented"), or "".  A lead "at (the)" alone goes when the
 * note said the rest ("paper presented" labelled apart). */
static cx_str presented_gone(cx_str s, cx_str note, cx_str *said)
{
	static const char *const w[] = {"paper presented at", "poster presented at", "talk presented at",
	                                "presented at", "paper given at", "talk given at", NULL};
	*said = S("", 0);
	for (size_t i = 0; w[i]; i++) {
		cx_str t = drop_lead(s, w[i], ":,. ");
		if (t.p != s.p) {
			*said = S(s.p, strlen(w[i]) - 3);
			return drop_lead(t, "the", " ");
		}
	}
	if (str_ifind(note, "presented", 1) >= 0 || str_ifind(note, "given", 1) >= 0) {
		cx_str t = drop_lead(s, "at", " ");
		if (t.p != s.p)
			return drop_lead(t, "the", " ");
	}
	return s;
}

/* NFC copy in the arena. */
static cx_str nfc(struct arena *a, cx_str s)
{
	return s.n ? text_nfc(a, s.p, s.n) : S("", 0);
}

/* ---- fields ----------------------------------------------------------------- */

struct eb {
	struct cv_ctx *x;
	struct cx_entry *e;
	size_t cap;
};

static struct cx_field *add(struct eb *b, enum cx_field_id id, cx_str text)
{
	return model_add_field(b->x->a, b->e, &b->cap, id, (cx_str){NULL, 0}, text, b->e->loc.line);
}

static void add_text(struct eb *b, enum cx_field_id id, cx_str s)
{
	if (s.n)
		add(b, id, nfc(b->x->a, s));
}

static void add_int(struct eb *b, enum cx_field_id id, int v)
{
	char t[16];
	int k = snprintf(t, sizeof t, "%d", v);
	add(b, id, arena_str(b->x->a, t, (size_t)k));
}

/* ---- names ------------------------------------------------------------------ */

cx_str cv_cat(struct arena *a, cx_str x, const char *sep, cx_str y)
{
	if (!x.n)
		return y;
	if (!y.n)
		return x;
	return arena_cat(a, x, sep, y);
}

static cx_str name_bibtex(struct arena *a, const struct cx_name *n)
{
	if (n->others)
		return CX_STR("others");
	if (n->literal.n)
		return cv_cat(a, cv_cat(a, CX_STR("{"), "", n->literal), "", CX_STR("}"));
	cx_str f = n->particle.n ? cv_cat(a, n->particle, " ", n->family) : n->family;
	if (n->suffix.n)
		f = cv_cat(a, f, ", ", n->suffix);
	return n->given.n ? cv_cat(a, f, ", ", n->given) : f;
}

void cv_owner_name(struct cv_ctx *x, struct cx_name *out, unsigned line)
{
	memset(out, 0, sizeof *out);
	if (x->owner.n) {
		au_split(x->a, x->owner, memchr(x->owner.p, ',', x->owner.n) != NULL, 0, out);
		return;
	}
	out->literal = CX_STR("[owner]");
	if (!x->owner_warned) {
		cv_diag(x, CX_WARNING, CX_E_VALUE, line,
		        "an author list leaves out the page owner's name and the owner is unknown; "
		        "\"[owner]\" stands in (give --owner \"Given Family\")");
		x->owner_warned = 1;
	}
}

/* The initials of a given name ("P.K." and "Paul Karl" give "PK"), at
 * most cap - 1 of them; *short_ is set when the name is written with
 * initials alone ("P. K.", "P.-K."). */
static size_t initials(cx_str g, char *out, size_t cap, int *short_)
{
	size_t k = 0;
	*short_ = 1;
	for (size_t i = 0; i < g.n;) {
		while (i < g.n && (g.p[i] == ' ' || g.p[i] == '.' || g.p[i] == '-'))
			i++;
		if (i >= g.n)
			break;
		size_t w = i;
		while (i < g.n && g.p[i] != ' ' && g.p[i] != '.' && g.p[i] != '-')
			i++;
		size_t c = 1; /* the word's first letter, whole */
		while (w + c < i && ((unsigned char)g.p[w + c] & 0xC0) == 0x80)
			c++;
		if (w + c < i)
			*short_ = 0; /* a word longer than its first letter */
		if (k + c < cap)
			memcpy(out + k, g.p + w, c), k += c;
	}
	out[k] = 0;
	return k;
}

/* An author who is the page's owner written short ("Muduli, P." where the
 * owner is "P.K. Muduli", or "Messing" alone in a list of family names):
 * the owner's name as the page gives it in full.  A given name written out
 * is left as it is, and so are initials where the owner's given name is
 * spelled out ("Silva, A." for Ana Silva): the page chose them. */
static void owner_in_full(struct cv_ctx *x, struct cx_name *nm)
{
	if (!x->owner.n || nm->literal.n || !nm->family.n)
		return;
	struct cx_name o;
	memset(&o, 0, sizeof o);
	au_split(x->a, x->owner, memchr(x->owner.p, ',', x->owner.n) != NULL, 0, &o);
	if (!o.given.n || !str_ieqs(o.family, nm->family) || !str_ieqs(o.particle, nm->particle))
		return;
	char a[64], b[64];
	int sa, sb;
	size_t na = initials(nm->given, a, sizeof a, &sa), nb = initials(o.given, b, sizeof b, &sb);
	if (!sa || na >= nb || memcmp(a, b, na) || (na && !sb))
		return; /* a given name of its own, another one's initials, no more of them, or
		           initials the page chose over a given name it spells out elsewhere */
	nm->given = o.given;
}

/* Role words around an editor list: "In", "(Eds.)", "ed. by", "Hrsg.". */
static cx_str editor_text(struct arena *a, cx_str s)
{
	static const char *const role[] = {"(eds.)", "(eds)", "(ed.)", "(ed)", "eds.", "ed.", "edited by",
	                                   "editors", "editor", "(hrsg.)", "hrsg.", "(hg.)", "hg.", "(dir.)",
	                                   "dir.", "eds", "ed", "(coord.)", NULL};
	char *p = arena_strndup(a, s.p, s.n);
	size_t n = s.n;
	for (size_t r = 0; role[r]; r++) {
		size_t k = strlen(role[r]);
		for (size_t i = 0; i + k <= n; i++) {
			if ((i && str_alnum((unsigned char)p[i - 1])) || (i + k < n && str_alnum((unsigned char)p[i + k])))
				continue;
			size_t j = 0;
			while (j < k && str_lower((unsigned char)p[i + j]) == role[r][j])
				j++;
			if (j < k)
				continue;
			memset(p + i, ' ', k);
		}
	}
	cx_str t = trim_set(S(p, n), ",;:()[] ");
	t = drop_lead(t, "in", ":, ");
	t = drop_lead(t, "by", ":, ");
	/* the stop of a last initial stays ("Halvorsen, N. (ed.)") */
	for (;;) {
		t = trim_set(t, ",;:()[] ");
		if (!t.n || t.p[t.n - 1] != '.' ||
		    (t.n >= 2 && str_is_upper((unsigned char)t.p[t.n - 2]) && (t.n == 2 || !str_alpha((unsigned char)t.p[t.n - 3]))))
			return t;
		t.n--;
	}
}

static int any_word(cx_str s, const char *const *w)
{
	for (size_t i = 0; w[i]; i++)
		if (str_iword(s, w[i]))
			return 1;
	return 0;
}

/* Is a name in a list a body's ("the LIFE Collaboration", "ATLAS
 * Consortium")?  It is written as it is, not split. */
static int body_name(cx_str s)
{
	static const char *const w[] = {"collaboration", "consortium", "committee", "team", "group", "project",
	                                "initiative", "network", "association", "society", "organization",
	                                "organisation", "alliance", "council", "taskforce", "institute",
	                                "university", "laboratory", NULL};
	return any_word(s, w);
}

/* Does s hold a letter?  A run of dashes ("———.", "–––––") stands for the
 * authors of the reference before, and names no one. */
static int has_letter(cx_str s)
{
	for (size_t i = 0, k; i < s.n; i += k) {
		utf8proc_category_t c = utf8proc_category(utf8_next(s.p + i, s.n - i, &k));
		if (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO)
			return 1;
	}
	return 0;
}

/* "Hershey, Robert D., Jr.": one name written family first with its
 * suffix after the given names is "Robert D. Hershey Jr.", the order in
 * which the name grammar reads a suffix. */
static cx_str suffix_last(struct arena *a, cx_str t)
{
	static const char *const sx[] = {"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV", NULL};
	const char *c1 = memchr(t.p, ',', t.n), *c2 = c1 ? memchr(c1 + 1, ',', (size_t)(t.p + t.n - c1 - 1)) : NULL;
	if (!c2 || memchr(c2 + 1, ',', (size_t)(t.p + t.n - c2 - 1)) || memchr(t.p, ';', t.n))
		return t;
	cx_str fam = trim_set(S(t.p, (size_t)(c1 - t.p)), ""), giv = trim_set(S(c1 + 1, (size_t)(c2 - c1 - 1)), "");
	cx_str suf = trim_set(S(c2 + 1, (size_t)(t.p + t.n - c2 - 1)), "");
	int ok = 0;
	for (size_t i = 0; sx[i] && !ok; i++)
		ok = suf.n == strlen(sx[i]) && !memcmp(suf.p, sx[i], suf.n);
	if (!ok || !fam.n || !giv.n || str_ihas(giv, " and ") || memchr(giv.p, '&', giv.n))
		return t;
	return cv_cat(a, cv_cat(a, giv, " ", fam), " ", suf);
}

/* "Muller, Eric; Hollien, Harry; & Murry, Thomas": names parted by
 * semicolons need no "and" before the last, and one there is no empty
 * slot; it goes. */
static cx_str semicolon_and(struct arena *a, cx_str t)
{
	for (size_t i = 0; i + 3 < t.n; i++) {
		if (t.p[i] != ';' || t.p[i + 1] != ' ')
			continue;
		size_t k = t.p[i + 2] == '&' ? 1 : i + 5 < t.n && !memcmp(t.p + i + 2, "and", 3) ? 3 : 0;
		if (!k || i + 2 + k >= t.n || t.p[i + 2 + k] != ' ')
			continue;
		char *q = arena_alloc(a, t.n);
		memcpy(q, t.p, i + 1);
		memcpy(q + i + 1, t.p + i + 2 + k, t.n - i - 2 - k);
		return S(q, t.n - k - 1);
	}
	return t;
}

/* s without the model's markup bytes (bold, italic, ...). */
static cx_str unmarked(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++)
		if (!CX_IS_MARK(s.p[i]))
			p[k++] = s.p[i];
	p[k] = 0;
	return trim_set(S(p, k), "");
}

/* "4. Shan W, ...", "**4**. Shan W", "(12) Shan W": the list's number of
 * the item before its first name, which the labeller took for a name's
 * initial ("Shan, W. 4."): the names after it.  A name never starts
 * with a number. */
static cx_str list_number_gone(struct arena *a, cx_str t)
{
	size_t i = 0, d;
	while (i < t.n && (CX_IS_MARK(t.p[i]) || t.p[i] == ' ' || t.p[i] == '(' || t.p[i] == '['))
		i++;
	for (d = i; d < t.n && d - i < 4 && str_digit((unsigned char)t.p[d]);)
		d++;
	if (d == i || (d < t.n && str_digit((unsigned char)t.p[d])))
		return t;
	while (d < t.n && CX_IS_MARK(t.p[d]))
		d++;
	if (d >= t.n || (t.p[d] != '.' && t.p[d] != ')' && t.p[d] != ']'))
		return t;
	d++;
	if (d < t.n && t.p[d] != ' ' && !CX_IS_MARK(t.p[d]))
		return t; /* "4.5", "3.Jones" */
	/* the marks before and around the number stay: the markup stays
	 * balanced ("**4**. **Shan W**") */
	char *p = arena_alloc(a, t.n + 1);
	size_t k = 0;
	for (size_t j = 0; j < d; j++)
		if (CX_IS_MARK(t.p[j]))
			p[k++] = t.p[j];
	memcpy(p + k, t.p + d, t.n - d);
	k += t.n - d;
	p[k] = 0;
	return S(p, k);
}

static void add_names(struct eb *b, enum cx_field_id id, cx_str text, unsigned line, cx_str *note)
{
	struct cv_ctx *x = b->x;
	struct au_list L;
	cx_str t = trim_set(text, ",;:");
	/* a table's cell rule or a list's dash before the first name:
	 * "2013 — Chakraborty A, ..." */
	while (t.n >= 3 && (!memcmp(t.p, "\xE2\x80\x94", 3) || !memcmp(t.p, "\xE2\x80\x93", 3)))
		t = trim_set(S(t.p + 3, t.n - 3), " ,;:");
	/* a last period goes unless it closes an initial ("C.") */
	while (t.n && t.p[t.n - 1] == '.') {
		size_t w = t.n;
		while (w && t.p[w - 1] != ' ' && t.p[w - 1] != ',')
			w--;
		cx_str lw = S(t.p + w, t.n - w);
		if (au_is_initials(lw) && (lw.n == 2 || memchr(lw.p, '.', lw.n - 1) || str_is_lower((unsigned char)lw.p[1])))
			break; /* the period of an initial ("C.", "A.V.", "Sh."), not "OA." */
		t = trim_set(cx_str_sub(t, t.n - 1), ",;:");
	}
	if (text.n && text.p[0] == ',' && t.n && id == CX_F_AUTHOR)
		t = S(text.p, (size_t)(t.p + t.n - text.p)); /* ", Bob Jones": the owner's empty slot first */
	t = list_number_gone(x->a, t);
	t = suffix_last(x->a, semicolon_and(x->a, t));
	if (!t.n || !has_letter(t))
		return;
	if (au_parse(x->a, t.p, t.n, &L) || !L.n) {
		/* a list the grammar cannot split is kept whole, never lost:
		 * dropping it would make the page's owner the sole author */
		struct cx_name *nm = arena_calloc(x->a, sizeof *nm);
		nm->literal = nfc(x->a, unmarked(x->a, t));
		struct cx_field *f = add(b, id, cv_cat(x->a, cv_cat(x->a, CX_STR("{"), "", nm->literal), "", CX_STR("}")));
		f->names = nm;
		f->nnames = 1;
		size_t k = nm->literal.n > 60 ? 60 : nm->literal.n;
		while (k < nm->literal.n && ((unsigned char)nm->literal.p[k] & 0xC0) == 0x80)
			k--; /* not inside a character */
		cv_diag(x, CX_WARNING, CX_E_VALUE, line, "%s list \"%.*s%s\" could not be split into names; kept as one name",
		        id == CX_F_AUTHOR ? "author" : id == CX_F_EDITOR ? "editor" : "translator", (int)k, nm->literal.p,
		        k < nm->literal.n ? "..." : "");
		return;
	}
	struct cx_name *names = arena_calloc(x->a, (2 * L.n + 1) * sizeof *names);
	size_t nn = 0;
	cx_str eq = S("", 0), raw = S("", 0);
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *an = &L.v[i];
		struct cx_name *nm = &names[nn];
		if (an->empty && id == CX_F_AUTHOR)
			cv_owner_name(x, nm, line);
		else if (an->text.n > 3 && (!memcmp(an->text.p, "\xE2\x80\xA6", 3) || !memcmp(an->text.p, "...", 3))) {
			/* APA's "…, Last Author": the names left out go unsaid (a
			 * list has no room for them before its last) */
			cx_str rest = trim_set(S(an->text.p + 3, an->text.n - 3), " ,");
			if (!rest.n)
				continue;
			au_split(x->a, rest, an->family_first, L.vancouver, nm);
			nm->family = nfc(x->a, trim_set(nm->family, ",;:"));
			nm->given = nfc(x->a, nm->given);
		} else if (an->text.n && body_name(an->text))
			nm->literal = nfc(x->a, trim_set(an->text, ",;:. "));
		else if (an->text.n) {
			au_split(x->a, an->text, an->family_first, L.vancouver, nm);
			nm->family = nfc(x->a, trim_set(nm->family, ",;:"));
			nm->given = nfc(x->a, nm->given);
			if (id == CX_F_AUTHOR)
				owner_in_full(x, nm);
		} else if (an->others) {
			nm->others = 1;
			nn++;
			continue;
		} else
			continue;
		if (an->equal) {
			nm->equal = 1;
			cx_str d = nm->literal.n ? nm->literal : cv_cat(x->a, nm->given, " ", nm->family);
			eq = cv_cat(x->a, eq, ", ", d);
		}
		nn++;
		if (an->others && an->text.n)
			names[nn++].others = 1;
	}
	if (!nn)
		return;
	for (size_t i = 0; i < nn; i++)
		raw = cv_cat(x->a, raw, " and ", name_bibtex(x->a, &names[i]));
	struct cx_field *f = add(b, id, raw);
	f->names = names;
	f->nnames = nn;
	if (eq.n && note)
		*note = cv_cat(x->a, *note, "; ", cv_cat(x->a, CX_STR("Equal contribution:"), " ", eq));
}

/* A co-author phrase, as CVs in fields that order authors alphabetically
 * write it: "(with Tom Ashby and Lee Chen)" in s, at its start, end or
 * after the title.  Its names (without "with" and the brackets), and
 * *rest, s without the phrase; or "" when s has none, or its words are no
 * names (digits, a small word other than "and": "with applications"). */
static cx_str with_names(struct arena *a, cx_str s, cx_str *rest)
{
	long at = str_ifind(s, "(with ", 0);
	size_t from, to, open = at >= 0;
	if (at >= 0) {
		from = (size_t)at;
		const char *e = memchr(s.p + from, ')', s.n - from);
		if (!e)
			return S("", 0);
		to = (size_t)(e - s.p) + 1;
	} else if (s.n > 5 && !str_ifind(s, "with ", 0) && str_is_upper((unsigned char)s.p[5])) {
		from = 0, to = s.n; /* an author list "with K. Ito" */
	} else
		return S("", 0);
	cx_str n = trim_set(S(s.p + from + 5 + open, to - from - 5 - 2 * open), " ,;.");
	if (!n.n || n.n > 200)
		return S("", 0);
	static const char *const small[] = {"and", "van", "von", "de", "der", "den", "da", "di", "du", "la", "le", NULL};
	for (size_t i = 0; i < n.n; i++) {
		if (str_digit((unsigned char)n.p[i]))
			return S("", 0);
		if ((i && n.p[i - 1] != ' ') || !str_is_lower((unsigned char)n.p[i]))
			continue;
		size_t w = i, k = 0;
		while (w < n.n && n.p[w] != ' ' && n.p[w] != ',')
			w++;
		while (small[k] && (strlen(small[k]) != w - i || memcmp(small[k], n.p + i, w - i)))
			k++;
		if (!small[k])
			return S("", 0); /* "with applications to ...": no names */
	}
	if (!str_is_upper((unsigned char)n.p[0]))
		return S("", 0);
	cx_str before = trim_set(S(s.p, from), " ,;"), after = trim_set(S(s.p + to, s.n - to), " ,;");
	*rest = before.n && after.n ? cv_cat(a, before, " ", after) : before.n ? before : after;
	return n;
}

/* An author list that runs on into the degree its thesis was for ("Lee
 * Chen Ph.D. Thesis, KAIST", "Lee Chen, Master's thesis, ETH"): the names
 * before the degree are the authors, the rest is the container, as a
 * thesis's school and degree are read there.  1 and *out the item so
 * parted, or 0. */
static int thesis_in_names(const struct cv_item *it, struct cv_item *out)
{
	static const char *const deg[] = {"ph.d.", "phd", "ph. d.", "doctoral", "master's", "masters", "master", "m.sc.",
	                                  "msc", "m.s.", "b.sc.", "bachelor's", "bachelor", "diploma", "thesis",
	                                  "dissertation", NULL};
	cx_str a = it->seg[LAB_AUTHOR];
	long th = str_ifind(a, "thesis", 1);
	if (th < 0)
		th = str_ifind(a, "dissertation", 1);
	if (th < 0 || it->seg[LAB_CONTAINER].n)
		return 0;
	size_t cut = (size_t)th;
	for (size_t k = 0; deg[k]; k++) {
		long d = str_ifind(a, deg[k], 1);
		if (d >= 0 && (size_t)d < cut)
			cut = (size_t)d;
	}
	cx_str names = trim_set(S(a.p, cut), " ,;.");
	if (!names.n || !str_is_upper((unsigned char)names.p[0]))
		return 0;
	*out = *it;
	out->seg[LAB_AUTHOR] = names;
	out->seg[LAB_CONTAINER] = trim_set(S(a.p + cut, a.n - cut), " ,;.");
	return 1;
}

/* Does s open with a run of dashes ("-----", "———", "___"), which a
 * list writes for the authors of the reference before? */
static int dashes_first(cx_str s)
{
	size_t i = 0, n = 0, k;
	while (i < s.n && (s.p[i] == ' ' || CX_IS_MARK(s.p[i])))
		i++;
	while (i < s.n) {
		int32_t c = utf8_next(s.p + i, s.n - i, &k);
		if (c != '-' && c != '_' && c != 0x2013 && c != 0x2014 && c != 0x2015 && c != 0x2E3A && c != 0x2E3B)
			break;
		n += c == 0x2E3A ? 2 : c == 0x2E3B ? 3 : 1;
		i += k;
	}
	return n >= 2 && (n >= 3 || i >= s.n || s.p[i] != ' ' || (s.p[i - 1] & 0x80));
}

/* The page's owner as the one author of an item that names none. */
static void add_owner(struct eb *b, unsigned line)
{
	struct cx_name *nm = arena_calloc(b->x->a, sizeof *nm);
	cv_owner_name(b->x, nm, line);
	struct cx_field *f = add(b, CX_F_AUTHOR, name_bibtex(b->x->a, nm));
	f->names = nm;
	f->nnames = 1;
}

/* ---- numbers ------------------------------------------------------------------ */

/* The first run of digits (with letters glued to it) at or after i. */
static cx_str num_at(cx_str s, size_t *i)
{
	while (*i < s.n && !str_digit((unsigned char)s.p[*i]))
		(*i)++;
	size_t b = *i;
	while (*i < s.n && (str_alnum((unsigned char)s.p[*i])))
		(*i)++;
	return b < s.n ? S(s.p + b, *i - b) : S("", 0); /* s.p may be NULL */
}

/* The first word of capital Roman numerals in s ("Vol. XIX, No. 3",
 * "LXVI(6)", "t. IX", "XIV:4"), or empty. */
static cx_str roman_in(cx_str s)
{
	for (size_t i = 0; i < s.n; i++) {
		if (i && str_alpha((unsigned char)s.p[i - 1]))
			continue;
		size_t e = i;
		while (e < s.n && strchr("IVXLCDM", s.p[e]) && s.p[e])
			e++;
		/* a lone C, D, L or M is a series letter ("Phys. Rev. C 58") */
		if (e > i && e - i <= 7 && (e == s.n || !str_alpha((unsigned char)s.p[e])) &&
		    (e - i > 1 || (strchr("IVX", s.p[i]) && (e == s.n || s.p[e] != '.')))) /* "V. 37" is "Vol. 37" */
			return S(s.p + i, e - i);
	}
	return S("", 0);
}

/* "33(4):", "Vol. 9, No. 2", "vol.36, no. 9", "10, 39", "n° 191", "XII". */
static void volume_issue(cx_str s, cx_str *vol, cx_str *iss)
{
	*vol = *iss = S("", 0);
	s = trim_set(s, ",.;:");
	if (s.n > 4 && s.p[0] == '(' && (s.p[1] == 'V' || s.p[1] == 'v'))
		s = trim_set(S(s.p + 1, s.n - 1), ",.;:"); /* "(Vol. 3, pp. 1-10)" */
	for (size_t i = 0; i < s.n; i++) {
		size_t k = 0;
		cx_str r = S(s.p + i, s.n - i);
		if (str_istarts(r, "n\xC2\xB0") || str_istarts(r, "n\xC2\xBA") || str_istarts(r, "\xE2\x84\x96"))
			k = 3; /* "n° 4", "nº 4", "№ 4" */
		else if (str_istarts(r, "no") || str_istarts(r, "nr") || str_istarts(r, "issue") || str_istarts(r, "heft") ||
		         str_istarts(r, "fasc"))
			k = 2;
		else if (s.p[i] == '(' || s.p[i] == '#' || ((unsigned char)s.p[i] == 0xC2 && i + 1 < s.n))
			k = 1;
		if (!k || (i && str_alpha((unsigned char)s.p[i - 1]) && !(s.p[i] == '(' && strchr("IVXLC", s.p[i - 1]))))
			continue; /* "LXVI(6)" has its issue in parentheses too */
		size_t j = i + k;
		while (j < s.n && (str_alpha((unsigned char)s.p[j]) || s.p[j] == '.' || s.p[j] == ' ' ||
		                   (unsigned char)s.p[j] >= 0x80))
			j++;
		if (j < s.n && str_digit((unsigned char)s.p[j])) {
			size_t e = j;
			while (e < s.n && (str_alnum((unsigned char)s.p[e]) || s.p[e] == '-' || s.p[e] == '/' ||
			                   (e + 3 < s.n && !memcmp(s.p + e, "\xE2\x80\x93", 3) &&
			                    str_digit((unsigned char)s.p[e + 3]))))
				e += (unsigned char)s.p[e] == 0xE2 ? 3 : 1; /* "1-2", "1–2" */
			*iss = S(s.p + j, e - j);
			cx_str head = S(s.p, i);
			size_t z = 0;
			*vol = num_at(head, &z);
			if (!vol->n)
				*vol = roman_in(head);
			if (!vol->n) {
				z = e;
				*vol = num_at(S(s.p, s.n), &z);
				if (vol->p == iss->p)
					*vol = S("", 0);
			}
			return;
		}
	}
	size_t z = 0;
	*vol = num_at(s, &z);
	cx_str ro = roman_in(s);
	if (vol->n && ro.n && ro.p < vol->p) { /* "XIV:4" */
		*iss = *vol, *vol = ro;
		return;
	}
	if (vol->n) {
		/* "10, 39" or "10.2" */
		while (z < s.n && (s.p[z] == ' ' || s.p[z] == ',' || s.p[z] == '.' || s.p[z] == ':'))
			z++;
		if (z < s.n && str_digit((unsigned char)s.p[z]) && z > (size_t)(vol->p + vol->n - s.p))
			*iss = num_at(s, &z);
		return;
	}
	/* a roman volume */
	cx_str w = trim_set(drop_lead(drop_lead(s, "vol", ". "), "volume", ". "), ".,");
	if (w.n && w.n <= 6 && strspn(w.p, "IVXLCivxlc") >= w.n)
		*vol = w;
	else
		*vol = roman_in(s);
}

/* "pp. 1477-81." -> "1477–81". */
static cx_str pages_text(struct arena *a, cx_str s)
{
	s = trim_set(s, ",.;:()[] ");
	for (size_t i = 1; i + 2 < s.n; i++)
		if (s.p[i] == ' ' && s.p[i + 1] == '(' && str_alpha((unsigned char)s.p[i + 2]) &&
		    strcspn(s.p + i, "0123456789") >= s.n - i) {
			s = trim_set(S(s.p, i), ",.;: "); /* "127 p. (Dominos)": a series after the extent */
			break;
		}
	static const char *const lead[] = {"pages", "page", "pp", "p", "ss", "s", "seiten", "S", NULL};
	for (size_t i = 0; lead[i]; i++) {
		cx_str t = drop_lead(s, lead[i], ". ");
		if (t.n < s.n && t.n && (str_digit((unsigned char)t.p[0]) || str_is_upper((unsigned char)t.p[0]))) {
			s = t;
			break;
		}
	}
	char *q = arena_alloc(a, 3 * s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '-' || (c == 0xE2 && i + 2 < s.n && (unsigned char)s.p[i + 1] == 0x80 &&
		                 (unsigned char)s.p[i + 2] >= 0x90 && (unsigned char)s.p[i + 2] <= 0x95)) {
			while (k && q[k - 1] == ' ')
				k--;
			if (!(k >= 3 && (unsigned char)q[k - 1] == 0x93))
				q[k++] = (char)0xE2, q[k++] = (char)0x80, q[k++] = (char)0x93;
			i += c == '-' ? 0 : 2;
			while (i + 1 < s.n && s.p[i + 1] == ' ')
				i++;
			continue;
		}
		q[k++] = (char)c;
	}
	return trim_set(S(q, k), ",.;: ");
}

static int year_in(cx_str s)
{
	for (size_t i = 0; i + 4 <= s.n; i++) {
		if ((i && str_digit((unsigned char)s.p[i - 1])) || (i + 4 < s.n && str_digit((unsigned char)s.p[i + 4])))
			continue;
		int ok = 1, y = 0;
		for (size_t k = 0; k < 4; k++) {
			ok &= str_digit((unsigned char)s.p[i + k]) != 0;
			y = y * 10 + (s.p[i + k] - '0');
		}
		if (ok && y >= 1500 && y <= 2039)
			return y;
	}
	return 0;
}

/* Does the piece after s.p[e] (a blank) go on a DOI that a line break cut
 * after its "/" or a ".": "10.1057/ palcomms. 2015.46"?  Only a piece of
 * DOI characters with a digit, or in lower case, or of two bytes at most
 * ("x"); *end is where it ends. */
static int doi_goes_on(cx_str s, size_t e, size_t *end)
{
	size_t b = e;
	while (b < s.n && s.p[b] == ' ')
		b++;
	size_t k = b;
	int digit = 0, upper = 0;
	for (; k < s.n && s.p[k] != ' '; k++) {
		unsigned char c = (unsigned char)s.p[k];
		if (!str_alnum(c) && !strchr("./-_()", c))
			return 0;
		digit |= str_digit(c) != 0;
		upper |= str_is_upper(c) != 0;
	}
	if (b == e || k == b || !e || (s.p[e - 1] != '/' && s.p[e - 1] != '.') || !str_alnum((unsigned char)s.p[b]))
		return 0;
	*end = k;
	return digit || !upper || k - b <= 2;
}

/* s[b, e) and the pieces after it that goes_on says a blank cut from it,
 * joined without the blanks. */
static cx_str join_cut(struct arena *a, cx_str s, size_t b, size_t e, int (*goes_on)(cx_str, size_t, size_t *))
{
	cx_str x = S(s.p + b, e - b);
	for (size_t k; goes_on(s, e, &k); e = k) {
		size_t p = e;
		while (s.p[p] == ' ')
			p++;
		x = cv_cat(a, x, "", S(s.p + p, k - p));
	}
	return x;
}

/* "doi:10.1000/x", "https://doi.org/10.1000/x." -> "10.1000/x". */
static cx_str doi_text(struct arena *a, cx_str s)
{
	for (size_t i = 0; i + 3 < s.n; i++)
		if (s.p[i] == '1' && s.p[i + 1] == '0' && s.p[i + 2] == '.' && str_digit((unsigned char)s.p[i + 3]) &&
		    (i == 0 || (!str_alnum((unsigned char)s.p[i - 1]) && s.p[i - 1] != '.'))) {
			size_t e = i;
			while (e < s.n && s.p[e] != ' ')
				e++;
			if (!memchr(s.p + i, '/', e - i))
				continue; /* "2210.05678" is an arXiv id, not a DOI */
			return trim_set(join_cut(a, s, i, e, doi_goes_on), ".,;)]>");
		}
	return S("", 0);
}

/* Does the piece p (up to a blank) go on a link that a line break or a
 * hyphenation cut ("http://dx.doi. org/10.1016/...", "data-use-and
 * -educational-improvement")?  Only when the link stops at a separator or
 * the piece starts with one, and the piece holds link characters. */
static int url_goes_on(cx_str s, size_t e, size_t *end)
{
	size_t b = e;
	while (b < s.n && s.p[b] == ' ')
		b++;
	size_t k = b;
	while (k < s.n && s.p[k] != ' ' && s.p[k] != '>')
		k++;
	if (b == e || k < b + 2 || (!strchr("-./_?=&", s.p[e - 1]) && s.p[b] != '-'))
		return 0;
	int linkish = s.p[b] == '-';
	for (size_t i = b; i < k && !linkish; i++)
		linkish = strchr("/?=&_%#", s.p[i]) || (s.p[i] == '.' && i + 1 < k && str_alnum((unsigned char)s.p[i + 1]));
	*end = k;
	return linkish;
}

static cx_str url_text(struct arena *a, cx_str s)
{
	for (size_t i = 0; i + 4 < s.n; i++)
		if (!memcmp(s.p + i, "http", 4) || !memcmp(s.p + i, "www.", 4)) {
			size_t e = i;
			while (e < s.n && s.p[e] != ' ' && s.p[e] != '>')
				e++;
			return trim_set(join_cut(a, s, i, e, url_goes_on), ".,;)]");
		}
	return trim_set(s, ".,;<>[]() ");
}

/* Year, volume, issue and pages, from their labels and from the compact
 * forms that put them in one token: "2014;40(9):1477-81" (Vancouver),
 * "14:87-90" (volume:pages), "33(4):" (volume(issue)). */
struct numbers {
	int year;
	cx_str vol, iss, pages;
};

/* "2014;40(9):1477-81" or "40(9):1477-81" or "14:87-90" in s. */
static int compact(struct arena *a, cx_str s, struct numbers *nb)
{
	for (size_t i = 0; i < s.n; i++) {
		if (!str_digit((unsigned char)s.p[i]) || (i && str_alnum((unsigned char)s.p[i - 1])))
			continue;
		size_t j = i;
		int y = 0;
		if (i + 5 <= s.n && s.p[i + 4] == ';' && year_in(S(s.p + i, 4)))
			y = year_in(S(s.p + i, 4)), j = i + 5;
		size_t vb = j;
		while (j < s.n && str_alnum((unsigned char)s.p[j]))
			j++;
		cx_str vol = S(s.p + vb, j - vb), iss = S("", 0);
		if (j + 1 < s.n && s.p[j] == ' ' && s.p[j + 1] == '(')
			j++; /* "43 (3):199-220" */
		if (j < s.n && s.p[j] == '(') {
			const char *e = memchr(s.p + j, ')', s.n - j);
			if (!e)
				continue;
			iss = S(s.p + j + 1, (size_t)(e - s.p - j - 1));
			j = (size_t)(e - s.p) + 1;
		}
		if (!vol.n || j + 1 >= s.n || s.p[j] != ':' || !str_alnum((unsigned char)s.p[j + 1]))
			continue;
		cx_str pg = pages_text(a, S(s.p + j + 1, s.n - j - 1));
		if (!pg.n || !str_alnum((unsigned char)pg.p[0]))
			continue;
		if (y)
			nb->year = y;
		nb->vol = vol, nb->iss = iss, nb->pages = pg;
		return 1;
	}
	return 0;
}

/* Pages the labeller left in the volume: a range after the volume
 * ("2 151-169", "10(12) 1952-1962") or a page after its issue ("6(1)
 * 166").  Returns them, and v without them in *rest; empty when none. */
static cx_str volume_pages(cx_str v, cx_str *rest)
{
	*rest = v;
	for (size_t i = 1; i < v.n; i++) {
		if (v.p[i - 1] != ' ' || !str_digit((unsigned char)v.p[i]))
			continue;
		size_t e = i, dash = 0, d2 = 0;
		while (e < v.n && v.p[e] != ' ') {
			if (str_digit((unsigned char)v.p[e]))
				d2 += dash != 0, e++;
			else if (v.p[e] == '-' && !dash)
				dash = ++e;
			else if (e + 2 < v.n && !memcmp(v.p + e, "\xE2\x80\x93", 3) && !dash)
				dash = e += 3;
			else
				break;
		}
		cx_str tail = trim_set(S(v.p + e, v.n - e), ",.;: ");
		size_t k = i - 1;
		while (k && v.p[k - 1] == ' ')
			k--;
		int after_issue = k && v.p[k - 1] == ')';
		if (tail.n || (dash && !d2) || !k || !str_digit((unsigned char)v.p[k - 1 - after_issue]) ||
		    (!dash && !after_issue))
			continue;
		*rest = S(v.p, k);
		return S(v.p + i, e - i);
	}
	return S("", 0);
}

/* Pages that start with their dash ("- 102") lost their first page to the
 * volume ("38, 43"): it comes back from the volume's end. */
static cx_str first_page_back(struct arena *a, cx_str *v, cx_str p)
{
	cx_str t = trim_set(p, " ");
	if (!t.n || !(t.p[0] == '-' || (t.n > 3 && !memcmp(t.p, "\xE2\x80\x93", 3))))
		return p;
	size_t e = v->n;
	while (e && strchr(" ,.;:", v->p[e - 1]))
		e--;
	size_t b = e;
	while (b && str_digit((unsigned char)v->p[b - 1]))
		b--;
	if (b == e || !b || str_alnum((unsigned char)v->p[b - 1]) || v->p[b - 1] == '(')
		return p;
	cx_str first = S(v->p + b, e - b);
	*v = trim_set(S(v->p, b), ",.;: ");
	return cv_cat(a, first, "", t);
}

/* A volume the labeller left at the head of the pages, as chemistry's
 * "Year, Volume, Pages" writes it: "35, 9958-9966".  Returns the volume,
 * and the pages after it in *rest; empty when none. */
static cx_str pages_volume(cx_str p, cx_str *rest)
{
	size_t d = 0;
	while (d < p.n && str_digit((unsigned char)p.p[d]))
		d++;
	size_t j = d + 1;
	while (j < p.n && p.p[j] == ' ')
		j++;
	if (!d || d > 4 || j >= p.n || p.p[d] != ',' || j == d + 1 ||
	    !(str_digit((unsigned char)p.p[j]) || (j + 1 < p.n && str_alpha((unsigned char)p.p[j]) &&
	                                         str_digit((unsigned char)p.p[j + 1]))))
		return S("", 0);
	*rest = S(p.p + j, p.n - j);
	return S(p.p, d);
}

/* Does the year follow the volume in parentheses, as physics writes
 * "Astrophys. J. 517, 565 (1999)", or come before the journal, the
 * volume ending the reference ("2013, ApJS, 208, 17")?  Then the number
 * after the volume and a comma is the first page (or article number),
 * never an issue. */
static int year_paren_after(const struct cv_item *it)
{
	size_t v = 0; /* the first volume run's last token */
	while (v < it->ntok && it->lab[v] != LAB_VOLUME)
		v++;
	while (v + 1 < it->ntok && it->lab[v + 1] == LAB_VOLUME)
		v++;
	if (v + 1 < it->ntok && it->lab[v + 1] == LAB_DATE && it->tok[v + 1].p[0] == '(' && it->tok[v + 1].n >= 5 &&
	    str_digit((unsigned char)it->tok[v + 1].p[1]))
		return 1;
	/* "Phys. Rep. 187, 203, 1990": the year alone after them, last */
	if (v + 2 == it->ntok && it->lab[v + 1] == LAB_DATE && it->tok[v + 1].n >= 4 && it->tok[v + 1].n <= 5 &&
	    year_in(S(it->tok[v + 1].p, 4)))
		return 1;
	/* astronomy's "2013, ApJS, 208, 17": the year before the journal,
	 * and the volume and page last */
	size_t d = it->ntok, c = it->ntok;
	for (size_t i = it->ntok; i-- > 0;)
		if (it->lab[i] == LAB_DATE)
			d = i;
		else if (it->lab[i] == LAB_CONTAINER)
			c = i;
	return v + 1 == it->ntok && d < c && c < v;
}

/* "80, 517- | 576": a range the labeller cut after its dash goes back
 * together in the pages. */
static cx_str range_back(struct arena *a, cx_str *v, cx_str p)
{
	cx_str t = trim_set(p, " "), w = trim_set(*v, " ");
	size_t e = w.n, dash = 0;
	if (e && w.p[e - 1] == '-')
		dash = 1;
	else if (e >= 3 && !memcmp(w.p + e - 3, "\xE2\x80\x93", 3))
		dash = 3;
	if (!dash || !t.n || !str_digit((unsigned char)t.p[0]))
		return p;
	size_t b = e - dash;
	while (b && str_digit((unsigned char)w.p[b - 1]))
		b--;
	if (b == e - dash || !b || str_alnum((unsigned char)w.p[b - 1]) || w.p[b - 1] == '(')
		return p;
	cx_str first = S(w.p + b, e - b);
	*v = trim_set(S(w.p, b), ",.;: ");
	return cv_cat(a, first, "", t);
}

static void numbers_of(struct arena *a, const struct cv_item *it, struct numbers *nb)
{
	memset(nb, 0, sizeof *nb);
	nb->year = year_in(it->seg[LAB_DATE]);
	cx_str v = it->seg[LAB_VOLUME], p = it->seg[LAB_PAGES];
	if ((!p.n && compact(a, v, nb)) || (!v.n && compact(a, p, nb)) ||
	    (!v.n && !p.n && compact(a, it->seg[LAB_DATE], nb))) {
		if (!nb->year)
			nb->year = year_in(it->seg[LAB_DATE]);
	} else {
		cx_str pv = p.n ? S("", 0) : volume_pages(v, &v);
		p = first_page_back(a, &v, p);
		p = range_back(a, &v, p);
		if (!v.n && p.n)
			v = pages_volume(p, &p);
		volume_issue(v, &nb->vol, &nb->iss);
		nb->pages = pages_text(a, p.n ? p : pv);
		/* "Nature 453, 1234": a number of four digits or more after the
		 * volume and a comma is its page (or article number), not an
		 * issue; so is one after the volume and a blank alone ("Appl.
		 * Numer. Math., 1 273") */
		cx_str is = nb->iss;
		size_t d = 0;
		while (d < is.n && str_digit((unsigned char)is.p[d]))
			d++;
		const char *q = is.p;
		while (is.n && q > v.p && q[-1] == ' ')
			q--;
		if (!nb->pages.n && d == is.n && d && q > v.p && (q < is.p || q[-1] == ',') &&
		    (str_digit((unsigned char)q[-1]) || ((d >= 4 || year_paren_after(it)) && (q[-1] == ',' || q[-1] == ':'))))
			nb->pages = is, nb->iss = S("", 0);
	}
	/* "1-45, 2023": a year after the pages and a comma is the date */
	cx_str pg = nb->pages;
	size_t c = pg.n;
	while (c && pg.p[c - 1] != ',')
		c--;
	cx_str tail = c > 1 ? trim_set(S(pg.p + c, pg.n - c), " ") : S("", 0);
	int y = tail.n == 4 ? year_in(tail) : 0;
	if (y && y == (nb->year ? nb->year : it->year ? it->year : y)) {
		nb->pages = trim_set(S(pg.p, c - 1), ",;: ");
		nb->year = y;
	}
	if (!nb->year)
		nb->year = it->year;
}

static const char *const month_names[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec"};

/* A month's name (three letters or more) in the date, or 0. */
static int month_in(cx_str d)
{
	static const char *const full[] = {"january", "february", "march", "april", "may", "june", "july",
	                                   "august", "september", "october", "november", "december"};
	for (size_t i = 0; i < d.n; i++) {
		if (!str_alpha((unsigned char)d.p[i]) || (i && str_alpha((unsigned char)d.p[i - 1])))
			continue;
		size_t e = i;
		while (e < d.n && str_alpha((unsigned char)d.p[e]))
			e++;
		for (int m = 0; m < 12 && e - i >= 3; m++)
			if (e - i <= strlen(full[m]) && str_ieqn(d.p + i, full[m], e - i))
				return m + 1;
	}
	return 0;
}

/* ---- type and entry ------------------------------------------------------------ */

/* In a publication list, what follows the title alone with a year is the
 * venue: a "publisher" with no place, edition, ISBN or editor, and no
 * word of a publisher's name, is the container. */
static int publisher_is_venue(const struct venue_db *db, struct arena *a, const struct cv_item *it)
{
	static const char *const pub[] = {"press", "publishing", "publishers", "publisher", "verlag", "springer",
	                                  "elsevier", "wiley", "books", "university", "routledge", "sage",
	                                  "francis", "academic", "editions", "mit", "oxford", "cambridge",
	                                  "pearson", "mcgraw", "o'reilly", "addison", "nature", "de gruyter",
	                                  "birkhäuser", "brill", "palgrave", "ieee", "acm", "siam", "ams",
	                                  "inc", "ltd", "gmbh", "llc", "institute", "school", "college", NULL};
	cx_str p = it->seg[LAB_PUBLISHER];
	if (!p.n || it->seg[LAB_LOCATION].n || it->seg[LAB_EDITION].n || it->seg[LAB_ISBN].n ||
	    it->seg[LAB_EDITOR].n || it->seg[LAB_GENRE].n)
		return 0;
	if (!any_word(p, pub))
		return 1;
	/* "IEEE T-ITS", "ACM CSUR": a publisher's name before a venue's
	 * acronym, and nothing else */
	struct venue_info vi;
	cx_str v = trim_set(p, ",.;:() ");
	return !venue_parse(db, a, v.p, v.n, &vi) && vi.publisher.n && vi.acronym.n && !vi.name.n &&
	       !vi.remainder.n && !any_word(vi.acronym, pub);
}

static size_t words_in(cx_str s);

/* Whether s holds w. */
static int strstr_n(cx_str s, const char *w)
{
	size_t k = strlen(w);
	for (size_t i = 0; i + k <= s.n; i++)
		if (!memcmp(s.p + i, w, k))
			return 1;
	return 0;
}

/* Does the name hold a word of a publisher's name ("Clarendon Press",
 * "Prentice Hall")? */
static int publisher_named(cx_str s)
{
	static const char *const pub[] = {"springer-verlag", "springer", "elsevier", "wiley", "routledge",
	                                  "pearson", "mcgraw-hill", "o'reilly", "addison-wesley", "prentice",
	                                  "palgrave", "brill", "birkhäuser", "gruyter", "crc", "macmillan",
	                                  "penguin", "norton", "sage", "kluwer", "dover", NULL};
	/* a word any firm's name may end with ("Electronic Publishing" is
	 * a journal's name, "Packt Publishing" a publisher's) */
	static const char *const last[] = {"press", "publishing", "publishers", "verlag", NULL};
	cx_str t = trim_set(s, ",.;:() ");
	size_t w = t.n;
	while (w && t.p[w - 1] != ' ')
		w--;
	return any_word(s, pub) || (w && any_word(S(t.p + w, t.n - w), last) && !memchr(t.p, ',', t.n) &&
	                            !strstr_n(t, "\xE2\x80\x94"));
}

/* In a publication list, a container that is a publisher's name and no
 * more ("Clarendon Press", "Prentice Hall", "Springer-Verlag"), with no
 * "In", editors, volume or pages: the item is a book its publisher
 * published, not a paper in a venue of that name. */
static int venue_is_publisher(const struct venue_db *db, const struct cv_item *it, cx_str cont)
{
	static const char *const venue[] = {"journal", "proceedings", "proc.", "conference", "symposium",
	                                    "workshop", "transactions", "letters", "review", "magazine",
	                                    "series", "lecture", "notes", "annals", "bulletin", "handbook",
	                                    "encyclopedia", NULL};
	cx_str wc = trim_set(it->seg[LAB_CONTAINER], ",.;:( ");
	if (!cont.n || str_istarts(wc, "in ") || str_istarts(wc, "in:") || it->seg[LAB_EDITOR].n ||
	    it->seg[LAB_VOLUME].n || it->seg[LAB_PAGES].n || it->seg[LAB_PUBLISHER].n || words_in(cont) > 5)
		return 0;
	if (!publisher_named(cont) || any_word(cont, venue))
		return 0;
	const struct venue_row *r = venue_lookup(db, cont.p, cont.n);
	return !r;
}

/* What the venue reader made of an item's container and of its notes. */
struct place {
	struct venue_out c;   /* the container */
	struct venue_out s;   /* the notes and genre beside it */
	struct venue_out b;   /* the badge: a venue tag or an award */
	int tag;              /* the badge is a venue tag ("[EMNLP 2023]") */
	cx_str cont;          /* the container as the labeller read it */
	int status;           /* as venue_out.status, from either */
	int thesis, report, preprint;
	int pubonly;          /* the container is its publisher (venue_is_publisher) */
};

/* arXiv, bioRxiv, medRxiv, SSRN, "preprint": a venue that publishes
 * preprints. */
static int preprint_server(cx_str name)
{
	return str_ifind(name, "rxiv", 0) >= 0 || str_iword(name, "ssrn") || str_iword(name, "preprint") ||
	       str_iword(name, "corr") || str_iword(name, "research square");
}

/* Capitalised words of which half or more are the abbreviations journals
 * use ("Phys. Rev. B", "Nano Lett.", "Opt. Express"): a journal's name. */
static int abbreviated_journal(cx_str t)
{
	size_t words = 0, abbr = 0;
	for (size_t i = 0; i < t.n;) {
		size_t e = i;
		while (e < t.n && t.p[e] != ' ')
			e++;
		if (e > i) {
			if (!str_is_upper((unsigned char)t.p[i]) && !str_digit((unsigned char)t.p[i]))
				return 0;
			words++;
			char w[32];
			int ab = lab_abbrev_word(t.p + i, e - i) != 0;
			if (!ab && t.p[e - 1] != '.' && e - i + 1 < sizeof w) { /* the stop trimmed: "Nano Lett" */
				memcpy(w, t.p + i, e - i);
				w[e - i] = '.';
				ab = lab_abbrev_word(w, e - i + 1) != 0;
			}
			abbr += ab;
		}
		i = e + 1;
	}
	return words && words <= 8 && abbr && 2 * abbr >= words;
}

static enum cx_type_id type_of(const struct venue_db *db, const struct cv_item *it, const struct place *pl,
                               int arxiv)
{
	static const char *const thesis[] = {"thesis", "dissertation", "phd", "ph.d", "doctoral", "master",
	                                     "m.sc", "msc thesis", "habilitation", "diss.", NULL};
	static const char *const report[] = {"technical report", "tech. rep", "tech. report", "report",
	                                     "working paper", "white paper", "tr-", NULL};
	static const char *const conf[] = {"proceedings", "proc.", "conference", "conf.", "symposium",
	                                   "symp.", "workshop", "congress", "meeting", "colloquium", "summit",
	                                   NULL};
	static const char *const journal[] = {"journal", "transactions", "trans.", "letters", "review",
	                                      "magazine", "annals", "bulletin", "quarterly", "j.", NULL};
	cx_str g = it->seg[LAB_GENRE], nt = it->seg[LAB_NOTE], cont = pl->cont;
	if (pl->thesis || any_word(g, thesis) || it->hint == H_THESIS ||
	    (!cont.n && (any_word(it->seg[LAB_PUBLISHER], thesis) || any_word(nt, thesis))))
		return str_iword(g, "master") || str_iword(nt, "master") || pl->c.preprint == 1 || pl->s.preprint == 1
		       ? CX_T_MASTERSTHESIS : CX_T_PHDTHESIS;
	if (pl->report || any_word(g, report) || (!cont.n && any_word(nt, report)) || it->hint == H_REPORT)
		return CX_T_TECHREPORT;
	if (it->hint == H_PATENT || str_iword(g, "patent"))
		return CX_T_PATENT;
	if (it->hint == H_ISSUE) /* a journal's issue the authors edited */
		return CX_T_PERIODICAL;
	if (it->hint == H_EDITED)
		return CX_T_COLLECTION;
	if ((arxiv || pl->preprint) && (!cont.n || preprint_server(cont)))
		return CX_T_PREPRINT; /* a published venue wins over the arXiv copy */
	if (pl->status == 1 || pl->status == 2)
		return CX_T_UNPUBLISHED; /* "Submitted to X", "Under review at X": not published in X */
	/* "Proceedings of the Royal Society B, 286(1904)": a journal's
	 * proceedings have volumes, a conference's have none */
	int proc = str_iword(cont, "proceedings") || str_iword(cont, "proc.");
	if (!pl->c.known && proc && !any_word(cont, conf + 2) && it->seg[LAB_VOLUME].n && !it->seg[LAB_EDITOR].n)
		return CX_T_ARTICLE;
	if (pl->c.known || pl->c.kind == VENUE_JOURNAL || pl->c.kind == VENUE_CONFERENCE ||
	    pl->c.kind == VENUE_WORKSHOP) {
		if (pl->c.kind == VENUE_JOURNAL)
			return CX_T_ARTICLE;
		if (pl->c.kind == VENUE_CONFERENCE || pl->c.kind == VENUE_WORKSHOP)
			return CX_T_INPROCEEDINGS;
	}
	if (cont.n) {
		const struct venue_row *r = venue_lookup(db, cont.p, cont.n);
		if (r && r->kind == VENUE_JOURNAL)
			return CX_T_ARTICLE;
		if (r && (r->kind == VENUE_CONFERENCE || r->kind == VENUE_WORKSHOP))
			return CX_T_INPROCEEDINGS;
		if (any_word(cont, conf) && !(proc && !any_word(cont, conf + 2) && it->seg[LAB_VOLUME].n))
			return CX_T_INPROCEEDINGS;
		if (any_word(cont, journal) || proc)
			return CX_T_ARTICLE;
		cx_str wc = trim_set(it->seg[LAB_CONTAINER], ",.;:( ");
		int in = str_istarts(wc, "in ") || str_istarts(wc, "in:");
		cx_str vo, is;
		volume_issue(it->seg[LAB_VOLUME], &vo, &is);
		if (vo.n && is.n && !in && !it->seg[LAB_PUBLISHER].n)
			return CX_T_ARTICLE; /* a volume and an issue: a periodical's ("SIGPLAN Notices 21(12)") */
		/* a book with editors is a conference's if it says so: its
		 * hint, its series ("volume 12183 of SPIE Conference Series"),
		 * its year ("Space Telescopes and Instrumentation 2020") */
		if (it->seg[LAB_EDITOR].n || (in && it->seg[LAB_PUBLISHER].n))
			return it->hint == H_CONFERENCE || it->hint == H_WORKSHOP || any_word(it->seg[LAB_VOLUME], conf) ||
			               year_in(cont) || str_iword(it->seg[LAB_PUBLISHER], "spie") || str_iword(cont, "spie")
			       ? CX_T_INPROCEEDINGS
			       : CX_T_INCOLLECTION;
		if (it->hint == H_JOURNAL)
			return CX_T_ARTICLE;
		if (it->hint == H_CONFERENCE || it->hint == H_WORKSHOP)
			return CX_T_INPROCEEDINGS;
		if (it->hint == H_CHAPTER || it->hint == H_BOOK)
			return CX_T_INCOLLECTION;
		/* "in Phys. Rev. B": IEEE's "in" before a journal's name */
		if (in && !it->seg[LAB_PUBLISHER].n && abbreviated_journal(trim_set(cont, ",.;: ")))
			return CX_T_ARTICLE;
		/* "In X" without editors, "X '25", "X-2023", "W@X": a
		 * proceedings volume */
		if (in || pl->c.short_year || memchr(cont.p, '@', cont.n))
			return CX_T_INPROCEEDINGS;
		if (it->seg[LAB_PUBLISHER].n && !it->seg[LAB_VOLUME].n && !it->hint)
			return CX_T_INCOLLECTION;
		return CX_T_ARTICLE;
	}
	/* a publisher and no venue: a book, whatever the section said
	 * before; so is an item with an ISBN */
	if ((pl->pubonly || it->seg[LAB_ISBN].n) && it->hint != H_CHAPTER)
		return it->hint == H_EDITED ? CX_T_COLLECTION : CX_T_BOOK;
	if (it->hint == H_JOURNAL)
		return CX_T_ARTICLE;
	if (it->hint == H_CONFERENCE || it->hint == H_WORKSHOP)
		return CX_T_INPROCEEDINGS;
	if (it->hint == H_PREPRINT)
		return CX_T_PREPRINT;
	if (it->seg[LAB_PUBLISHER].n || it->hint == H_BOOK)
		return CX_T_BOOK;
	if (pl->status)
		return CX_T_UNPUBLISHED;
	return CX_T_MISC;
}

/* "arXiv:2401.01234", "arXiv preprint arXiv:1706.03762", "abs/2401.01234". */
static size_t old_eprint_at(cx_str s);

static cx_str arxiv_id(cx_str s)
{
	/* the old form: an archive's name, a slash, seven digits
	 * ("hep-th/0312052") */
	size_t at = old_eprint_at(s);
	if (at < s.n) {
		size_t e = at;
		while (e < s.n && s.p[e] != '/')
			e++;
		return S(s.p + at, e + 8 - at);
	}
	for (size_t i = 0; i + 9 <= s.n; i++) {
		if (i && (str_digit((unsigned char)s.p[i - 1]) || s.p[i - 1] == '.'))
			continue;
		size_t k = 0;
		while (i + k < s.n && str_digit((unsigned char)s.p[i + k]))
			k++;
		if (k != 4 || i + k >= s.n || s.p[i + k] != '.')
			continue;
		size_t m = 0;
		while (i + 5 + m < s.n && str_digit((unsigned char)s.p[i + 5 + m]))
			m++;
		if (m < 4 || m > 5)
			continue;
		/* only with arXiv in the text before it, CoRR's "abs/", or as
		 * a word of its own in the exact form ("1706.03762v2") */
		int ok = i >= 4 && !memcmp(s.p + i - 4, "abs/", 4);
		size_t wb = i, we = i;
		while (wb && !str_space((unsigned char)s.p[wb - 1]))
			wb--;
		while (we < s.n && !str_space((unsigned char)s.p[we]))
			we++;
		ok = ok || cv_arxiv_token(s.p + wb, we - wb);
		for (size_t j = i >= 40 ? i - 40 : 0; j + 5 <= i && !ok; j++)
			ok = (s.p[j] == 'a' || s.p[j] == 'A') && !strncmp(s.p + j + 1, "rxiv", 4) ? 1
			     : (s.p[j] == 'a' || s.p[j] == 'A') && !strncmp(s.p + j + 1, "rXiv", 4);
		if (ok) {
			size_t e = i + 5 + m;
			if (e + 1 < s.n && s.p[e] == 'v' && str_digit((unsigned char)s.p[e + 1]))
				e += 2;
			return S(s.p + i, e - i);
		}
	}
	return S("", 0);
}

/* Where an arXiv identifier starts in s, or s.n: "arXiv:1606.08030",
 * "[quant-ph/0503219]", "hep-th/0312052" (an archive's name, a slash and
 * seven digits). */
static size_t old_eprint_at(cx_str s)
{
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] != '/' || i + 8 > s.n)
			continue;
		size_t d = 0;
		while (i + 1 + d < s.n && str_digit((unsigned char)s.p[i + 1 + d]))
			d++;
		size_t b = i;
		while (b && (str_alpha((unsigned char)s.p[b - 1]) || s.p[b - 1] == '-' || s.p[b - 1] == '.'))
			b--;
		if (d != 7 || (b && str_alnum((unsigned char)s.p[b - 1])) || (b && s.p[b - 1] == '/'))
			continue;
		/* arXiv's archives before 2007 */
		static const char *const arch[] = {"hep-ph", "hep-th", "hep-lat", "hep-ex", "astro-ph", "gr-qc",
		                                   "quant-ph", "nucl-th", "nucl-ex", "cond-mat", "math-ph", "physics",
		                                   "math", "cs", "nlin", "q-bio", "chao-dyn", "solv-int", "q-alg",
		                                   "alg-geom", "funct-an", "dg-ga", NULL};
		size_t an = b;
		while (an < i && s.p[an] != '.')
			an++;
		for (size_t k = 0; arch[k]; k++)
			if (strlen(arch[k]) == an - b && !memcmp(s.p + b, arch[k], an - b))
				return b;
	}
	return s.n;
}

static size_t eprint_at(cx_str s)
{
	size_t old = old_eprint_at(s);
	for (size_t i = 0; i < old; i++)
		if (i + 5 <= s.n && (s.p[i] == 'a' || s.p[i] == 'A') && !strncmp(s.p + i + 1, "rXiv", 4))
			return i;
	return old;
}

/* Pages, a volume or an issue with the reference's arXiv identifier run
 * into them ("010404, [quant-ph/0503219]"): without it. */
static cx_str no_eprint(cx_str s)
{
	size_t at = eprint_at(s);
	if (at == s.n)
		return s;
	return trim_set(S(s.p, at), " ,;[(");
}

/* Parentheses at the ends go only when they do not pair: "(INFOCOM)"
 * closing a venue's name stays, a stray "(" goes. */
static cx_str paren_trim(cx_str t)
{
	for (;;) {
		t = trim_set(t, ",.;:");
		int open = 0, close = 0;
		for (size_t i = 0; i < t.n; i++)
			open += t.p[i] == '(', close += t.p[i] == ')';
		if (t.n && t.p[0] == '(' && t.p[t.n - 1] == ')' && open == 1 && close == 1)
			t = S(t.p + 1, t.n - 2);
		else if (t.n && t.p[t.n - 1] == ')' && close > open)
			t.n--;
		else if (t.n && t.p[0] == '(' && open > close)
			t = S(t.p + 1, t.n - 1);
		else
			return t;
	}
}

/* "European Conference on Parallel Computing (Euro-Par 2015)": the
 * labeller took "2015)" for the date and left the venue's tag open,
 * "(Euro-Par".
 * The year goes back into the tag when the date closes it. */
static cx_str tag_year_back(struct arena *a, cx_str cont, cx_str date)
{
	const char *o = NULL;
	for (size_t i = cont.n; i-- && !o;)
		if (cont.p[i] == '(')
			o = cont.p + i;
	date = trim_set(date, " ,.;:");
	if (!o || memchr(o, ')', (size_t)(cont.p + cont.n - o)) || cont.p + cont.n - o > 24 || o + 1 == cont.p + cont.n ||
	    date.n < 5 || date.p[4] != ')' || !(date.p[0] == '1' || date.p[0] == '2') ||
	    !str_digit((unsigned char)date.p[1]) || !str_digit((unsigned char)date.p[2]) ||
	    !str_digit((unsigned char)date.p[3]))
		return cont;
	return cv_cat(a, cont, " ", S(date.p, 5)); /* "2015). 2015.": the tag's year, then the item's */
}

/* t, cut from s, with the period of an abbreviation at its end given
 * back ("Proc. VLDB Endow."). */
static cx_str abbrev_end(cx_str s, cx_str t)
{
	if (!t.n || t.p + t.n >= s.p + s.n || t.p[t.n] != '.')
		return t;
	size_t w = t.n;
	while (w && t.p[w - 1] != ' ')
		w--;
	if ((memchr(t.p, '.', t.n) && t.n - w <= 6 && str_is_upper((unsigned char)t.p[w])) || cvd_abbrev_stop(t))
		t.n++; /* "J. Phys.", "Nano Lett." */
	return t;
}

/* The words of a bracket after a title that says what the work is or
 * how it was published, no part of the title: "[Internet]", "[PhD
 * thesis]", "[dissertation]", "[abstract]". */
static int medium_words(cx_str s)
{
	static const char *const w[] = {"internet", "online", "dissertation", "thesis", "phd", "ph.d.", "msc", "m.sc.",
	                                "master's", "masters", "master", "doctoral", "bachelor's", "cd-rom", "dvd",
	                                "electronic", "resource", "ebook", "e-book", "monograph", "abstract", "poster",
	                                "preprint", "serial", "microfiche", "database", "computer", "program",
	                                "software", "video", "audio", "podcast", "data", "set", "dataset", NULL};
	size_t i = 0, n = 0;
	while (i < s.n) {
		while (i < s.n && (s.p[i] == ' ' || s.p[i] == '/' || s.p[i] == ','))
			i++;
		size_t b = i;
		while (i < s.n && s.p[i] != ' ' && s.p[i] != '/' && s.p[i] != ',')
			i++;
		if (i == b)
			break;
		size_t k = 0;
		while (w[k] && !(strlen(w[k]) == i - b && str_ieqn(s.p + b, w[k], i - b)))
			k++;
		if (!w[k])
			return 0;
		n++;
	}
	return n > 0;
}

/* The words of such a bracket at the end of the title t, or "". */
static cx_str medium_of(cx_str t)
{
	t = trim_set(t, ",.;:\"' ");
	if (t.n < 4 || t.p[t.n - 1] != ']')
		return S("", 0);
	const char *o = t.p + t.n - 1;
	while (o > t.p && *o != '[')
		o--;
	cx_str in = S(o + 1, (size_t)(t.p + t.n - 1 - o - 1));
	return *o == '[' && o > t.p + 8 && medium_words(in) ? in : S("", 0);
}

/* The mark that closes the quotation t opens with (U+201C, U+00AB, '"'),
 * and the opening mark's length in *open; NULL when t opens with none. */
static const char *quote_pair(cx_str t, size_t *open)
{
	if (t.n >= 3 && !memcmp(t.p, "\xE2\x80\x9C", 3))
		return *open = 3, "\xE2\x80\x9D";
	if (t.n >= 2 && !memcmp(t.p, "\xC2\xAB", 2))
		return *open = 2, "\xC2\xBB";
	if (t.n && t.p[0] == '"')
		return *open = 1, "\"";
	return NULL;
}

static cx_str title_text(cx_str t)
{
	cx_str q = t;
	while (q.n && (q.p[0] == ' ' || q.p[0] == ',' || q.p[0] == '.' || q.p[0] == ';' || q.p[0] == ':'))
		q.p++, q.n--;
	t = trim_set(t, ",.;:\"' ");
	/* a title that opens with a quotation and goes on after it keeps the
	 * quotation's marks ("\xE2\x80\x9COn Quoted Titles\xE2\x80\x9D and Other Words") */
	size_t ol = 0;
	const char *close = quote_pair(q, &ol);
	/* "Move it! \xE2\x80\x93": the dash ISO 690 styles write after the title */
	while (t.n > 4 && t.p[t.n - 4] == ' ' && !memcmp(t.p + t.n - 3, "\xE2\x80", 2) &&
	       ((unsigned char)t.p[t.n - 1] == 0x93 || (unsigned char)t.p[t.n - 1] == 0x94))
		t = trim_set(S(t.p, t.n - 4), ",.;:\"' ");
	long at = close && t.p == q.p + ol ? str_ifind(t, close, 0) : -1;
	if (at > 0 && !strchr(".,;:?!", t.p[at - 1])) /* not "States.\xE2\x80\x9D Revise and resubmit" */
		t = S(q.p, t.n + ol);
	cx_str m = medium_of(t); /* "... grasslands [PhD thesis]": no part of it */
	if (m.n)
		t = trim_set(S(t.p, (size_t)(m.p - 1 - t.p)), ",.;:\"' ");
	/* a title ending in "?" or "!" keeps it; one in quotes loses them.
	 * A small word after the title's last stop is the start of what the
	 * item says next ("... problems. for" of "(In preparation for X)") */
	static const char *const lead[] = {"for", "to", "at", "in", "by", "with", NULL};
	size_t w = t.n;
	while (w && t.p[w - 1] != ' ')
		w--;
	if (w >= 2 && t.p[w - 2] == '.' && w > 12)
		for (size_t k = 0; lead[k]; k++)
			if (t.n - w == strlen(lead[k]) && !memcmp(t.p + w, lead[k], t.n - w)) {
				t.n = w - 2;
				break;
			}
	return t;
}

/* A status the title ran on into, in a bracket left open ("... topography.
 * (In preparation for") or after its closing quotes: cut from *t and
 * returned, without the small word that leads to its venue; or "". */
static cx_str status_tail(cx_str *t)
{
	static const char *const st[] = {"in preparation", "submitted", "under review", "under revision", "accepted",
	                                 "to appear", "in press", "forthcoming", "revise and resubmit", NULL};
	/* or after the quotes that close the title, when the labeller ran
	 * on past them ("... States.â Revise and Resubmit at") */
	long q = str_ifind(*t, "\xE2\x80\x9D", 0);
	if (q > 0 && str_ifind(*t, "\xE2\x80\x9C", 0) < 0) {
		cx_str r = trim_set(S(t->p + q + 3, t->n - (size_t)q - 3), " ,;.");
		for (size_t k = 0; st[k]; k++) {
			size_t n = strlen(st[k]);
			if (r.n >= n && str_ifind(S(r.p, n), st[k], 0) == 0 && (r.n == n || r.p[n] == ' ')) {
				t->n = (size_t)q;
				*t = trim_set(*t, ",.;: ");
				return S(r.p, n);
			}
		}
	}
	for (size_t i = t->n; i-- > 1;) {
		if (t->p[i] == ')')
			return S("", 0);
		if (t->p[i] != '(' || t->p[i - 1] != ' ')
			continue;
		cx_str r = S(t->p + i + 1, t->n - i - 1);
		for (size_t k = 0; st[k]; k++) {
			size_t n = strlen(st[k]);
			if (r.n >= n && str_ifind(S(r.p, n), st[k], 0) == 0 && (r.n == n || r.p[n] == ' ')) {
				t->n = i - 1;
				*t = trim_set(*t, ",.;: ");
				return S(r.p, n);
			}
		}
		return S("", 0);
	}
	return S("", 0);
}

/* A revision the venue is asked for, leading the container ("Revise and
 * Resubmit at State Politics"), or the tail of a title after its stop
 * ("Budget Rules. Revise and resubmit to"): cut from *t and returned
 * without the small word that leads to the venue; or "". */
static cx_str revision_at(cx_str *t, int head)
{
	static const char *const st[] = {"revise and resubmit", "revised and resubmitted", "r&r", NULL};
	static const char *const to[] = {"at", "to", "with", "in", "for", NULL};
	for (size_t i = 0; i < t->n; i++) {
		if (head ? i > 0 : !(i >= 2 && t->p[i - 1] == ' ' && t->p[i - 2] == '.'))
			continue;
		cx_str r = S(t->p + i, t->n - i);
		for (size_t k = 0; st[k]; k++) {
			size_t n = strlen(st[k]);
			if (r.n < n || !str_ieqn(r.p, st[k], n) || (r.n > n && str_alpha((unsigned char)r.p[n])))
				continue;
			cx_str rest = trim_set(S(r.p + n, r.n - n), " ,;:");
			for (size_t w = 0; to[w]; w++) {
				size_t l = strlen(to[w]);
				if (rest.n >= l && str_ieqn(rest.p, to[w], l) && (rest.n == l || rest.p[l] == ' ')) {
					rest = trim_set(S(rest.p + l, rest.n - l), " ");
					break;
				}
			}
			if (head)
				*t = rest;
			else if (rest.n)
				continue; /* more than the status after the stop: the title's own */
			else
				*t = trim_set(S(t->p, i), ",.;: ");
			return S(r.p, n);
		}
	}
	return S("", 0);
}

static void add_ids(struct arena *a, struct eb *b, const struct cv_item *it, cx_str all, cx_str *arx)
{
	cx_str doi = it->doi.n ? it->doi : doi_text(a, it->seg[LAB_DOI]);
	/* a DOI the labeller took for a link is one; a resolver's link
	 * ("http://dx.doi.org/10...") written as a link stays the link */
	cx_str u = it->seg[LAB_URL];
	int bare = 0; /* the link's label held a DOI, and no link */
	if (!doi.n && u.n && !str_ihas(u, "http") && !str_ihas(u, "www.") && !str_ihas(u, "doi.org"))
		doi = doi_text(a, u), bare = doi.n != 0;
	if (doi.n)
		add(b, CX_F_DOI, doi);
	cx_str url = it->url.n ? it->url : it->seg[LAB_URL].n && !bare ? url_text(a, it->seg[LAB_URL]) : S("", 0);
	*arx = it->arxiv.n ? it->arxiv : arxiv_id(all);
	if (url.n && !(doi.n && (str_iword(url, "doi.org") || str_iword(url, "dx.doi"))) &&
	    !(arx->n && str_iword(url, "arxiv.org")))
		add(b, CX_F_URL, url); /* a link to the DOI or the arXiv id says no more */
	if (arx->n) {
		add(b, CX_F_EPRINT, *arx);
		add(b, CX_F_EPRINTTYPE, CX_STR("arXiv"));
	}
}

static cx_str joined(struct arena *a, const struct cv_item *it)
{
	cx_str all = S("", 0);
	for (int l = 0; l < LAB_N; l++)
		all = cv_cat(a, all, " ", it->seg[l]);
	return all;
}

/* The container and the notes through the venue reader (cv/venue.c). */
static void read_place(struct cv_ctx *x, const struct cv_item *it, cx_str cont, cx_str arx, struct place *pl)
{
	memset(pl, 0, sizeof *pl);
	cx_str side = cv_cat(x->a, it->seg[LAB_NOTE], ", ", it->seg[LAB_GENRE]);
	if (side.n)
		cv_read_venue(x, side, &pl->s);
	cx_str badge = trim_set(it->seg[LAB_BADGE], ",.;:()[]");
	if (badge.n) {
		cv_read_venue(x, badge, &pl->b);
		/* "[EMNLP 2023]" before the item: a venue tag, the venue when
		 * none is written */
		pl->tag = !pl->b.note.n && (pl->b.known || pl->b.year || pl->b.short_year);
		if (pl->tag && !cont.n)
			cont = badge;
	}
	/* a page's badge is the venue when none is written, unless the item
	 * says it is a preprint */
	if (!cont.n && it->badge.n && !it->arxiv.n && !arx.n && !pl->s.preprint)
		cont = it->badge;
	pl->cont = cont;
	if (cont.n)
		cv_read_venue(x, cont, &pl->c);
	pl->status = pl->c.status ? pl->c.status : pl->s.status;
	if (!pl->status && cont.n && side.n) {
		/* "arXiv preprint, in submission" read as container "..., in" and
		 * note "submission": the status is in the two together */
		struct venue_out j;
		memset(&j, 0, sizeof j);
		cv_read_venue(x, cv_cat(x->a, it->seg[LAB_CONTAINER], " ", side), &j);
		if (j.status) {
			pl->status = j.status;
			pl->s.status = j.status;
			pl->s.status_note = j.status_note;
			pl->s.written = S("", 0);
		}
	}
	pl->thesis = pl->c.kind == VENUE_THESIS || pl->s.kind == VENUE_THESIS;
	pl->report = pl->c.report || pl->s.report;
	pl->preprint = (pl->c.preprint && !pl->thesis) || (pl->s.preprint && !pl->thesis && !cont.n) || arx.n;
	if (pl->status == 1 && !pl->c.name.n && pl->s.name.n && !cont.n)
		pl->c = pl->s; /* "Submitted to" with the venue in the note */
}

/* The short name as the document writes it: a venue written as the
 * acronym with its year glued on ("EMNLP-2023", "OSDI'25", "ACL2024") keeps
 * that form as its short name; its full name comes from the table. */
static cx_str written_short(struct arena *a, cx_str written, cx_str acronym)
{
	cx_str w = trim_set(written, ",.;:()");
	w = drop_lead(w, "in", " ");
	if (!acronym.n || w.n <= acronym.n || w.n > acronym.n + 8 || !str_ieqn(w.p, acronym.p, acronym.n) ||
	    memchr(w.p, ' ', w.n) || memchr(w.p, ',', w.n))
		return acronym; /* "EMNLP, 2022": the year is the item's date */
	for (size_t i = acronym.n; i < w.n; i++)
		if (!str_digit((unsigned char)w.p[i]) && w.p[i] != '-' && w.p[i] != '\'')
			return acronym;
	(void)a;
	return w;
}

/* Is the venue written as its acronym ("ICML", "ACM SIGCOMM", "Proc. of
 * NSDI", "In Proceedings of the 18th OSDI", "EMNLP-2023")?  Words around
 * an acronym that name no venue (proceedings, of, the, a publisher, an
 * ordinal, a year) aside, the acronym is all there is. */
static int acronym_like(cx_str w, cx_str acr)
{
	static const char *const filler[] = {"proceedings", "proc", "proc.", "of", "the", "in", "acm", "ieee",
	                                     "usenix", "ieee/acm", "acm/ieee", "annual", "intl", "intl.", NULL};
	size_t words = 0;
	int has = 0;
	for (size_t i = 0; i < w.n;) {
		while (i < w.n && (w.p[i] == ' ' || w.p[i] == ','))
			i++;
		size_t b = i;
		while (i < w.n && w.p[i] != ' ' && w.p[i] != ',')
			i++;
		if (i == b)
			break;
		size_t e = i;
		while (e > b && (str_digit((unsigned char)w.p[e - 1]) || w.p[e - 1] == '\'' || w.p[e - 1] == '-'))
			e--;
		cx_str word = S(w.p + b, i - b);
		int fill = e == b || (str_digit((unsigned char)w.p[b]) && i - b <= 4); /* a year, "18th" */
		for (size_t k = 0; filler[k] && !fill; k++)
			fill = str_ieq(word, filler[k]);
		if (acr.n && e - b == acr.n && str_ieqn(w.p + b, acr.p, acr.n))
			has = 1;
		else if (!fill)
			words++;
	}
	return has ? words == 0 : words == 1 && !acr.n;
}

/* The container's name: the table's full name for a venue written as its
 * acronym ("an acronym with a year becomes the full name"), else the
 * document's own words, cleaned of a short year, ranks and awards. */
static cx_str venue_name_of(const struct place *pl)
{
	const struct venue_out *o = &pl->c;
	if (o->known && (!o->written.n || acronym_like(o->written, o->acronym)))
		return o->name;
	cx_str w = o->written.n ? o->written : o->name.n ? o->name : trim_set(pl->cont, ",.;:|-");
	/* a year at the end is the item's date, not the venue's name */
	size_t e = w.n;
	if (e > 5 && year_in(S(w.p + e - 4, 4)) && !str_alnum((unsigned char)w.p[e - 5])) {
		e -= 4;
		while (e && (w.p[e - 1] == ' ' || w.p[e - 1] == ','))
			e--;
		size_t mb = e;
		while (mb && str_alpha((unsigned char)w.p[mb - 1]))
			mb--;
		if (mb < e && month_in(S(w.p + mb, e - mb)))
			e = mb;
		w = trim_set(S(w.p, e), ",.;:|-");
	}
	return w;
}

/* The container field, by the type: a venue's canonical name with its
 * acronym, the school of a thesis, the institution and number of a
 * report, arXiv for a preprint. */
static void add_container(struct eb *b, const struct cv_item *it, const struct place *pl, cx_str arx)
{
	struct cx_entry *e = b->e;
	struct arena *a = b->x->a;
	const struct venue_out *o = &pl->c;
	cx_str pub = trim_set(it->seg[LAB_PUBLISHER], ",.;:()");
	if (e->type == CX_T_PHDTHESIS || e->type == CX_T_MASTERSTHESIS) {
		cx_str school = o->school.n ? o->school : pl->s.school.n ? pl->s.school : pl->cont.n ? pl->cont : pub;
		add_text(b, CX_F_SCHOOL, trim_set(school, ",.;:|-"));
		return;
	}
	if (e->type == CX_T_TECHREPORT) {
		cx_str inst = o->school.n ? o->school : pl->s.school.n ? pl->s.school : pl->cont.n ? pl->cont : pub;
		add_text(b, CX_F_INSTITUTION, trim_set(inst, ",.;:|-"));
		cx_str num = o->number.n ? o->number : pl->s.number;
		if (num.n)
			add_text(b, CX_F_NUMBER, num);
		return;
	}
	if (e->type == CX_T_UNPUBLISHED && (pl->status == 1 || pl->status == 2))
		return; /* "Submitted to X" is not published in X: the note says it */
	if (e->type == CX_T_PREPRINT && (arx.n || !pl->cont.n || preprint_server(pl->cont))) {
		if (arx.n || str_iword(pl->cont, "arxiv") || str_iword(pl->cont, "corr"))
			add(b, CX_F_JOURNAL, CX_STR("arXiv"));
		else if (pl->cont.n)
			add_text(b, CX_F_JOURNAL, o->name.n ? o->name : pl->cont);
		return;
	}
	if (!pl->cont.n)
		return;
	cx_str name = venue_name_of(pl);
	if (!name.n)
		return;
	enum cx_field_id cid = e->type == CX_T_INPROCEEDINGS || e->type == CX_T_INCOLLECTION ||
	                       e->type == CX_T_INBOOK
	                       ? CX_F_BOOKTITLE : CX_F_JOURNAL;
	add_text(b, cid, name);
	if (o->acronym.n && o->acronym.n < name.n)
		add(b, CX_F_SHORTJOURNAL, o->known ? written_short(a, pl->cont, o->acronym) : o->acronym);
	else if (!o->known && !memchr(name.p, ' ', name.n) && written_short(a, pl->cont, name).n > name.n)
		add(b, CX_F_SHORTJOURNAL, written_short(a, pl->cont, name)); /* "Repl4NLP-2022", as known ones */
}

/* The note: the status, awards and ranks, what else the item says beside
 * its fields, and equal contribution. */
static cx_str note_text(struct cv_ctx *x, const struct cv_item *it, const struct place *pl, cx_str arx,
                        enum cx_type_id type, cx_str equal)
{
	struct arena *a = x->a;
	cx_str n = S("", 0);
	const struct venue_out *o = &pl->c;
	if (pl->status == 1 && type == CX_T_UNPUBLISHED) {
		cx_str v = venue_name_of(pl);
		if (o->acronym.n && v.n && !(o->acronym.n == v.n && !memcmp(o->acronym.p, v.p, v.n)))
			v = cv_cat(a, v, " ", cv_cat(a, CX_STR("("), "", cv_cat(a, o->acronym, "", CX_STR(")"))));
		n = cv_cat(a, CX_STR("Submitted to"), " ", v);
	} else if (pl->c.status_note.n || pl->s.status_note.n) {
		n = pl->c.status_note.n ? pl->c.status_note : pl->s.status_note;
		cx_str v = venue_name_of(pl);
		if (pl->status == 2 && type == CX_T_UNPUBLISHED && v.n)
			n = cv_cat(a, n, " at ", v); /* "Under review at ..." */
	}
	/* ranks and awards, wherever they were written */
	n = cv_cat(a, n, "; ", o->note);
	n = cv_cat(a, n, "; ", pl->s.note);
	n = cv_cat(a, n, "; ", pl->b.note);
	n = cv_cat(a, n, "; ", it->note);
	/* what the notes say besides: a genre, a language */
	cx_str rest = published_gone(trim_set(it->seg[LAB_NOTE], ",.;:()[]"));
	if (pl->s.status || pl->s.note.n || it->seg[LAB_GENRE].n)
		rest = trim_set(pl->s.written, ",.;:()[]|-");
	if ((arx.n || pl->preprint) && (str_iword(rest, "arxiv") || str_iword(rest, "preprint")) && rest.n < 60)
		rest = eprint_gone(a, rest, arx); /* "arXiv preprint arXiv:2305.18461": the eprint says it */
	if (arx.n && rest.n == arx.n && str_ieqn(rest.p, arx.p, arx.n))
		rest = S("", 0); /* "[quant-ph/0503219]" alone */
	if (pl->thesis || pl->report || type == CX_T_PHDTHESIS || type == CX_T_MASTERSTHESIS ||
	    type == CX_T_TECHREPORT)
		rest = S("", 0);
	n = cv_cat(a, n, "; ", rest);
	return cv_cat(a, n, "; ", equal);
}

/* Year, month and day: the date label, a date the item wrote apart, the
 * venue's, the badge's, the heading's. */
static void add_date(struct eb *b, const struct cv_item *it, const struct numbers *nb, const struct place *pl,
                     cx_str arx)
{
	struct arena *a = b->x->a;
	int y = nb->year, m = 0, d = 0;
	cx_str ds = it->seg[LAB_DATE];
	if (it->date_y) {
		y = it->date_y, m = it->date_m, d = it->date_d;
	} else {
		m = y && ds.n ? month_in(ds) : 0;
		if (!y)
			y = pl->c.year, m = pl->c.month;
		if (!y)
			y = pl->s.year, m = pl->s.month;
		if (!y && pl->tag)
			y = pl->b.year;
		if (!y) /* "vol. 34, issue 3, 2022" read as the volume */
			y = year_in(it->seg[LAB_VOLUME]) ? year_in(it->seg[LAB_VOLUME]) : year_in(it->seg[LAB_PAGES]);
		if (!y) /* the page's badge, "[arXiv 2009]" */
			y = year_in(it->badge);
		if (!y)
			y = it->year;
	}
	/* a new-style arXiv id tells the year and month it was posted */
	if (!y && arx.n >= 9 && arx.p[4] == '.' && str_digit((unsigned char)arx.p[0])) {
		y = 2000 + (arx.p[0] - '0') * 10 + (arx.p[1] - '0');
		m = (arx.p[2] - '0') * 10 + (arx.p[3] - '0');
	}
	if (y)
		add_int(b, CX_F_YEAR, y);
	if (y && m >= 1 && m <= 12)
		add(b, CX_F_MONTH, arena_str(a, month_names[m - 1], 3));
	if (y && m >= 1 && m <= 12 && d)
		add_int(b, CX_F_DAY, d);
}

/* A preprint server's id ("bioRxiv:2022.09.29.510101", "medRxiv: ..."):
 * the server's name in *name, the id in *id and its year; 0 when none. */
static int server_id(cx_str all, cx_str *name, cx_str *id)
{
	static const char *const srv[] = {"bioRxiv", "medRxiv", NULL};
	for (int k = 0; srv[k]; k++) {
		long a = str_ifind(all, srv[k], 0);
		if (a < 0)
			continue;
		size_t i = (size_t)a + 7;
		while (i < all.n && (all.p[i] == ':' || all.p[i] == ' '))
			i++;
		size_t e = i;
		while (e < all.n && (str_digit((unsigned char)all.p[e]) || all.p[e] == '.' || all.p[e] == 'v'))
			e++;
		while (e > i && all.p[e - 1] == '.')
			e--;
		if (e - i < 16 || all.p[i + 4] != '.' || all.p[i + 7] != '.' || all.p[i + 10] != '.')
			continue;
		*name = S(srv[k], 7);
		*id = S(all.p + i, e - i);
		return atoi(all.p + i);
	}
	return 0;
}

static size_t words_in(cx_str s)
{
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++)
		k += s.p[i] != ' ' && (!i || s.p[i - 1] == ' ');
	return k;
}

/* Is every name of the list a name as a list writes it: one to four
 * words, capitalised but for particles, no digits ("Messing", "Sean J
 * Westwood", "van der Berg, A.")?  The number of names, or 0. */
static size_t names_only(struct arena *a, cx_str t)
{
	struct au_list L;
	if (!t.n || !has_letter(t) || au_parse(a, t.p, t.n, &L) || !L.n)
		return 0;
	size_t k = 0;
	for (size_t i = 0; i < L.n; i++) {
		cx_str n = L.v[i].text;
		if (L.v[i].others)
			continue;
		if (!n.n || words_in(n) > 4 || !au_name_like(n.p, n.n))
			return 0;
		k++;
	}
	return k;
}

/* Whether the owner's family name is a word of s (a list of names). */
static int owner_named(struct cv_ctx *x, cx_str s)
{
	if (!x->owner.n)
		return 0;
	struct cx_name o;
	memset(&o, 0, sizeof o);
	au_split(x->a, x->owner, memchr(x->owner.p, ',', x->owner.n) != NULL, 0, &o);
	for (size_t i = 0; o.family.n && i + o.family.n <= s.n; i++)
		if ((!i || !str_alpha((unsigned char)s.p[i - 1])) && str_ieqn(s.p + i, o.family.p, o.family.n) &&
		    (i + o.family.n == s.n || !str_alpha((unsigned char)s.p[i + o.family.n])))
			return 1;
	return 0;
}

/* The closing quote inside t, after an opening one or with none before
 * it (the reader may have taken the opening quote off): its offset and
 * byte length, or 0 when t holds none. */
static size_t quote_close(cx_str t, size_t *len)
{
	int open = 0;
	for (size_t i = 1; i < t.n; i++) {
		if (i + 3 <= t.n && !memcmp(t.p + i, "\xE2\x80\x9C", 3))
			open = 1;
		else if (i + 3 <= t.n && !memcmp(t.p + i, "\xE2\x80\x9D", 3))
			return *len = 3, i;
		else if (i + 2 <= t.n && !memcmp(t.p + i, "''", 2))
			return *len = 2, i;
		else if (t.p[i] == '"' && (open || t.p[0] == '"'))
			return *len = 1, i;
	}
	return 0;
}

/* A quoted title, then its authors: "``Bias in the Flesh'' Messing,
 * Plaut & Jabon. Public Opinion Quarterly".  When the title runs past its
 * closing quote into names the labeller left out of the authors (all of
 * them, or the first of them), they go to the authors: an entry has no
 * fewer authors than its text shows.  With no authors, the words after
 * the quote (and on into the container up to its first sentence end) are
 * the authors if they read as names only: two names or more, or one of
 * two words or more.  When the title ends at its quote, the names may
 * start the container instead, up to its first stop.  The item is copied
 * into m with them moved; returns
 * 0 and leaves m alone when the words are no such list. */
/* The first ". " in s that ends no initial ("S. Messing and M. Roberts.
 * Nature": the one after "Roberts"), or -1. */
static long stop_after_names(cx_str s)
{
	for (size_t i = 1; i + 1 < s.n; i++)
		if (s.p[i] == '.' && s.p[i + 1] == ' ' &&
		    !(str_is_upper((unsigned char)s.p[i - 1]) && (i == 1 || s.p[i - 2] == ' ' || s.p[i - 2] == '.')))
			return (long)i;
	return -1;
}

/* Does s hold an initial, a capital and a stop ("S. Messing")? */
static int has_initial(cx_str s)
{
	for (size_t i = 0; i + 1 < s.n; i++)
		if (str_is_upper((unsigned char)s.p[i]) && s.p[i + 1] == '.' && (!i || s.p[i - 1] == ' ' || s.p[i - 1] == '.') &&
		    (i + 2 == s.n || s.p[i + 2] == ' ' || str_is_upper((unsigned char)s.p[i + 2])))
			return 1;
	return 0;
}

static int quoted_then_names(struct cv_ctx *x, const struct cv_item *it, struct cv_item *m)
{
	cx_str t = trim_set(it->seg[LAB_TITLE], " "), c = trim_set(it->seg[LAB_CONTAINER], " ");
	size_t ql = 0, q = quote_close(t, &ql);
	int stop = t.n && strchr(".?!", t.p[t.n - 1]);
	if (it->seg[LAB_EDITOR].n || (!q && !stop && (it->seg[LAB_AUTHOR].n || !x->owner.n)))
		return 0;
	cx_str tail = q ? trim_set(S(t.p + q + ql, t.n - q - ql), " ") : S("", 0); /* its comma stays */
	cx_str au = it->seg[LAB_AUTHOR];
	if (!tail.n) {
		/* the title ends at its quote or its stop (the reader may
		 * have taken the quotes off), and the names start the
		 * container: "``Mesh repair.'' Edwards, Lin, and Okafor.
		 * Computer-Aided Design" (three names or more, or two with
		 * the owner's or an initial, up to a stop) */
		long dot = c.n && !au.n ? stop_after_names(c) : -1;
		if (dot <= 0)
			return 0;
		cx_str names = trim_set(S(c.p, (size_t)dot), " ,");
		size_t k = names_only(x->a, names);
		if (k < 2 || (k < 3 && !owner_named(x, names) && !has_initial(names)) ||
		    (!q && !stop && !owner_named(x, names)))
			return 0; /* "Computers and Graphics. Elsevier"; a title whose quotes and stop
			             the reader took off needs the owner's name in the list */
		*m = *it;
		m->seg[LAB_AUTHOR] = names;
		m->seg[LAB_CONTAINER] = trim_set(S(c.p + dot + 2, c.n - (size_t)dot - 2), " ");
		return 1;
	}
	if (au.n) {
		/* the list began in the title: "...orbit'' Astrid Lindqvist and"
		 * before the authors "Rafael Ferreira" */
		cx_str all = trim_set(cv_cat(x->a, tail, " ", au), " ,.");
		if (names_only(x->a, all) <= names_only(x->a, trim_set(au, " ,.")))
			return 0;
		*m = *it;
		m->seg[LAB_TITLE] = S(t.p, q + ql);
		m->seg[LAB_AUTHOR] = all;
		return 1;
	}
	cx_str names = trim_set(tail, " ,."), rest = c;
	long dot = c.n ? str_ifind(c, ". ", 0) : -1;
	if (tail.p[tail.n - 1] != '.' && dot > 0) {
		cx_str more = trim_set(cv_cat(x->a, tail, " ", S(c.p, (size_t)dot)), " ,.");
		if (names_only(x->a, more)) {
			names = more;
			rest = trim_set(S(c.p + dot + 2, c.n - (size_t)dot - 2), " ");
		}
	}
	size_t k = names_only(x->a, names);
	if (!k || (k == 1 && words_in(names) < 2))
		return 0;
	*m = *it;
	m->seg[LAB_TITLE] = S(t.p, q + ql);
	m->seg[LAB_AUTHOR] = names;
	m->seg[LAB_CONTAINER] = rest;
	return 1;
}

/* A title the labeller cut inside its quotes ("\xE2\x80\x9CBias in the
 * Flesh: Base vs." then "Post-Trained Probing.\xE2\x80\x9D Messing" as the
 * authors): the words up to the closing quote, wherever the labeller put
 * them (the authors, the container), go back to the title.  The item is
 * copied into m with them moved; returns 0 and leaves m alone when the
 * title's quote is closed or no part holds the closing one. */
static int quote_cut(struct cv_ctx *x, const struct cv_item *it, struct cv_item *m)
{
	static const int parts[] = {LAB_AUTHOR, LAB_CONTAINER, LAB_NOTE};
	cx_str t = it->seg[LAB_TITLE];
	if (str_ifind(t, "\xE2\x80\x9C", 0) < 0 || str_ifind(t, "\xE2\x80\x9D", 0) >= 0)
		return 0;
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
		cx_str a = it->seg[parts[i]];
		long c = str_ifind(a, "\xE2\x80\x9D", 0);
		if (c < 0 || c > 300 || str_ifind(S(a.p, (size_t)c), "\xE2\x80\x9C", 0) >= 0)
			continue;
		*m = *it;
		m->seg[LAB_TITLE] = cv_cat(x->a, trim_set(t, " "), " ", trim_set(S(a.p, (size_t)c + 3), " "));
		m->seg[parts[i]] = trim_set(S(a.p + c + 3, a.n - (size_t)c - 3), " ,;");
		return 1;
	}
	return 0;
}

/* Physics journals in series cite the series' letter with the volume
 * ("Phys. Rev. D94", "Phys. Lett. B511", "Z. Phys. C67"): the letter is
 * the journal's ("Phys. Rev. D"), the digits the volume.  The letter may
 * have been read with the volume or with the journal. */
static int series_vol(cx_str v)
{
	if (v.n < 2 || v.n > 5 || v.p[0] < 'A' || v.p[0] > 'H')
		return 0;
	for (size_t i = 1; i < v.n; i++)
		if (!str_digit((unsigned char)v.p[i]))
			return 0;
	return 1;
}

/* "Proc. SPIE8443, 8 (2012)", "Experimental Astronomy10 (4)": the volume
 * run into the journal's last word (never a year: "CVPR2019" is a
 * name).  The number the labeller took for the volume, if any, is then
 * the page.  1 when it moved the volume. */
static int glued_volume(struct arena *a, cx_str *cont, struct cv_item *it)
{
	size_t e = cont->n, d = e;
	while (d && str_digit((unsigned char)cont->p[d - 1]))
		d--;
	cx_str v = trim_set(it->seg[LAB_VOLUME], " ,.;:()");
	int shift = v.n && !it->seg[LAB_PAGES].n && v.n <= 8 && str_digit((unsigned char)v.p[0]) &&
	            str_digit((unsigned char)v.p[v.n - 1]);
	cx_str seg = trim_set(it->seg[LAB_VOLUME], " ");
	size_t l = 0, g;
	while (l < seg.n && str_alpha((unsigned char)seg.p[l]))
		l++;
	for (g = l; g < seg.n && str_digit((unsigned char)seg.p[g]);)
		g++;
	if (l >= 4 && g > l && g - l <= 4 && (g == seg.n || !str_alnum((unsigned char)seg.p[g])) &&
	    str_is_upper((unsigned char)seg.p[0]) && !str_istarts(seg, "vol") && !str_istarts(seg, "issue") &&
	    !str_istarts(seg, "part") && !str_istarts(seg, "band") && !str_istarts(seg, "suppl") &&
	    !(g - l == 4 && (seg.p[l] == '1' || seg.p[l] == '2'))) {
		/* the labeller gave the journal's last word to the volume
		 * with it: "Space | Instrumentation14 (2)" */
		*cont = cv_cat(a, *cont, " ", S(seg.p, l));
		it->seg[LAB_VOLUME] = S(seg.p + l, seg.n - l);
		return 1;
	}
	int issue = seg.n && seg.p[0] == '('; /* "Astronomy10 (4)" */
	if (d == e || e - d > 5 || d < 4 || !str_alpha((unsigned char)cont->p[d - 1]) ||
	    !str_alpha((unsigned char)cont->p[d - 2]) || !str_alpha((unsigned char)cont->p[d - 3]) ||
	    (e - d == 4 && (cont->p[d] == '1' || cont->p[d] == '2')) || (seg.n && !shift && !issue))
		return 0;
	if (issue)
		it->seg[LAB_VOLUME] = cv_cat(a, S(cont->p + d, e - d), " ", seg);
	else if (seg.n)
		it->seg[LAB_PAGES] = v;
	if (!issue)
		it->seg[LAB_VOLUME] = S(cont->p + d, e - d);
	*cont = S(cont->p, d);
	return 1;
}

static void series_letter(struct arena *a, cx_str *cont, struct cv_item *it)
{
	if (cont->n && cont->n <= 80 && glued_volume(a, cont, it))
		return;
	if (!cont->n || cont->n > 60 || !memchr(cont->p, '.', cont->n))
		return; /* an abbreviated journal's name only */
	char letter = 0;
	cx_str v = trim_set(it->seg[LAB_VOLUME], " ,.;:()");
	size_t w = 0; /* its first word: "B88" of "B88 (4)" */
	while (w < v.n && v.p[w] != ' ' && v.p[w] != '(')
		w++;
	if (series_vol(v) || (w < v.n && series_vol(S(v.p, w)))) {
		letter = v.p[0];
		cx_str sv = it->seg[LAB_VOLUME];
		it->seg[LAB_VOLUME] = S(v.p + 1, (size_t)(sv.p + sv.n - v.p - 1));
	} else {
		size_t e = cont->n, d = e;
		while (d && str_digit((unsigned char)cont->p[d - 1]))
			d--;
		/* the number the labeller took for the volume, when the
		 * journal's name holds the volume, is the page ("Phys.Rev.
		 * D78, 025018 (2008)") */
		int shift = it->seg[LAB_VOLUME].n && !it->seg[LAB_PAGES].n && v.n && v.n <= 8 &&
		            str_digit((unsigned char)v.p[0]) && str_digit((unsigned char)v.p[v.n - 1]);
		/* or the issue alone ("Phys. Rev. D72 (3) (2011) 034512") */
		cx_str pv = trim_set(it->seg[LAB_VOLUME], " ,.;:");
		int issue = pv.n >= 3 && pv.p[0] == '(' && pv.p[pv.n - 1] == ')' && v.n && str_digit((unsigned char)v.p[0]);
		if (d && d < e && d >= 2 && (cont->p[d - 2] == ' ' || cont->p[d - 2] == '.') &&
		    series_vol(S(cont->p + d - 1, e - d + 1)) && (!it->seg[LAB_VOLUME].n || shift || issue)) {
			letter = cont->p[d - 1];
			if (issue)
				it->seg[LAB_VOLUME] = cv_cat(a, S(cont->p + d, e - d), " ", pv);
			else {
				if (it->seg[LAB_VOLUME].n)
					it->seg[LAB_PAGES] = v;
				it->seg[LAB_VOLUME] = S(cont->p + d, e - d);
			}
			*cont = trim_set(S(cont->p, d - 1), " ");
		} else if (d && d < e && e - d <= 4 && d >= 4 && cont->p[d - 1] == '.' &&
		           str_is_lower((unsigned char)cont->p[d - 2]) && (!it->seg[LAB_VOLUME].n || shift)) {
			/* "Commun. Math. Phys.337 (2015) 429": the volume touches
			 * the journal's last abbreviation */
			if (it->seg[LAB_VOLUME].n)
				it->seg[LAB_PAGES] = v;
			it->seg[LAB_VOLUME] = S(cont->p + d, e - d);
			*cont = S(cont->p, d);
		}
	}
	if (!letter || (cont->n >= 2 && cont->p[cont->n - 2] == ' ' && str_is_upper((unsigned char)cont->p[cont->n - 1])))
		return;
	char *p = arena_alloc(a, cont->n + 3);
	memcpy(p, cont->p, cont->n);
	p[cont->n] = ' ';
	p[cont->n + 1] = letter;
	*cont = S(p, cont->n + 2);
}

struct cx_entry *cv_entry(struct cv_ctx *x, const struct cv_item *it)
{
	struct cv_item quoted, thesis, cut;
	if (x->lists && quote_cut(x, it, &cut))
		it = &cut;
	if (quoted_then_names(x, it, &quoted))
		it = &quoted;
	if (thesis_in_names(it, &thesis))
		it = &thesis;
	struct cv_item said;
	static const char *const degree[] = {"thesis", "dissertation", "phd", "doctoral", "master's", "masters", NULL};
	if (!it->seg[LAB_GENRE].n && any_word(medium_of(it->seg[LAB_TITLE]), degree)) {
		said = *it; /* "[PhD thesis]" after the title says its kind */
		said.seg[LAB_GENRE] = medium_of(it->seg[LAB_TITLE]);
		it = &said;
	}
	/* "Revise and Resubmit at State Politics": the venue, and a note */
	struct cv_item rev;
	cx_str revised = trim_set(it->seg[LAB_CONTAINER], " ");
	cx_str asked = revision_at(&revised, 1);
	if (asked.n) {
		rev = *it;
		rev.seg[LAB_CONTAINER] = revised;
		it = &rev;
	}
	cx_str title = title_text(it->seg[LAB_TITLE]);
	cx_str status = status_tail(&title);
	if (!status.n)
		status = asked.n ? asked : revision_at(&title, 0);
	struct cx_entry *e = arena_calloc(x->a, sizeof *e);
	struct eb b = {x, e, 0};
	e->kind = CX_ENTRY_RECORD;
	e->loc.line = it->line;
	e->loc.col = 1;
	e->file = x->c->diags.file;
	e->source = "cv";
	cx_str all = joined(x->a, it);
	cx_str cont = paren_trim(trim_set(it->seg[LAB_CONTAINER], ",.;:"));
	cont = abbrev_end(it->seg[LAB_CONTAINER], trim_set(drop_lead(published_gone(cont), "in", ": "), ",.;:"));
	cx_str presented;
	presented = S("", 0);
	if (x->lists) /* a reference list keeps what the reference wrote */
		cont = presented_gone(cont, it->seg[LAB_NOTE], &presented);
	cont = tag_year_back(x->a, cont, it->seg[LAB_DATE]);
	cx_str arx = it->arxiv.n ? it->arxiv : arxiv_id(all);
	if (str_iword(cont, "arxiv") && arx.n)
		cont = CX_STR("arXiv"); /* "arXiv preprint arXiv:2210.05678" */
	cx_str pub = trim_set(it->seg[LAB_PUBLISHER], ",.;:()");
	struct cv_item moved;
	if (x->lists && !cont.n && publisher_is_venue(x->c->cx->venues, x->a, it)) {
		moved = *it; /* the publisher is the venue: read on as a container */
		moved.seg[LAB_CONTAINER] = moved.seg[LAB_PUBLISHER];
		moved.seg[LAB_PUBLISHER] = S("", 0);
		it = &moved;
		cont = pub;
		pub = S("", 0);
	}
	cx_str srv, sid;
	int sy;
	if (!arx.n && (sy = server_id(all, &srv, &sid)) > 0 && (!cont.n || preprint_server(cont))) {
		moved = *it; /* "bioRxiv:2022.09.29.510101": the server is the venue */
		moved.seg[LAB_CONTAINER] = cont = srv;
		if (!moved.doi.n)
			moved.doi = cv_cat(x->a, CX_STR("10.1101"), "/", sid);
		if (!moved.year)
			moved.year = sy;
		it = &moved;
	}
	int pubonly = x->lists && !arx.n && venue_is_publisher(x->c->cx->venues, it, cont);
	if (pubonly) {
		moved = *it; /* "Clarendon Press, 2016": its publisher */
		moved.seg[LAB_PUBLISHER] = moved.seg[LAB_CONTAINER];
		moved.seg[LAB_CONTAINER] = S("", 0);
		it = &moved;
		pub = cont;
		cont = S("", 0);
	}
	/* "Title. Clarendon Press, 2016": a publisher and no venue */
	pubonly |= x->lists && !cont.n && !arx.n && pub.n && !it->seg[LAB_EDITOR].n && publisher_named(pub);
	struct numbers numbers;
	struct cv_item nums = *it;
	nums.seg[LAB_PAGES] = no_eprint(nums.seg[LAB_PAGES]);
	nums.seg[LAB_VOLUME] = no_eprint(nums.seg[LAB_VOLUME]);
	series_letter(x->a, &cont, &nums);
	it = &nums;
	numbers_of(x->a, it, &numbers);
	/* astronomy cites without titles ("2013, ApJS, 208, 17"): a "title"
	 * of one short word with capitals, a volume and pages after it and
	 * no venue, is the journal */
	if (!cont.n && title.n && title.n <= 12 && !memchr(title.p, ' ', title.n) && numbers.vol.n &&
	    numbers.pages.n) {
		size_t up = 0;
		for (size_t i = 0; i < title.n; i++)
			up += str_is_upper((unsigned char)title.p[i]);
		if (up >= 2)
			cont = title, title = S("", 0);
	}
	struct place pl;
	read_place(x, it, cont, arx, &pl);
	pl.pubonly = pubonly;
	e->type = type_of(x->c->cx->venues, it, &pl, arx.n != 0);
	const char *tn = cx_types[e->type].bibtex;
	e->type_name = S(tn, strlen(tn));
	cx_str equal = S("", 0);
	/* "(with Tom Ashby)": the owner and the names said, the owner first
	 * (an empty slot in the list is the owner) */
	cx_str rest = S("", 0), co = S("", 0);
	if (!x->lists)
		;
	else if ((co = with_names(x->a, it->seg[LAB_AUTHOR], &rest)).n && !rest.n)
		;
	else if ((co = with_names(x->a, title, &rest)).n && rest.n)
		title = title_text(rest);
	else if (it->seg[LAB_AUTHOR].n || !(co = with_names(x->a, all, &rest)).n)
		co = S("", 0);
	if (co.n && it->seg[LAB_AUTHOR].n && rest.n)
		add_names(&b, CX_F_AUTHOR, cv_cat(x->a, trim_set(it->seg[LAB_AUTHOR], " ,;."), " and ", co), it->line,
		          &equal); /* "Roe, J. Title (with T. Berg)" */
	else if (co.n)
		add_names(&b, CX_F_AUTHOR, cv_cat(x->a, CX_STR(","), " ", co), it->line, &equal);
	else if (it->seg[LAB_AUTHOR].n)
		add_names(&b, CX_F_AUTHOR, it->seg[LAB_AUTHOR], it->line, &equal);
	if (!cx_entry_get(e, CX_F_AUTHOR) && !it->seg[LAB_EDITOR].n && x->lists && x->last_authors &&
	    it->ntok && dashes_first(S(it->tok[0].p, it->tok[0].n))) { /* "----- (2009b). Title": the authors of the item before */
		struct cx_field *f = add(&b, CX_F_AUTHOR, x->last_authors->text);
		f->names = x->last_authors->names;
		f->nnames = x->last_authors->nnames;
	}
	if (!cx_entry_get(e, CX_F_AUTHOR) && !it->seg[LAB_EDITOR].n && x->lists)
		add_owner(&b, it->line); /* the owner's own work */
	if (it->seg[LAB_EDITOR].n)
		add_names(&b, CX_F_EDITOR, editor_text(x->a, it->seg[LAB_EDITOR]), it->line, NULL);
	if (it->seg[LAB_TRANSLATOR].n)
		add_names(&b, CX_F_TRANSLATOR, editor_text(x->a, it->seg[LAB_TRANSLATOR]), it->line, NULL);
	add_text(&b, CX_F_TITLE, title);
	add_container(&b, it, &pl, arx);
	cx_str bdg = it->badge; /* al-folio's badge: the venue's short name, its year ("arXiv 2009") the date's */
	if (bdg.n > 5 && bdg.p[bdg.n - 5] == ' ' && year_in(S(bdg.p + bdg.n - 4, 4)))
		bdg = trim_set(S(bdg.p, bdg.n - 5), " ,");
	if (bdg.n && !cx_entry_get(e, CX_F_SHORTJOURNAL) && bdg.n <= 40)
		add(&b, CX_F_SHORTJOURNAL, bdg);
	if (it->seg[LAB_COLLECTION].n)
		add_text(&b, CX_F_SERIES, trim_set(it->seg[LAB_COLLECTION], ",.;:()"));
	struct numbers nb = numbers;
	add_date(&b, it, &nb, &pl, arx);
	int journalish = e->type == CX_T_ARTICLE || e->type == CX_T_INPROCEEDINGS || !pl.c.known;
	cx_str vol = nb.vol.n ? nb.vol : journalish ? pl.c.volume : S("", 0);
	cx_str iss = nb.iss.n ? nb.iss : journalish && e->type != CX_T_TECHREPORT ? pl.c.number : S("", 0);
	cx_str pages = nb.pages.n ? nb.pages : journalish ? pages_text(x->a, pl.c.pages) : S("", 0);
	if (vol.n)
		add_text(&b, CX_F_VOLUME, vol);
	if (iss.n && e->type != CX_T_TECHREPORT)
		add_text(&b, CX_F_NUMBER, iss);
	if (pages.n)
		add_text(&b, CX_F_PAGES, pages);
	if (it->seg[LAB_EDITION].n)
		add_text(&b, CX_F_EDITION, trim_set(it->seg[LAB_EDITION], ",.;:()"));
	if (pub.n && !((e->type == CX_T_PHDTHESIS || e->type == CX_T_MASTERSTHESIS || e->type == CX_T_TECHREPORT) &&
	               !cont.n && !pl.c.school.n && !pl.s.school.n))
		add_text(&b, CX_F_PUBLISHER, pub);
	if (it->seg[LAB_LOCATION].n)
		add_text(&b, CX_F_ADDRESS, trim_set(it->seg[LAB_LOCATION], ",.;:()"));
	if (it->seg[LAB_ISBN].n)
		add_text(&b, CX_F_ISBN, trim_set(drop_lead(trim_set(it->seg[LAB_ISBN], ",.;:()"), "isbn", ":- "),
		                                  ",.;:"));
	cx_str dummy;
	add_ids(x->a, &b, it, all, &dummy);
	cx_str note = note_text(x, it, &pl, arx, e->type, equal);
	if (status.n && str_ifind(note, arena_strndup(x->a, status.p, status.n), 0) < 0)
		note = cv_cat(x->a, status, "; ", note);
	if (presented.n && str_ifind(note, "presented", 1) < 0 && str_ifind(note, "given", 1) < 0)
		note = cv_cat(x->a, presented, "; ", note);
	add_text(&b, CX_F_NOTE, note);
	if (it->abstract.n)
		add_text(&b, CX_F_ABSTRACT, it->abstract);
	/* no title and no venue: no publication; but a line of a paper's
	 * references is one, and physics and astronomy cite without titles
	 * ("Lee, A. 2013, ApJS, 208, 17"): its authors and numbers stand */
	if (!title.n && !cont.n &&
	    (x->lists || !cx_entry_get(e, CX_F_AUTHOR) || !(nb.year || nb.vol.n || nb.pages.n)))
		return NULL;
	return e;
}
