/* norm/venue_norm.c - the --venues policy for an entry's container.
 *
 * Every entry passes through here from norm_entry.  The container is the
 * journal, else the booktitle; the short container is CX_F_SHORTJOURNAL
 * (CSL container-title-short, RIS J2, BibTeX and biblatex shortjournal,
 * which biblatex's data model allows in every entry type).
 *
 *   AUTO   the container stays as given; a recognised venue whose acronym
 *          differs from it adds the acronym as the short container, unless
 *          the entry has one already.  A cv entry arrives with the
 *          canonical name and acronym from the cv reader, so nothing changes.
 *   FULL   the container becomes the table's full name, plus AUTO's short.
 *   SHORT  the container becomes the short name: the table's acronym for
 *          a recognised venue (so every entry of a venue agrees, and a
 *          second run changes nothing), else the entry's own short
 *          container; the short field goes, since it would repeat the
 *          container.  The full name is dropped: that is what the option
 *          asks for.
 *   KEEP   nothing is looked up.
 *
 * A short container added here is an ordinary field: written out, it reads
 * back as given, so a second run changes nothing.  It copies the inherited
 * mark of its container, so a booktitle taken from a crossref parent adds
 * no field to the child's BibTeX. */
#include <string.h>

#include "core/str.h"
#include "model/model.h"
#include "norm/context.h"
#include "norm/norm.h"
#include "norm/venue.h"

static struct cx_field *container(const struct cx_entry *e)
{
	struct cx_field *f = cx_entry_get(e, CX_F_JOURNAL);
	return f ? f : cx_entry_get(e, CX_F_BOOKTITLE);
}

/* Set a text field to a plain string from the table. */
static void set_text(struct cx_field *f, cx_str s)
{
	f->raw = s;
	f->text = s;
	f->parts = NULL;
	f->nparts = 0;
}

/* The acronym a recognised row lends as a short name, or NULL.  arXiv is
 * a server, not a venue with a short name. */
static const char *acronym_of(const struct venue_row *r)
{
	return r && r->acronym[0] && r->kind != VENUE_PREPRINT ? r->acronym : NULL;
}

/* The short container goes right after its container, where a person
 * writing the BibTeX would put it. */
static void add_short(struct arena *a, struct cx_entry *e, size_t at, const char *acr)
{
	struct cx_field *fields = arena_grow(a, e->fields, sizeof *fields, e->nfields, e->nfields + 1);
	struct cx_field *c = &fields[at], *f = c + 1;
	memmove(f + 1, f, (e->nfields - at - 1) * sizeof *f);
	memset(f, 0, sizeof *f);
	f->id = CX_F_SHORTJOURNAL;
	f->name = CX_STR("shortjournal");
	set_text(f, arena_str(a, acr, strlen(acr)));
	f->loc = c->loc;
	f->inherited = c->inherited;
	e->fields = fields;
	e->nfields++;
}

static void drop_field(struct cx_entry *e, struct cx_field *f)
{
	size_t i = (size_t)(f - e->fields);
	memmove(f, f + 1, (e->nfields - i - 1) * sizeof *f);
	e->nfields--;
}

static void to_short(struct venue_db *db, struct arena *a, struct cx_entry *e, struct cx_field *c,
                     struct cx_field *sf)
{
	cx_str plain = text_plain(a, c->text);
	const char *acr = acronym_of(venue_recognize(db, a, plain.p, plain.n));
	if (acr)
		set_text(c, arena_str(a, acr, strlen(acr)));
	else if (sf)
		set_text(c, sf->text);
	else
		return;
	if (sf)
		drop_field(e, sf);
}

void venue_normalize(struct cx_context *cx, struct arena *a, struct cx_entry *e,
                     enum cx_venues mode)
{
	struct venue_db *db = cx->venues;
	struct cx_field *c, *sf;
	const struct venue_row *r;
	const char *acr;

	if (mode == CX_VENUES_KEEP || e->kind != CX_ENTRY_RECORD || !(c = container(e)) || !c->text.n)
		return;
	sf = cx_entry_get(e, CX_F_SHORTJOURNAL);
	if (mode == CX_VENUES_SHORT) {
		to_short(db, a, e, c, sf);
		return;
	}
	if (sf && mode == CX_VENUES_AUTO)
		return;
	cx_str plain = text_plain(a, c->text);
	/* An arXiv container stays as it is written. */
	if (!(r = venue_recognize(db, a, plain.p, plain.n)) || r->kind == VENUE_PREPRINT)
		return;
	if (mode == CX_VENUES_FULL && r->name[0] &&
	    !(plain.n == strlen(r->name) && !memcmp(plain.p, r->name, plain.n)))
		set_text(c, arena_str(a, r->name, strlen(r->name)));
	acr = acronym_of(r);
	if (!sf && acr && !str_ieq(text_plain(a, c->text), acr))
		add_short(a, e, (size_t)(c - e->fields), acr);
}
