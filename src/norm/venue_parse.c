/* norm/venue_parse.c - venue_parse: the venue grammar's tree
 * (grammar/venue.y) read into struct venue_info.
 *
 * vn_interpret walks the clauses and decides which one names the venue,
 * whether that name is an acronym or a full name, which later clauses
 * continue a name that contains commas ("High Performance Computing,
 * Networking, Storage, and Analysis"), and what goes to the remainder.
 * Text that fits nowhere lands in the remainder: nothing is dropped. */
#include <string.h>

#include "core/str.h"
#include "venue.tab.h"

#define VN_MAXREM 16

struct vn_ctx {
	struct vn_parser *P;
	struct venue_info *out;
	cx_str rem[VN_MAXREM];
	size_t nrem;
	size_t name_off, name_end; /* the name's span, to extend across commas */
	size_t proc_off;           /* "Proceedings of" before the name, or -1 */
	int joinable;              /* the next clause may continue the name */
	int thesis, preprint;      /* guessed from words */
	int want_name;             /* a thesis: the next words are the school */
	cx_str name_first;         /* the name's first word after a publisher */
};

/* What one clause holds. */
struct vn_scan {
	size_t name_off, name_end; /* words and publisher prefixes */
	size_t proc_off;
	int nwords;
	struct vn_item *first_word, *second_word;
	int year, edition, status, has_status, has_rank, has_year;
	int thesis, preprint;
	size_t left_off, left_end; /* numbers and stray text outside the name */
	int has_left;
};

static cx_str vn_span(const struct vn_ctx *C, size_t off, size_t end)
{
	cx_str r = {C->P->s + off, end - off};
	while (r.n && strchr(" \t\r\n.,;:-", r.p[r.n - 1]))
		r.n--;
	while (r.n && strchr(" \t\r\n.,;:-", r.p[0])) {
		r.p++;
		r.n--;
	}
	return r;
}

static void vn_rem(struct vn_ctx *C, cx_str s)
{
	if (!s.n)
		return;
	if (C->nrem < VN_MAXREM) {
		C->rem[C->nrem++] = s;
	} else {
		/* Past the cap, widen the last piece to the end: still kept. */
		cx_str *l = &C->rem[VN_MAXREM - 1];
		l->n = (size_t)(s.p + s.n - l->p);
	}
}

/* A two-digit year: up to next year it is this century's ('27 in 2026 is
 * 2027), else the last century's ('28 is 1928).  "This year" is the
 * context's today, so the same input gives the same output on any day
 * the caller fixes. */
static int vn_year2(const struct vn_ctx *C, int yy)
{
	int cur = venue_db_year(C->P->db) % 100;
	return yy <= cur + 1 ? 2000 + yy : 1900 + yy;
}

static int vn_is_thesis_word(const char *w, size_t n)
{
	static const char *const ws[] = {
		"phd", "ph.d", "dissertation", "thesis", "doctoral", "master's",
		"masters", "msc", "m.sc", "bachelor's", "habilitation",
	};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
		if (vn_eq(w, n, ws[i]))
			return 1;
	return 0;
}

static int vn_is_preprint_word(const char *w, size_t n)
{
	return vn_eq(w, n, "arxiv") || vn_eq(w, n, "preprint") || vn_eq(w, n, "e-print") ||
	       vn_eq(w, n, "e-prints") || vn_eq(w, n, "corr") || vn_eq(w, n, "biorxiv") ||
	       vn_eq(w, n, "medrxiv");
}

/* An acronym by its shape: one word with two capitals ("ToN", "NeurIPS",
 * "MoNeTec") or a capital joined by '-', '&' or a digit ("S&P", "3DV"). */
static int vn_acronym_shape(const char *w, size_t n)
{
	int up = 0, join = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)w[i];
		if (c == ' ')
			return 0;
		up += c >= 'A' && c <= 'Z';
		join += c == '-' || c == '&' || str_digit(c);
	}
	return up >= 2 || (up >= 1 && join);
}

/* Same letters and digits, ignoring case and punctuation. */
static int vn_same(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < an && !vn_isword_c((unsigned char)a[i]))
			i++;
		while (j < bn && !vn_isword_c((unsigned char)b[j]))
			j++;
		if (i == an || j == bn)
			return i == an && j == bn;
		if (str_lower((unsigned char)a[i]) != str_lower((unsigned char)b[j]))
			return 0;
		i++;
		j++;
	}
}

/* Does s name a row by that row's acronym ("USENIX Security", "Networking")? */
static int vn_table_acronym(const struct vn_ctx *C, const char *s, size_t n)
{
	const struct venue_row *r = venue_lookup(C->P->db, s, n);
	return r && r->acronym[0] && vn_same(r->acronym, strlen(r->acronym), s, n);
}

