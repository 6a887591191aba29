/* norm/normalize.c - norm_entry, which turns the raw values a reader
 * collected into the normalized model every writer reads: text decoded
 * from LaTeX to UTF-8 NFC, names split, dates parsed, verbatim fields
 * cleaned, and the venue policy applied. */
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/str.h"
#include "norm/context.h"
#include "norm/norm.h"
#include "norm/venue.h"

/* Verbatim values (doi, url, eprint): drop grouping braces and the escapes
 * people put in them (\_ \% \& \# \~), unwrap \url{}, trim, and turn control
 * characters into spaces.  No LaTeX decoding beyond that.  The result must
 * normalize to itself, as the BibTeX writer puts it back unchanged: so an
 * escaped brace goes like any brace (e\{_\}057 is e_057, not e\_\057 that
 * a second pass would make e_\057), a backslash keeps the one after it
 * (\\_), and a DOI loses every resolver prefix it starts with. */
static cx_str norm_verbatim(struct arena *a, cx_str raw, enum cx_field_id id)
{
	char *out = arena_alloc(a, raw.n + 1);
	size_t k = 0;
	const char *p = raw.p, *end = raw.p + raw.n;
	if (end - p > 5 && !memcmp(p, "\\url{", 5))
		p += 5;
	/* Most values (a DOI, a URL) have none of the bytes the loop below
	 * changes: the run before the first brace, backslash or control byte
	 * is copied in one go. */
	if (p < end) {
		const char *stop = bytes_find_ctl2(p, end, '{', '}');
		const char *bs = memchr(p, '\\', (size_t)(stop - p));
		if (bs)
			stop = bs;
		memcpy(out, p, (size_t)(stop - p));
		k = (size_t)(stop - p);
		p = stop;
	}
	for (; p < end; p++) {
		char c = *p;
		if (c == '{' || c == '}')
			continue;
		if (c == '\\' && p + 1 < end && (p[1] == '{' || p[1] == '}' || p[1] == '\\')) {
			if (p[1] == '\\')
				out[k++] = '\\', out[k++] = '\\';
			p++;
			continue;
		}
		if (c == '\\' && p + 1 < end && (unsigned char)p[1] < 0x20) {
			out[k++] = ' '; /* a control space, as "\ " */
			p++;
			continue;
		}
		if (c == '\\' && p + 1 < end && strchr("_%&#~$ ", p[1])) {
			out[k++] = p[1];
			p++;
			if (out[k - 1] == '~' && p + 2 < end && p[1] == '{' && p[2] == '}')
				p += 2;
			continue;
		}
		if ((unsigned char)c < 0x20)
			c = ' ';
		out[k++] = c;
	}
	size_t i = 0;
	while (i < k && out[i] == ' ')
		i++;
	while (k > i && out[k - 1] == ' ')
		k--;
	cx_str r = {out + i, k - i};
	if (id == CX_F_DOI)
		r = doi_bare(r); /* the bare 10.x/y */
	return r;
}

/* "198?" is a decade, not the year 198: said once, where it is. */
static void unspecified_year(struct cx_context *cx, struct cx_diags *to, const struct cx_entry *e,
                             const struct cx_field *f)
{
	struct cx_diags own = context_diags(cx, e->file), *d = to ? to : &own;
	cx_str t = str_trim(f->text);
	char edtf[5];
	for (size_t i = 0; i < 4; i++)
		edtf[i] = t.p[i] == '?' || t.p[i] == 'x' || t.p[i] == 'u' ? 'X' : t.p[i];
	edtf[4] = 0;
	diag_report_at(d, e->file, CX_WARNING, CX_E_VALUE, f->loc.line, f->loc.col,
	               "year '%.*s' has unspecified digits: kept as a literal date (EDTF %s), "
	               "not the year %d", (int)t.n, t.p, edtf, atoi(edtf));
}

void norm_entry(struct cx_context *cx, struct cx_entry *e, struct arena *a, struct cx_diags *d)
{
	const struct cx_options *opt = &cx->opt;
	enum cx_particles particles = opt->particles;
	struct cx_field *year = NULL, *month = NULL, *day = NULL, *date = NULL;
	for (size_t i = 0; i < e->nfields; i++) {
		struct cx_field *f = &e->fields[i];
		if (e->kind != CX_ENTRY_RECORD) {
			f->text = f->raw;
			continue;
		}
		enum cx_kind kind = f->id == CX_F_UNKNOWN ? CX_K_TEXT : cx_fields[f->id].kind;
		if (f->text.p && (kind != CX_K_NAMES || f->names) && kind != CX_K_DATE)
			continue; /* already normalized by its reader */
		switch (kind) {
		case CX_K_NAMES: {
			int plain = 0;
			if (!f->text.p) {
				f->text = latex_text(a, f->raw.p, f->raw.n);
				plain = f->text.p == f->raw.p; /* as it is */
			}
			if (!f->names)
				f->nnames = names_parse(a, f->raw.p, f->raw.n, particles, plain, &f->names);
			break;
		}
		case CX_K_VERBATIM:
		case CX_K_KEY:
			f->text = norm_verbatim(a, f->raw, f->id);
			break;
		case CX_K_DATE:
			if (!f->text.p)
				f->text = latex_text(a, f->raw.p, f->raw.n);
			memset(&f->date, 0, sizeof f->date);
			if (f->id == CX_F_YEAR) {
				date_parse_year(&f->date, f->text);
				year = f;
				/* EDTF's 199X and 19uu were never read as a year */
				if (date_unspecified_year(f->text) && memchr(f->text.p, '?', f->text.n))
					unspecified_year(cx, d, e, f);
			}
			else if (f->id == CX_F_MONTH)
				f->date.month[0] = date_parse_month(f->text),
				f->date.day[0] = date_parse_month_day(f->text), month = f;
			else if (f->id == CX_F_DAY)
				f->date.day[0] = date_parse_day(f->text), day = f;
			else {
				/* EDTF's ~ is circa, not a no-break space: the value
				 * as written, when it has no LaTeX to decode. */
				cx_str v = f->raw.n && !memchr(f->raw.p, '\\', f->raw.n) ? f->raw : f->text;
				date_parse_iso(&f->date, v);
				if (f->date.literal.p == v.p)
					f->date.literal = f->text;
				if (f->id == CX_F_DATE)
					date = f;
			}
			break;
		default:
			if (!f->text.p)
				f->text = latex_text(a, f->raw.p, f->raw.n);
			break;
		}
	}
	if (e->kind != CX_ENTRY_RECORD)
		return;
	venue_normalize(cx, a, e, opt->venues);
	memset(&e->issued, 0, sizeof e->issued);
	/* A year beside a date gives way to the date, unless the date is
	 * unparsed; a year that repeats an unparsed date's text is that
	 * date written for BibTeX styles ("1995-1-04" in both). */
	if (date && (!date->date.literal.p ||
	             (year && str_same(str_trim(year->text), str_trim(date->date.literal))))) {
		e->issued = date->date;
	} else if (year) {
		e->issued = year->date;
		/* With a year range the month is the start's: that is how the
		 * BibTeX writer says [[2019, 3], [2020]]. */
		if (month) {
			e->issued.month[0] = month->date.month[0];
			if (day && month->date.month[0] <= 12)
				e->issued.day[0] = day->date.day[0];
			else if (month->date.month[0] <= 12)
				e->issued.day[0] = month->date.day[0]; /* month = {July 30th} */
		}
	} else if (date) {
		e->issued = date->date;
	}
}