static void vn_group(struct vn_ctx *C, struct vn_item *g);
static enum venue_kind vn_name_kind(const char *s, size_t n);

static void vn_name_token(struct vn_scan *sc, struct vn_item *it)
{
	if (!sc->nwords) {
		sc->name_off = it->t.off;
		sc->first_word = it;
	} else if (sc->nwords == 1) {
		sc->second_word = it;
	}
	sc->nwords++;
	sc->name_end = it->t.end;
}

static void vn_scan_clause(struct vn_ctx *C, struct vn_clause *cl, struct vn_scan *sc)
{
	struct venue_info *out = C->out;
	memset(sc, 0, sizeof *sc);
	sc->proc_off = (size_t)-1;
	for (struct vn_item *it = cl->first; it; it = it->next) {
		const char *w = C->P->s + it->t.off;
		size_t wn = it->t.end - it->t.off;
		switch (it->kind) {
		case VN_WORD:
		case VN_PUB:
			/* "The Twelfth International ...", "The 2023 ACM ...". */
			if (!sc->nwords && vn_eq(w, wn, "the") && it->next &&
			    (it->next->kind == VN_ORD || it->next->kind == VN_YEAR4))
				break;
			if (it->kind == VN_WORD && vn_is_thesis_word(w, wn))
				sc->thesis = 1;
			if (it->kind == VN_WORD && vn_is_preprint_word(w, wn))
				sc->preprint = 1;
			vn_name_token(sc, it);
			break;
		case VN_PROC:
		case VN_LEAD:
			/* A lead before the name; inside it, one more word. */
			if (sc->nwords)
				vn_name_token(sc, it);
			else if (it->kind == VN_PROC)
				sc->proc_off = it->t.off;
			break;
		case VN_ORD:
			/* "18th USENIX ...", "HotOS XIX": an edition either side. */
			if (!sc->edition)
				sc->edition = it->t.num;
			break;
		case VN_YEAR2:
		case VN_YEAR4:
			if (!sc->has_year) {
				sc->year = it->kind == VN_YEAR2 ? vn_year2(C, it->t.num) : it->t.num;
				sc->has_year = 1;
			}
			break;
		case VN_STATUS:
			if (!sc->has_status) {
				sc->status = it->t.num;
				sc->has_status = 1;
			}
			break;
		case VN_RANK:
			sc->has_rank = 1;
			vn_rem(C, vn_span(C, it->t.off, it->t.end));
			break;
		case VN_ARXIV:
			if (!out->arxiv.n)
				out->arxiv = (cx_str){C->P->s + it->t.aoff, it->t.aend - it->t.aoff};
			sc->preprint = 1;
			break;
		case VN_NUMBER:
		case VN_PUNCT:
			/* Inside a name (':' in "Systems: Computation") it stays
			 * there; outside, it is leftover unless it is lone
			 * punctuation. */
			if (it->kind == VN_PUNCT && (wn == 1 || vn_upunct(w, wn, 0)))
				break;
			if (!sc->has_left)
				sc->left_off = it->t.off;
			sc->left_end = it->t.end;
			sc->has_left = 1;
			break;
		default: /* a group */
			{
				struct vn_clause *g = it->group;
				int numeric = g != NULL && g->next == NULL;
				for (struct vn_item *x = g ? g->first : NULL; x; x = x->next)
					numeric &= x->kind == VN_NUMBER || x->kind == VN_PUNCT;
				if (numeric && g->first) {
					/* "30(4):1234-1250": part of the numbers. */
					if (!sc->has_left)
						sc->left_off = it->t.off;
					sc->left_end = it->t.end;
					sc->has_left = 1;
				} else {
					vn_group(C, it);
				}
			}
			break;
		}
	}
	/* Numbers inside the name span belong to it ("Web 2.0"); only the
	 * ones outside are leftover. */
	if (sc->has_left && sc->nwords && sc->left_off >= sc->name_off && sc->left_end <= sc->name_end)
		sc->has_left = 0;
	if (sc->thesis)
		C->thesis = 1;
	if (sc->preprint)
		C->preprint = 1;
}

/* Acronym or name?  Sets *pub to a split-off publisher prefix. */
static int vn_decide_acronym(struct vn_ctx *C, const struct vn_scan *sc, cx_str *acr, cx_str *pub)
{
	cx_str t = {C->P->s + sc->name_off, sc->name_end - sc->name_off};
	*pub = (cx_str){NULL, 0};
	if (!sc->nwords || sc->thesis)
		return 0;
	if (sc->nwords <= 2 && vn_table_acronym(C, t.p, t.n)) {
		*acr = t;
		if (sc->first_word->kind == VN_PUB && sc->nwords == 2)
			*pub = (cx_str){C->P->s + sc->first_word->t.off,
			                sc->first_word->t.end - sc->first_word->t.off};
		return 1;
	}
	if (sc->nwords == 1 && sc->first_word->kind == VN_WORD &&
	    vn_acronym_shape(t.p, t.n)) {
		*acr = t;
		return 1;
	}
	if (sc->nwords == 2 && sc->first_word->kind == VN_PUB && sc->second_word->kind == VN_WORD) {
		const struct vn_item *w = sc->second_word;
		cx_str r = {C->P->s + w->t.off, w->t.end - w->t.off};
		if (vn_acronym_shape(r.p, r.n) || vn_table_acronym(C, r.p, r.n)) {
			*acr = r;
			*pub = (cx_str){C->P->s + sc->first_word->t.off,
			                sc->first_word->t.end - sc->first_word->t.off};
			return 1;
		}
	}
	return 0;
}

/* A parenthesized group: "(OSDI '24)", "(2408.08586)", "(CCF-A)", or an
 * award or note, which goes to the remainder. */
static void vn_group(struct vn_ctx *C, struct vn_item *g)
{
	struct venue_info *out = C->out;
	struct vn_clause *cl = g->group;
	size_t nrem = C->nrem;
	struct vn_scan sc;
	cx_str acr, pub;

	if (!cl || (!cl->first && !cl->next))
		return;
	if (cl->next) {
		/* Several clauses: a note such as "(with X, Y)". */
		vn_rem(C, vn_span(C, g->t.off + 1, g->t.end - 1));
		return;
	}
	vn_scan_clause(C, cl, &sc);
	if (sc.has_year && !out->year)
		out->year = sc.year;
	if (sc.has_status && out->status == VENUE_PUBLISHED)
		out->status = sc.status;
	if (sc.nwords && !sc.has_left && !out->acronym.n && vn_decide_acronym(C, &sc, &acr, &pub)) {
		out->acronym = acr;
		if (pub.n && !out->publisher.n)
			out->publisher = pub;
		return;
	}
	if (sc.nwords && out->acronym.n && sc.nwords == 1 &&
	    vn_same(out->acronym.p, out->acronym.n, C->P->s + sc.name_off, sc.name_end - sc.name_off))
		return; /* "(OSDI '24)" after "OSDI": nothing new */
	if (sc.nwords || sc.has_left) {
		/* The whole group text, not its pieces: an award reads as one. */
		C->nrem = nrem;
		vn_rem(C, vn_span(C, g->t.off + 1, g->t.end - 1));
	}
}

static void vn_set_name(struct vn_ctx *C, const struct vn_scan *sc)
{
	struct venue_info *out = C->out;
	out->name = vn_span(C, sc->name_off, sc->name_end);
	C->name_off = sc->name_off;
	C->name_end = sc->name_end;
	C->proc_off = sc->proc_off;
	if (sc->first_word->kind == VN_PUB && !out->publisher.n)
		out->publisher = (cx_str){C->P->s + sc->first_word->t.off,
		                          sc->first_word->t.end - sc->first_word->t.off};
	{
		const struct vn_item *w = sc->first_word->kind == VN_PUB ? sc->second_word : sc->first_word;
		C->name_first = w && w->kind == VN_WORD ? (cx_str){C->P->s + w->t.off, w->t.end - w->t.off}
		                                        : (cx_str){NULL, 0};
	}
}

static void vn_clause(struct vn_ctx *C, struct vn_clause *cl)
{
	struct venue_info *out = C->out;
	struct vn_scan sc;
	cx_str acr, pub;
	int had_venue = out->acronym.n || out->name.n;
	size_t nrem = C->nrem;

	vn_scan_clause(C, cl, &sc);
	if (sc.has_year && !out->year)
		out->year = sc.year;
	if (sc.edition && !out->edition)
		out->edition = sc.edition;
	if (sc.has_status && out->status == VENUE_PUBLISHED)
		out->status = sc.status;
	if (!sc.nwords) {
		if (sc.has_left)
			vn_rem(C, vn_span(C, sc.left_off, sc.left_end));
		return;
	}

	if (sc.thesis) {
		/* "PhD Dissertation": the kind, not the venue; the school that
		 * follows is the name. */
		vn_rem(C, vn_span(C, sc.name_off, sc.name_end));
		C->want_name = 1;
		return;
	}
	if (sc.has_left)
		vn_rem(C, vn_span(C, sc.left_off, sc.left_end));
	if (C->want_name && !out->name.n) {
		vn_set_name(C, &sc);
		C->want_name = 0;
		return;
	}
	if (!had_venue) {
		if (vn_decide_acronym(C, &sc, &acr, &pub)) {
			out->acronym = acr;
			if (pub.n)
				out->publisher = pub;
		} else {
			vn_set_name(C, &sc);
			C->joinable = !sc.has_year && !sc.has_rank && !sc.has_status;
		}
		return;
	}
	if (cl->sep == '|' || (!out->name.n && !sc.has_year &&
	                       vn_name_kind(C->P->s + sc.name_off, sc.name_end - sc.name_off))) {
		/* "OSDI '25 | USENIX Symposium on ...": the other half. */
		if (!out->name.n && !vn_decide_acronym(C, &sc, &acr, &pub)) {
			vn_set_name(C, &sc);
			return;
		}
		if (!out->acronym.n && vn_decide_acronym(C, &sc, &acr, &pub)) {
			out->acronym = acr;
			if (pub.n && !out->publisher.n)
				out->publisher = pub;
			return;
		}
	}
	if (cl->sep == ',' && C->joinable && !sc.has_rank && !sc.has_status &&
	    !(sc.nwords == 1 && vn_acronym_shape(C->P->s + sc.name_off, sc.name_end - sc.name_off))) {
		/* ", Networking, Storage, and Analysis": the name goes on. */
		C->name_end = sc.name_end;
		out->name = vn_span(C, C->name_off, C->name_end);
		C->joinable = !sc.has_year;
		return;
	}
	/* A note ("pp. 123-140", "Best Paper Finalist"): the clause as a
	 * whole, in its own order, rather than its pieces. */
	C->joinable = 0;
	C->nrem = nrem;
	vn_rem(C, vn_span(C, cl->first->t.off, cl->last->t.end));
}

/* The kind a name's own words declare ("Transactions", "Workshop"), or
 * VENUE_UNKNOWN: also what tells "OSDI, USENIX Symposium on ..." (a name
 * after the comma) from "SC '24, Best Paper Finalist" (a note). */
static enum venue_kind vn_name_kind(const char *s, size_t n)
{
	/* The words, tried in this order, and what each declares. */
	static const char *const words[] = {"transactions", "journal",  "letters",   "magazine",
	                                    "workshop",     "conference", "symposium", "proceedings"};
	static const enum venue_kind kinds[] = {VENUE_JOURNAL,  VENUE_JOURNAL,    VENUE_JOURNAL,
	                                        VENUE_JOURNAL,  VENUE_WORKSHOP,   VENUE_CONFERENCE,
	                                        VENUE_CONFERENCE, VENUE_CONFERENCE};
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
		size_t wl = strlen(words[k]);
		for (size_t i = 0; i + wl <= n; i++)
			if ((i == 0 || !vn_isword_c((unsigned char)s[i - 1])) && vn_eq(s + i, wl, words[k]) &&
			    (i + wl == n || !vn_isword_c((unsigned char)s[i + wl])))
				return kinds[k];
	}
	return VENUE_UNKNOWN;
}

static enum venue_kind vn_guess_kind(const struct vn_ctx *C)
{
	enum venue_kind k;
	if (C->thesis)
		return VENUE_THESIS;
	if (C->preprint || C->out->arxiv.n)
		return VENUE_PREPRINT;
	if ((k = vn_name_kind(C->out->name.p, C->out->name.n)) != VENUE_UNKNOWN)
		return k;
	if (C->proc_off != (size_t)-1)
		return VENUE_CONFERENCE;
	return VENUE_UNKNOWN;
}

/* Is s the row's name or one of its aliases (ignoring case, punctuation)? */
static int vn_row_spells(const struct venue_row *r, const char *s, size_t n)
{
	const char *a = r->aliases;
	if (vn_same(r->name, strlen(r->name), s, n))
		return 1;
	while (*a) {
		const char *bar = strchr(a, '|');
		size_t an = bar ? (size_t)(bar - a) : strlen(a);
		if (vn_same(a, an, s, n))
			return 1;
		a += an + (bar != NULL);
	}
	return 0;
}

/* The row's acronym written inside the name ("ACM SIGCOMM Conference"). */
static cx_str vn_acronym_in_name(const cx_str name, const char *acr)
{
	size_t an = strlen(acr);
	if (!an)
		return (cx_str){NULL, 0};
	for (size_t i = 0; i + an <= name.n; i++)
		if ((i == 0 || name.p[i - 1] == ' ') && memcmp(name.p + i, acr, an) == 0 &&
		    (i + an == name.n || name.p[i + an] == ' '))
			return (cx_str){name.p + i, an};
	return (cx_str){NULL, 0};
}

static void vn_interpret(struct vn_ctx *C, struct vn_clause *top)
{
	struct venue_info *out = C->out;
	const struct venue_row *row = NULL;

	C->proc_off = (size_t)-1;
	for (struct vn_clause *cl = top; cl; cl = cl->next)
		vn_clause(C, cl);

	if (out->acronym.n)
		row = venue_lookup(C->P->db, out->acronym.p, out->acronym.n);
	if (out->name.n && C->proc_off != (size_t)-1) {
		/* "Proceedings of the VLDB Endowment", "Proc. ACM Meas. Anal.
		 * Comput. Syst.": a row's own spelling, so the name itself. */
		const char *p = C->P->s + C->proc_off;
		size_t pn = C->name_end - C->proc_off;
		const struct venue_row *pr = venue_lookup(C->P->db, p, pn);
		if (pr && vn_row_spells(pr, p, pn)) {
			out->name = vn_span(C, C->proc_off, C->name_end);
			if (!row)
				row = pr;
		}
	}
	if (!row && out->name.n)
		row = venue_lookup(C->P->db, out->name.p, out->name.n);
	if (!row && !out->name.n && !out->acronym.n && (out->arxiv.n || C->preprint))
		row = venue_lookup(C->P->db, "arXiv", 5);
	if (!row && !out->acronym.n && C->name_first.n &&
	    vn_name_kind(out->name.p, out->name.n) == VENUE_UNKNOWN &&
	    vn_acronym_shape(C->name_first.p, C->name_first.n) &&
	    vn_table_acronym(C, C->name_first.p, C->name_first.n)) {
		/* "NeurIPS Datasets and Benchmarks Track": a track of a known
		 * venue, named by its acronym first. */
		out->acronym = C->name_first;
		row = venue_lookup(C->P->db, out->acronym.p, out->acronym.n);
	}
	if (row && !out->acronym.n && out->name.n)
		out->acronym = vn_acronym_in_name(out->name, row->acronym);
	out->row = row;
	if (C->thesis)
		out->kind = VENUE_THESIS;
	else if (row)
		out->kind = row->kind;
	else
		out->kind = vn_guess_kind(C);
}

static cx_str vn_copy(struct arena *a, cx_str s)
{
	return s.n ? arena_str(a, s.p, s.n) : (cx_str){"", 0};
}

int venue_parse(const struct venue_db *db, struct arena *a, const char *s, size_t n,
                struct venue_info *out)
{
	struct vn_parser P;
	struct vn_ctx C;
	int depth = 0, ok = 1;

	memset(out, 0, sizeof *out);
	out->acronym = out->name = out->publisher = out->remainder = out->arxiv = (cx_str){"", 0};
	if (!s)
		return -1;
	memset(&P, 0, sizeof P);
	P.a = a;
	P.db = db;
	P.s = s;
	P.n = n;
	P.at_start = 1;
	/* Unbalanced parentheses are only text, so every string parses. */
	for (size_t i = 0; i < n && ok; i++) {
		depth += s[i] == '(' || s[i] == '[';
		depth -= s[i] == ')' || s[i] == ']';
		ok = depth >= 0;
	}
	P.parens = ok && depth == 0;
	if (cx_vnparse(&P) != 0)
		return -1;

	memset(&C, 0, sizeof C);
	C.P = &P;
	C.out = out;
	vn_interpret(&C, P.top);

	if (!out->acronym.n && !out->name.n && !out->year && !out->arxiv.n && !C.nrem &&
	    out->status == VENUE_PUBLISHED)
		return -1;
	/* Copy out of the caller's string into the arena. */
	out->acronym = vn_copy(a, out->acronym);
	out->name = vn_copy(a, out->name);
	out->publisher = vn_copy(a, out->publisher);
	out->arxiv = vn_copy(a, out->arxiv);
	if (C.nrem) {
		size_t len = 0, o = 0;
		char *p;
		for (size_t i = 0; i < C.nrem; i++)
			len += C.rem[i].n + 2;
		p = arena_alloc(a, len + 1);
		for (size_t i = 0; i < C.nrem; i++) {
			if (i) {
				memcpy(p + o, ", ", 2);
				o += 2;
			}
			memcpy(p + o, C.rem[i].p, C.rem[i].n);
			o += C.rem[i].n;
		}
		p[o] = '\0';
		out->remainder = (cx_str){p, o};
	}
	return 0;
}
