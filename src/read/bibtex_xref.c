/* read/bibtex_xref.c - crossref and xdata for the BibTeX reader, in one pass.
 *
 * Inheritance needs the parent, which may come before or after the child
 * (bibtex looks only after it, biber both ways).  The reader streams and
 * keeps, for every regular entry, the 64-bit hash of its key and the
 * offset where it starts (12 bytes an entry).  Its input can be read again:
 * a regular file, or for a pipe a spool of what was read from it.
 *
 * - A parent seen before its child is read again from that offset by a
 *   second parser over the same scanner and grammar (a "fetch"), which
 *   sees the @string macros as they stood there and says nothing.  Parents
 *   are kept once read, for the next child.
 * - A child that names a key not seen yet is held back (deep-copied) with
 *   every entry after it, so that the output keeps the input's order, until
 *   the key appears or the input ends.  Parents after their child are near
 *   it in practice.  Past HOLD_CAP bytes held, another parser reads ahead
 *   of the reader (a "look ahead"), noting keys, @string definitions and
 *   positions, until it meets the key or the end of the input, where a key
 *   not met is missing.  Memory stays bounded.
 * - Once a little is held, the rest of the input is searched for the keys
 *   waited for, where an entry's key could stand (key_at), all in one
 *   read.  A search can only rule a key out: when a key is nowhere such,
 *   no entry can have it, and the children go on without it; a key that
 *   may come and is far ahead is looked ahead for up to where it may
 *   first stand.  The searches read at most KEY_TEST_TIMES times the input
 *   in all.
 * - The diagnostics of the entries held back wait with them, so that they
 *   come out in the input's order.
 *
 * Inheritance follows biblatex's rules (resolve).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/hash.h"
#include "core/str.h"
#include "model/model.h"
#include "norm/context.h"
#include "read/bibtex.h"
#include "read/bibtex_xref.h"

/* Bytes of copies held back; past this the reader looks ahead for the key
 * (or, when it has no file to read again, gives the key up).  Past a
 * 32nd of it, the keys waited for are searched for (key_search), and past
 * an 8th, a key that may come is looked ahead for up to where it may
 * first stand. */
#define HOLD_CAP ((size_t)8 << 20)
/* What the key searches know of a key not seen yet: no entry can have it,
 * it was not searched for yet, or it may come anywhere (it is not
 * searched for); else the offset where it may first stand. */
#define NOTE_NEVER ((uint64_t)0)
#define NOTE_UNTESTED ((uint64_t)1)
#define NOTE_ANY UINT64_MAX
/* Keys looked for in one search at most. */
#define KEY_BATCH 64
#define LOOK_MORE ((uint64_t)1 << 16)
#define NO_OFF UINT32_MAX
#define OTHER_INPUT UINT64_MAX /* the offset of a parent from another input */
#define CHECKPOINT_GAP 1024
#define MAX_DEPTH 8
/* The key searches read the input at most this many times over. */
#define KEY_TEST_TIMES 4
/* They read this much at a time, with this much of the text before. */
#define KEY_CHUNK ((size_t)256 << 10)
#define KEY_BEFORE ((size_t)4096)

/* Where an entry starts: its line and column, every CHECKPOINT_GAP bytes
 * or so, from which a fetch counts its way to the parent's position. */
struct checkpoint {
	uint64_t off;
	unsigned line, col;
};

/* A parent read again (or copied from what was held), raw: not resolved
 * until a child needs it, not normalized. */
struct parent {
	struct cx_entry *e;
	uint64_t off;
	unsigned char resolved;
	unsigned mark; /* the last check that looked at it (xref.gen) */
};

struct held {
	struct cx_entry *e;
	uint64_t off, hash; /* hash of the key, 0 for none */
};

/* A second parser over the same scanner and grammar that reads the file
 * again from an offset: one entry (a fetch), or on ahead of the reader to
 * find keys not seen yet (a look ahead). */
struct again {
	struct cx_parser R;
	void *scanner;
	uint64_t pos; /* where its input has been read to */
	size_t chunk; /* how much the next read takes */
};

struct xref {
	struct cx_parser *P;
	/* Keys seen: hash (0 marks an empty slot) and offset (NO_OFF past
	 * 4 GiB), the first entry with a key wins. */
	uint64_t *keys;
	uint32_t *offs;
	size_t nkeys, keys_cap;
	uint64_t key_h; /* the hash of the key being read (xref_key_ahead), or 0 */
	/* A file to read again (fd >= 0): stream offset off is at base + off.
	 * It is the input, or for a pipe a spool of what was read from it:
	 * spooled bytes, of which the reader's scanner has been given `given`. */
	int fd;
	int64_t base;
	FILE *spool;
	uint64_t spooled, given;
	int src_eof;
	struct checkpoint *cps;
	size_t ncps, cps_cap;
	/* Parents by key (par_index: par[i] + 1, 0 empty). */
	struct arena parents_arena;
	struct parent *par;
	size_t npar, par_cap, *par_index, par_index_cap;
	unsigned gen;
	/* Entries held back, from front on. */
	struct arena hold_arena;
	struct held *held;
	size_t nheld, held_cap, front;
	uint64_t await; /* the hash of the key the front waits for */
	size_t hold_cap;
	int eof;  /* the input has ended: a key not seen will not come */
	int over; /* past hold_cap: a key not seen is given up */
	/* Diagnostics that wait while entries are held: each comes out just
	 * before held[slot] is delivered (msgs: their texts). */
	struct waiting {
		enum cx_sev sev;
		enum cx_code code;
		unsigned line, col;
		size_t msg, slot;
	} *wait;
	size_t nwait, wait_cap, wait_done;
	struct buf msgs;
	int releasing;
	struct again *fetch, *ahead;
	uint64_t ahead_found; /* where the look ahead met the key it looked for */
	uint64_t ahead_stop;  /* where it stops even so, or 0 */
	int ahead_eof;        /* it has reached the end: every key is known */
	/* Keys waited for (case folded) and what the searches know of each
	 * (NOTE_...); what the searches have read; the note of the key the
	 * front waits for; want_test: a key waited for was not searched for,
	 * or the reader has passed where it may first stand. */
	struct strset notes;
	uint64_t *note_at;
	size_t note_cap;
	uint64_t tested;
	size_t await_note;
	int want_test;
};

static uint64_t key_hash(cx_str key)
{
	uint64_t h = hash_lower(key.p, key.n);
	return h ? h : 1;
}

struct xref *xref_new(struct cx_parser *P)
{
	struct xref *X = xcalloc(1, sizeof *X);
	X->P = P;
	X->fd = -1;
	struct cx_input *in = P->in;
	struct stat st;
	int fd = in && in->f ? fileno(in->f) : -1;
	long pos;
	size_t unread = in ? in->npre - in->ipre : 0;
	if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode) && (pos = ftell(in->f)) >= 0 &&
	    (size_t)pos >= unread) {
		X->fd = fd;
		X->base = (int64_t)pos - (int64_t)unread;
	} else if (in && (X->spool = tmpfile()) != NULL) {
		X->fd = fileno(X->spool);
	}
	X->hold_cap = P->c->opt->hold_cap ? P->c->opt->hold_cap : HOLD_CAP;
	X->notes.fold = 1;
	return X;
}

/* Read more of a pipe into buf, and keep it in the spool. */
static size_t spool_more(struct xref *X, char *buf, size_t max)
{
	size_t n = X->src_eof ? 0 : cx_input_read(X->P->in, buf, max);
	if (!n) {
		X->src_eof = 1;
		return 0;
	}
	if (pwrite(X->fd, buf, n, (off_t)X->spooled) != (ssize_t)n)
		X->P->in->error = 1; /* the spool is lost: an I/O error */
	X->spooled += n;
	return n;
}

/* The reader's input from a pipe: what the look ahead took from the pipe
 * first (it is in the spool), then the pipe. */
size_t xref_input(struct cx_parser *P, char *buf, size_t max)
{
	struct xref *X = P->xref;
	size_t n;
	if (X->given < X->spooled) {
		uint64_t left = X->spooled - X->given;
		ssize_t r = pread(X->fd, buf, left < max ? (size_t)left : max, (off_t)X->given);
		n = r > 0 ? (size_t)r : 0;
	} else {
		n = spool_more(X, buf, max);
	}
	X->given += n;
	return n;
}

int xref_spooling(const struct cx_parser *P)
{
	return P->xref && P->xref->spool;
}

static void again_free(struct again *A)
{
	if (A) {
		parser_scanner_free(A->scanner);
		parser_free(&A->R);
		free(A);
	}
}

void xref_free(struct xref *X)
{
	again_free(X->fetch);
	again_free(X->ahead);
	free(X->keys);
	free(X->offs);
	free(X->cps);
	free(X->par);
	free(X->par_index);
	free(X->held);
	free(X->wait);
	strset_free(&X->notes);
	free(X->note_at);
	buf_free(&X->msgs);
	if (X->spool)
		fclose(X->spool);
	arena_destroy(&X->parents_arena);
	arena_destroy(&X->hold_arena);
	free(X);
}

/* ---- keys seen ------------------------------------------------------------ */

/* The slot of hash h, or the empty slot where it would go. */
static size_t key_slot(const struct xref *X, uint64_t h)
{
	size_t mask = X->keys_cap - 1, j = (size_t)h & mask;
	while (X->keys[j] && X->keys[j] != h)
		j = (j + 1) & mask;
	return j;
}

/* Record the key of the entry at off: 1 if another entry had it first.
 * Keys compare case-insensitively, as BibTeX does.  The set holds 64-bit
 * hashes, not the keys: a false "duplicate" needs two keys whose hashes
 * collide.  An entry the look ahead recorded is no duplicate of itself. */
static int key_add(struct xref *X, uint64_t h, uint64_t off)
{
	if ((X->nkeys + 1) * 4 > X->keys_cap * 3) {
		uint64_t *old = X->keys;
		uint32_t *oldoffs = X->offs;
		size_t oldcap = X->keys_cap;
		X->keys_cap = oldcap ? oldcap * 2 : 256;
		X->keys = xcalloc(X->keys_cap, sizeof *X->keys);
		X->offs = xmalloc(X->keys_cap * sizeof *X->offs);
		for (size_t i = 0; i < oldcap; i++) {
			if (!old[i])
				continue;
			size_t j = key_slot(X, old[i]);
			X->keys[j] = old[i];
			X->offs[j] = oldoffs[i];
		}
		free(old);
		free(oldoffs);
	}
	uint32_t o = off < NO_OFF ? (uint32_t)off : NO_OFF;
	size_t j = key_slot(X, h);
	if (X->keys[j])
		return X->offs[j] != o || o == NO_OFF;
	X->keys[j] = h;
	X->offs[j] = o;
	X->nkeys++;
	return 0;
}

int xref_key_seen(struct cx_parser *P, cx_str key)
{
	struct xref *X = P->xref;
	uint64_t h = X->key_h ? X->key_h : key_hash(key);
	X->key_h = 0;
	return key_add(X, h, P->at_off);
}

/* The key's slot is likely not in the cache: ask for it while the fields
 * are read. */
void xref_key_ahead(struct cx_parser *P, cx_str key)
{
	struct xref *X = P->xref;
	X->key_h = key_hash(key);
	if (X->keys_cap) {
		size_t j = (size_t)X->key_h & (X->keys_cap - 1);
		__builtin_prefetch(&X->keys[j]);
		__builtin_prefetch(&X->offs[j]);
	}
}

/* Checkpoints come in order: the look ahead may have passed this one. */
static void checkpoint(struct xref *X, uint64_t off, unsigned line, unsigned col)
{
	if (X->fd < 0 || (X->ncps && off < X->cps[X->ncps - 1].off + CHECKPOINT_GAP))
		return;
	if (X->ncps == X->cps_cap) {
		X->cps_cap = X->cps_cap ? 2 * X->cps_cap : 64;
		X->cps = xrealloc(X->cps, X->cps_cap * sizeof *X->cps);
	}
	X->cps[X->ncps++] = (struct checkpoint){off, line, col};
}

void xref_at(struct cx_parser *P, unsigned line, unsigned col)
{
	if (P->fetch != FETCH_ONE)
		checkpoint(P->xref, P->at_off, line, col);
}

/* ---- reading the file again ------------------------------------------------- */

size_t xref_fetch_input(struct cx_parser *R, char *buf, size_t max)
{
	struct xref *X = R->xref;
	struct again *A = R->fetch == FETCH_ONE ? X->fetch : X->ahead;
	/* A parent is a few hundred bytes: read a little first, more if it
	 * goes on. */
	size_t n = max < A->chunk ? max : A->chunk;
	if (A->chunk < ((size_t)1 << 20))
		A->chunk *= 2;
	/* A pipe: take more of it into the spool first. */
	while (X->spool && X->spooled < A->pos + n && !X->src_eof) {
		char more[1 << 16];
		spool_more(X, more, sizeof more);
	}
	ssize_t r = pread(X->fd, buf, n, (off_t)(X->base + (int64_t)A->pos));
	if (r <= 0)
		return 0;
	A->pos += (uint64_t)r;
	return (size_t)r;
}

/* What a parser reading again does with an entry: a fetch takes the first
 * regular entry; the look ahead records keys, and stops a while after the
 * key the front of what is held waits for. */
void xref_fetched(struct cx_parser *R, const struct cx_entry *e)
{
	struct xref *X = R->xref;
	if (R->fetch == FETCH_ONE) {
		if (e->kind == CX_ENTRY_RECORD && !R->fetched) {
			R->fetched = model_copy_entry(&X->parents_arena, e);
			R->stop = 1;
		}
		return;
	}
	if (e->kind == CX_ENTRY_RECORD && e->key.n) {
		key_add(X, key_hash(e->key), R->at_off);
		if (!X->ahead_found && key_hash(e->key) == X->await)
			X->ahead_found = R->at_off;
	}
	/* Going on for a while costs little and finds the next keys too. */
	if (X->ahead_found && R->at_off - X->ahead_found >= LOOK_MORE)
		R->stop = 1;
	if (X->ahead_stop && R->at_off >= X->ahead_stop)
		R->stop = 1;
}

/* The line and column at stream offset off, counted from the checkpoint
 * before it. */
static void position_at(struct xref *X, uint64_t off, unsigned *line, unsigned *col)
{
	size_t lo = 0, hi = X->ncps;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (X->cps[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = X->cps[lo].line;
	*col = X->cps[lo].col;
	char buf[4096];
	for (uint64_t at = X->cps[lo].off; at < off;) {
		size_t n = off - at < sizeof buf ? (size_t)(off - at) : sizeof buf;
		ssize_t r = pread(X->fd, buf, n, (off_t)(X->base + (int64_t)at));
		if (r <= 0)
			break;
		scan_move(line, col, buf, (size_t)r);
		at += (uint64_t)r;
	}
}

static struct again *again_new(struct xref *X, int mode)
{
	struct again *A = xcalloc(1, sizeof *A);
	parser_init(&A->R, X->P->c, NULL, X->P);
	A->R.fetch = mode;
	A->scanner = parser_scanner_new(&A->R);
	return A;
}

/* Run a parser reading again from off, at line and column, to where it
 * stops or to the end of the file.  It stops at the '@' of an entry with
 * the scanner between entries, ready for the next run. */
static void again_run(struct again *A, uint64_t off, unsigned line, unsigned col, size_t chunk)
{
	struct cx_parser *R = &A->R;
	R->line = line;
	R->col = col;
	R->off = R->at_off = A->pos = off;
	R->fetched = NULL;
	R->stop = 0;
	R->tok.n = 0;
	R->entry_failed = 0;
	R->limit_hit = 0;
	R->nparts = 0;
	memset(&R->e, 0, sizeof R->e);
	A->chunk = chunk;
	parser_run(R, A->scanner);
	arena_reset(&R->entry_arena);
	if (!R->stop) {
		/* The end of the file, where the scanner may stand anywhere
		 * (a fetch that did not find its entry: the file changed). */
		parser_scanner_free(A->scanner);
		A->scanner = parser_scanner_new(R);
	}
}

/* The entry that starts at off, read again, or NULL. */
static struct cx_entry *fetch(struct xref *X, uint64_t off)
{
	if (!X->fetch)
		X->fetch = again_new(X, FETCH_ONE);
	unsigned line, col;
	position_at(X, off, &line, &col);
	again_run(X->fetch, off, line, col, 4096);
	return X->fetch->R.fetched;
}

/* Look ahead of the reader for the key the front of what is held waits
 * for (X->await): record the keys, @string definitions and checkpoints
 * of the entries on the way, up to a while past that key, to the end, or
 * (stop > 0) to the first entry from offset stop on. */
static void look_ahead(struct xref *X, uint64_t stop)
{
	struct cx_parser *P = X->P;
	struct again *A = X->ahead;
	uint64_t off;
	unsigned line, col;
	if (!A || A->R.off < P->off) {
		if (!A)
			A = X->ahead = again_new(X, FETCH_AHEAD);
		/* From the end of the entry the reader has just read. */
		off = P->off;
		line = P->line;
		col = P->col;
	} else {
		off = A->R.off;
		line = A->R.line;
		col = A->R.col;
	}
	X->ahead_found = 0;
	X->ahead_stop = stop;
	again_run(A, off, line, col, 1 << 16);
	if (!A->R.stop)
		X->ahead_eof = 1;
}

/* ---- keys that cannot come ---------------------------------------------------- */

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* Could the key k at m, in text that starts at lo and ends at end, be an
 * entry's key?  bibtex.l takes a key as a whole run of name bytes after
 * the entry's '{' or '(', with only blanks and %-comments between them,
 * and the '{' or '(' after the entry type (a name) and blanks.  Where the
 * text before is not known, or a line break leaves room for a comment, it
 * may be. */
static int key_at(const char *lo, const char *m, const char *end, cx_str k)
{
	if (!eq_lower(k, m, k.n))
		return 0;
	if (m + k.n < end && scan_namec[(unsigned char)m[k.n]])
		return 0; /* part of a longer name */
	const char *q = m;
	int nl = 0;
	while (q > lo && is_blank(q[-1]))
		nl |= *--q == '\n';
	if (q == lo)
		return 1;
	if (q[-1] != '{' && q[-1] != '(')
		return nl;
	for (q--; q > lo && is_blank(q[-1]); q--)
		;
	return q == lo || scan_namec[(unsigned char)q[-1]];
}

/* Where the keys of the input are known up to: the reader's place, or
 * the look ahead's, which has recorded every key before it. */
static uint64_t known_to(const struct xref *X)
{
	uint64_t off = X->P->off;
	return X->ahead && X->ahead->R.off > off ? X->ahead->R.off : off;
}

/* The size of the input, a pipe spooled to its end first; 0 when it
 * cannot be read again. */
static uint64_t input_size(struct xref *X)
{
	if (X->spool) {
		char more[1 << 16];
		while (!X->src_eof)
			spool_more(X, more, sizeof more);
		return X->spooled;
	}
	struct stat st;
	if (X->fd < 0 || fstat(X->fd, &st) || st.st_size < X->base)
		return 0;
	return (uint64_t)(st.st_size - X->base);
}

/* The note of a key waited for (made NOTE_UNTESTED). */
static size_t note_add(struct xref *X, cx_str key)
{
	int added;
	size_t k = strset_add(&X->notes, &X->parents_arena, key.p, key.n, &added);
	if (k >= X->note_cap) {
		X->note_cap = X->note_cap ? 2 * X->note_cap : 64;
		X->note_at = xrealloc(X->note_at, X->note_cap * sizeof *X->note_at);
	}
	if (added)
		X->note_at[k] = NOTE_UNTESTED;
	return k;
}

/* Is the key's note to be searched for (again) from `from` on? */
static int note_stale(const struct xref *X, size_t k, uint64_t from)
{
	uint64_t at = X->note_at[k];
	return at == NOTE_UNTESTED || (at != NOTE_NEVER && at != NOTE_ANY && at < from);
}

/* Search the input from `from` on, once, for the keys notes.key[want[0..n)]:
 * each gets where it first could stand (key_at), or NOTE_NEVER when it is
 * nowhere such.  A key that is not plain ASCII name bytes (its Latin-1
 * form would differ) or of one byte, and every key once the searches have
 * read KEY_TEST_TIMES times the input, get NOTE_ANY: not searched for. */
static void key_search(struct xref *X, const size_t *want, size_t n, uint64_t from)
{
	uint64_t size = input_size(X);
	size_t look[KEY_BATCH], nlook = 0;
	for (size_t i = 0; i < n; i++) {
		cx_str k = X->notes.key[want[i]];
		int plain = k.n >= 2 && k.n <= KEY_BEFORE / 2;
		for (size_t j = 0; plain && j < k.n; j++)
			plain = (unsigned char)k.p[j] < 0x80 && scan_namec[(unsigned char)k.p[j]];
		X->note_at[want[i]] = NOTE_ANY;
		if (plain && size && X->tested + (size - from) <= KEY_TEST_TIMES * size)
			look[nlook++] = want[i];
	}
	if (!nlook)
		return;
	for (size_t i = 0; i < nlook; i++)
		X->note_at[look[i]] = NOTE_NEVER;
	char *buf = xmalloc(KEY_BEFORE + KEY_CHUNK);
	size_t have = 0, next = 0; /* bytes in buf; where the search goes on */
	uint64_t pos = from;       /* the input's offset of buf + have */
	for (int eof = pos >= size; !eof && nlook;) {
		if (have > KEY_BEFORE) {
			/* Keep the text before the bytes not searched yet. */
			memmove(buf, buf + have - KEY_BEFORE, KEY_BEFORE);
			next -= have - KEY_BEFORE;
			have = KEY_BEFORE;
		}
		ssize_t r = pread(X->fd, buf + have, KEY_CHUNK, (off_t)(X->base + (int64_t)pos));
		if (r > 0) {
			have += (size_t)r;
			pos += (uint64_t)r;
			X->tested += (uint64_t)r;
		}
		eof = r <= 0 || pos >= size;
		size_t stop = have; /* where the next round goes on */
		for (size_t i = 0; i < nlook;) {
			cx_str k = X->notes.key[look[i]];
			/* Its first and last bytes, a rare pair at that distance. */
			char k0 = (char)str_lower((unsigned char)k.p[0]);
			char k1 = (char)str_lower((unsigned char)k.p[k.n - 1]);
			/* A place is looked at once the byte after the key is read. */
			size_t end = have - next < k.n + !eof ? next : have - k.n - !eof + 1;
			stop = end < stop ? end : stop;
			const char *m = buf + next, *e = buf + end;
			while ((m = bytes_find_pair_fold(m, e + k.n - 1, k0, k1, k.n - 1)) < e &&
			       !key_at(buf, m, buf + have, k))
				m++;
			if (m < e) {
				X->note_at[look[i]] = pos - (uint64_t)(buf + have - m);
				look[i] = look[--nlook];
			} else {
				i++;
			}
		}
		next = stop;
	}
	free(buf);
}

/* ---- parents ---------------------------------------------------------------- */

static struct parent *cache_find(struct xref *X, cx_str key)
{
	if (!X->par_index_cap)
		return NULL;
	size_t mask = X->par_index_cap - 1;
	for (size_t j = (size_t)key_hash(key) & mask; X->par_index[j]; j = (j + 1) & mask) {
		struct parent *p = &X->par[X->par_index[j] - 1];
		if (eq_lower(p->e->key, key.p, key.n))
			return p;
	}
	return NULL;
}

static void index_parent(struct xref *X, size_t i)
{
	size_t mask = X->par_index_cap - 1, j = (size_t)key_hash(X->par[i].e->key) & mask;
	while (X->par_index[j])
		j = (j + 1) & mask;
	X->par_index[j] = i + 1;
}

static struct parent *cache_add(struct xref *X, struct cx_entry *e, uint64_t off)
{
	if (X->npar == X->par_cap) {
		X->par_cap = X->par_cap ? 2 * X->par_cap : 64;
		X->par = xrealloc(X->par, X->par_cap * sizeof *X->par);
	}
	X->par[X->npar++] = (struct parent){e, off, 0, 0};
	if (2 * X->npar > X->par_index_cap) {
		X->par_index_cap = X->par_index_cap ? 2 * X->par_index_cap : 128;
		free(X->par_index);
		X->par_index = xcalloc(X->par_index_cap, sizeof *X->par_index);
		for (size_t i = 0; i < X->npar; i++)
			index_parent(X, i);
	} else {
		index_parent(X, X->npar - 1);
	}
	return &X->par[X->npar - 1];
}

/* The held entry that starts at off (held in the order of offsets), or
 * past 4 GiB the first held entry whose key has hash h. */
static const struct held *find_held(const struct xref *X, uint64_t h, uint64_t off)
{
	if (X->front == X->nheld)
		return NULL;
	if (off == NO_OFF) {
		for (size_t i = X->front; i < X->nheld; i++)
			if (X->held[i].hash == h)
				return &X->held[i];
		return NULL;
	}
	size_t lo = X->front, hi = X->nheld;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (X->held[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < X->nheld && X->held[lo].off == off ? &X->held[lo] : NULL;
}

enum { AV_FOUND, AV_NONE, AV_PENDING };

/* A parent in another input of the run (the context's parent_more), kept
 * like the others; it was resolved in its own input. */
static struct parent *other_input(struct xref *X, cx_str key)
{
	struct cx_context *cx = X->P->c->cx;
	const struct cx_entry *e = cx->parent_more ? cx->parent_more(cx->parent_ctx, key) : NULL;
	if (!e)
		return NULL;
	struct parent *p = cache_add(X, model_copy_entry(&X->parents_arena, e), OTHER_INPUT);
	p->resolved = 1;
	return p;
}

/* The parent with this key for the entry at self: found, none (now or
 * ever), or pending (not seen yet). */
static int avail(struct xref *X, cx_str key, uint64_t self, struct parent **out)
{
	*out = NULL;
	struct parent *p = cache_find(X, key);
	if (!p) {
		uint64_t h = key_hash(key);
		size_t j = X->keys_cap ? key_slot(X, h) : 0;
		if (!X->keys_cap || !X->keys[j]) {
			if (!X->eof && !X->ahead_eof) {
				if (X->over)
					return AV_NONE;
				long k = strset_find(&X->notes, key.p, key.n);
				if (k < 0 || X->note_at[k] != NOTE_NEVER) {
					if (k < 0 || note_stale(X, (size_t)k, known_to(X)))
						X->want_test = 1;
					return AV_PENDING;
				}
			}
			p = other_input(X, key); /* not in this input at all */
			*out = p;
			return p ? AV_FOUND : AV_NONE;
		}
		uint64_t off = X->offs[j];
		const struct held *k = find_held(X, h, off);
		if (k && eq_lower(k->e->key, key.p, key.n))
			p = cache_add(X, model_copy_entry(&X->parents_arena, k->e), k->off);
		if (!p && off != NO_OFF && off != self && X->fd >= 0) {
			struct cx_entry *e = fetch(X, off);
			if (e && eq_lower(e->key, key.p, key.n))
				p = cache_add(X, e, off);
		}
	}
	if (!p || p->off == self)
		return AV_NONE;
	*out = p;
	return AV_FOUND;
}

/* ---- inheritance -------------------------------------------------------------- */

static int is_container(enum cx_type_id t)
{
	return t == CX_T_BOOK || t == CX_T_COLLECTION || t == CX_T_PROCEEDINGS ||
	       t == CX_T_PERIODICAL;
}

/* Fields a child never inherits (biblatex's defaults). */
static int never_inherited(cx_str name)
{
	static const char *const skip[] = {
		"ids", "crossref", "xref", "xdata", "entryset", "entrysubtype", "execute",
		"label", "options", "presort", "related", "relatedoptions", "relatedstring",
		"relatedtype", "shorthand", "shorthandintro", "sortkey", NULL,
	};
	for (int i = 0; skip[i]; i++)
		if (str_eq(name, skip[i]))
			return 1;
	return 0;
}

static int title_family(cx_str name)
{
	static const char *const t[] = {"title", "subtitle", "titleaddon", "shorttitle",
	                                "sorttitle", "indextitle", "indexsorttitle", NULL};
	for (int i = 0; t[i]; i++)
		if (str_eq(name, t[i]))
			return 1;
	return 0;
}

static struct cx_field *find_named(struct cx_entry *e, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < e->nfields; i++)
		if (e->fields[i].name.n == n && !memcmp(e->fields[i].name.p, name, n))
			return &e->fields[i];
	/* journal and journaltitle, address and location are one field. */
	enum cx_field_id id = cx_field_lookup(name, n);
	if (id != CX_F_UNKNOWN)
		return cx_entry_get(e, id);
	return NULL;
}

static void inherit_field(struct arena *a, struct cx_entry *child, const struct cx_field *pf,
                          const char *as)
{
	struct cx_field *f = find_named(child, as);
	if (f) {
		/* bibtex takes an empty field for one the child has, and
		 * inherits nothing into it; biber takes it for none. */
		if (strcmp(child->source, "biblatex") || str_trim(f->raw).n || f->nparts > 1)
			return;
		*f = *pf;
		f->name = arena_str(a, as, strlen(as));
		f->id = cx_field_lookup(as, strlen(as));
		f->inherited = 1;
		return;
	}
	struct cx_field *fields = arena_grow(a, child->fields, sizeof *fields,
	                                     child->nfields, child->nfields + 1);
	f = &fields[child->nfields];
	*f = *pf;
	f->name = arena_str(a, as, strlen(as));
	f->id = cx_field_lookup(as, strlen(as));
	f->inherited = 1;
	child->fields = fields;
	child->nfields++;
}

/* The fields of parent that child takes, into arena a. */
static void inherit(struct arena *a, struct cx_entry *child, const struct cx_entry *parent,
                    enum cx_field_id via)
{
	int container = via == CX_F_CROSSREF && is_container(parent->type);
	/* A multi-volume work's title is the main title below it; a book's,
	 * collection's or proceedings' title is the book title of a part of
	 * it, a periodical's the journal title of an article.  Between other
	 * types (a book under a book) titles keep their names, as biblatex's
	 * default inheritance has it. */
	int mv = container && parent->type_name.n > 2 && !memcmp(parent->type_name.p, "mv", 2);
	if (container && !mv)
		container = parent->type == CX_T_PERIODICAL ? child->type == CX_T_ARTICLE
		                                              : cx_type_is_part(child->type);
	size_t np = parent->nfields;
	for (size_t j = 0; j < np; j++) {
		const struct cx_field *pf = &parent->fields[j];
		if (never_inherited(pf->name))
			continue;
		if (container && title_family(pf->name)) {
			char as[64];
			if (mv)
				snprintf(as, sizeof as, "main%.*s", (int)pf->name.n, pf->name.p);
			else if (parent->type == CX_T_PERIODICAL)
				snprintf(as, sizeof as, "journal%.*s", (int)(pf->name.n - 5), pf->name.p + 5);
			else
				snprintf(as, sizeof as, "book%.*s", (int)pf->name.n, pf->name.p);
			if (!strcmp(as, "booktitle") || !strcmp(as, "booksubtitle") ||
			    !strcmp(as, "booktitleaddon") || !strcmp(as, "journaltitle") ||
			    !strcmp(as, "journalsubtitle") || !strcmp(as, "maintitle") ||
			    !strcmp(as, "mainsubtitle") || !strcmp(as, "maintitleaddon"))
				inherit_field(a, child, pf, as);
			continue;
		}
		char name[128];
		snprintf(name, sizeof name, "%.*s", (int)pf->name.n, pf->name.p);
		inherit_field(a, child, pf, name);
		if (container && parent->type == CX_T_BOOK &&
		    (child->type == CX_T_INBOOK || child->type == CX_T_BOOKINBOOK) &&
		    !strcmp(name, "author"))
			inherit_field(a, child, pf, "bookauthor");
	}
}

/* The next key of a crossref or xdata value (xdata may list several,
 * comma-separated) from *s, or an empty key at the end. */
static cx_str next_key(const char **s, const char *end)
{
	const char *p = *s;
	while (p < end && (str_space((unsigned char)*p) || *p == ','))
		p++;
	const char *k = p;
	while (p < end && *p != ',' && !str_space((unsigned char)*p))
		p++;
	*s = p;
	return (cx_str){k, (size_t)(p - k)};
}

static int is_link(const struct cx_field *f)
{
	return (f->id == CX_F_CROSSREF || f->id == CX_F_XDATA) && !f->inherited;
}

/* Search for the keys waited for whose notes are stale: the key the front
 * waits for, and the keys of the children held after it. */
static void key_tests(struct xref *X)
{
	size_t want[KEY_BATCH], n = 0;
	uint64_t from = known_to(X);
	X->want_test = 0;
	if (note_stale(X, X->await_note, from))
		want[n++] = X->await_note;
	for (size_t i = X->front; i < X->nheld && n < KEY_BATCH; i++) {
		const struct cx_entry *e = X->held[i].e;
		for (size_t f = 0; f < e->nfields && n < KEY_BATCH; f++) {
			if (!is_link(&e->fields[f]))
				continue;
			const char *s = e->fields[f].raw.p, *end = s + e->fields[f].raw.n;
			for (cx_str key; n < KEY_BATCH && (key = next_key(&s, end)).n;) {
				uint64_t h = key_hash(key);
				if (X->keys_cap && X->keys[key_slot(X, h)])
					continue; /* seen */
				size_t k = note_add(X, key), d = 0;
				while (d < n && want[d] != k)
					d++;
				if (d == n && note_stale(X, k, from))
					want[n++] = k;
			}
		}
	}
	key_search(X, want, n, from);
}

/* Is e, or a parent of it, waiting for a key not seen yet?  Then the
 * front of what is held waits for that key. */
static int pending(struct xref *X, const struct cx_entry *e, uint64_t self, int depth)
{
	if (depth > MAX_DEPTH)
		return 0;
	for (size_t i = 0; i < e->nfields; i++) {
		const struct cx_field *rf = &e->fields[i];
		if (!is_link(rf))
			continue;
		const char *s = rf->raw.p, *end = rf->raw.p + rf->raw.n;
		for (cx_str key; (key = next_key(&s, end)).n;) {
			struct parent *p;
			if (avail(X, key, self, &p) == AV_PENDING) {
				X->await = key_hash(key);
				X->await_note = note_add(X, key);
				return 1;
			}
			/* Each parent is looked at once per check. */
			if (p && p->mark != X->gen) {
				p->mark = X->gen;
				if (pending(X, p->e, p->off, depth + 1))
					return 1;
			}
		}
	}
	return 0;
}

static void resolve(struct xref *X, struct cx_entry *e, uint64_t self, struct arena *a, int depth,
                    int quiet);

/* Resolve a parent once: a parent named by many children, or many times
 * in one xdata list, would otherwise be resolved again for each path to
 * it, exponentially often in the depth.  Marking it first also ends a
 * cycle at once.  Its own missing parents were reported where it stands. */
static void resolve_parent(struct xref *X, struct parent *p, int depth)
{
	if (depth > MAX_DEPTH || p->resolved)
		return;
	p->resolved = 1;
	resolve(X, p->e, p->off, &X->parents_arena, depth, 1);
}

static void resolve(struct xref *X, struct cx_entry *e, uint64_t self, struct arena *a, int depth,
                    int quiet)
{
	struct cx_parser *P = X->P;
	if (depth > MAX_DEPTH)
		return;
	for (size_t i = 0; i < e->nfields; i++) {
		struct cx_field *rf = &e->fields[i];
		if (!is_link(rf))
			continue;
		const char *s = rf->raw.p, *end = rf->raw.p + rf->raw.n;
		for (cx_str key; (key = next_key(&s, end)).n;) {
			struct parent *p;
			int over = X->over;
			if (avail(X, key, self, &p) != AV_FOUND) {
				if (quiet)
					continue;
				const char *what = rf->id == CX_F_XDATA ? "xdata" : "crossref";
				P->entry_failed = 0;
				if (over && !X->eof)
					parser_diag(P, CX_WARNING, CX_E_CROSSREF, rf->loc.line, rf->loc.col,
					            "%s target '%.*s' not seen in the %zu MiB of entries held "
					            "back after this one; written without it",
					            what, (int)key.n, key.p, X->hold_cap >> 20);
				else
					parser_diag(P, CX_WARNING, CX_E_CROSSREF, rf->loc.line, rf->loc.col,
					            "%s target '%.*s' not found", what, (int)key.n, key.p);
				continue;
			}
			resolve_parent(X, p, depth + 1);
			inherit(a, e, p->e, rf->id);
		}
	}
}

/* ---- holding back ------------------------------------------------------------- */

static int needs_parent(const struct cx_entry *e)
{
	if (e->kind != CX_ENTRY_RECORD)
		return 0;
	for (size_t i = 0; i < e->nfields; i++)
		if (is_link(&e->fields[i]) && e->fields[i].raw.n)
			return 1;
	return 0;
}

int xref_defer(struct xref *X, enum cx_sev sev, enum cx_code code, unsigned line, unsigned col,
               const char *msg)
{
	if (X->front == X->nheld || X->releasing)
		return 0;
	if (X->nwait == X->wait_cap) {
		X->wait_cap = X->wait_cap ? 2 * X->wait_cap : 16;
		X->wait = xrealloc(X->wait, X->wait_cap * sizeof *X->wait);
	}
	/* The text goes to msgs, which may move: keep its offset. */
	X->wait[X->nwait++] = (struct waiting){sev, code, line, col, X->msgs.n, X->nheld};
	buf_put(&X->msgs, msg, strlen(msg) + 1);
	return 1;
}

/* The diagnostics that wait for held[slot] or before. */
static void say_waiting(struct xref *X, size_t slot)
{
	for (; X->wait_done < X->nwait && X->wait[X->wait_done].slot <= slot; X->wait_done++) {
		const struct waiting *w = &X->wait[X->wait_done];
		diag_report(&X->P->c->diags, w->sev, w->code, w->line, w->col, "%s", X->msgs.p + w->msg);
	}
}

/* Deliver what is held from the front on, as long as the front waits for
 * nothing. */
static void release(struct xref *X)
{
	struct cx_parser *P = X->P;
	X->await = 0;
	X->releasing = 1;
	while (X->front < X->nheld) {
		struct held *h = &X->held[X->front];
		say_waiting(X, X->front);
		if (needs_parent(h->e)) {
			X->gen++;
			if (pending(X, h->e, h->off, 0)) {
				X->releasing = 0;
				return;
			}
			resolve(X, h->e, h->off, &X->hold_arena, 0, 0);
		}
		parser_deliver(P, h->e);
		arena_reset(&P->entry_arena);
		X->front++;
	}
	say_waiting(X, SIZE_MAX);
	X->front = X->nheld = 0;
	X->nwait = X->wait_done = X->msgs.n = 0;
	X->releasing = 0;
	arena_reset(&X->hold_arena);
}

/* The bytes of the copies held (the hold arena keeps a block when it is
 * emptied). */
static size_t held_bytes(const struct xref *X)
{
	const struct arena *a = &X->hold_arena;
	return a->head ? a->total - a->head->cap + a->used : 0;
}

static void hold(struct xref *X, const struct cx_entry *e, uint64_t off)
{
	if (X->nheld == X->held_cap) {
		X->held_cap = X->held_cap ? 2 * X->held_cap : 64;
		X->held = xrealloc(X->held, X->held_cap * sizeof *X->held);
	}
	uint64_t h = e->kind == CX_ENTRY_RECORD && e->key.n ? key_hash(e->key) : 0;
	X->held[X->nheld++] = (struct held){model_copy_entry(&X->hold_arena, e), off, h};
}

void xref_entry(struct cx_parser *P, struct cx_entry *e)
{
	struct xref *X = P->xref;
	uint64_t off = P->at_off;
	if (P->c->cx->keep_parents && e->kind == CX_ENTRY_RECORD && e->key.n &&
	    !cache_find(X, e->key))
		cache_add(X, model_copy_entry(&X->parents_arena, e), off);
	/* Most entries have no parent: the field bits tell without a look
	 * (ids past 63 share bits, which costs a look, never a miss). */
	int child = (P->seen_ids >> (CX_F_CROSSREF & 63) & 1 || P->seen_ids >> (CX_F_XDATA & 63) & 1) &&
	            needs_parent(e);
	if (X->front == X->nheld) {
		if (!child) {
			parser_deliver(P, e);
			return;
		}
		X->gen++;
		if (!pending(X, e, off, 0)) {
			resolve(X, e, off, &P->entry_arena, 0, 0);
			parser_deliver(P, e);
			return;
		}
	}
	hold(X, e, off);
	uint64_t h = X->held[X->nheld - 1].hash;
	if (h && h == X->await)
		release(X);
	/* Something held: search for the keys waited for.  Much held for a
	 * key that may come: look ahead for it up to where it may first
	 * stand.  Too much held: find the key ahead, or learn that it never
	 * comes (in a file, or a pipe kept in a spool). */
	while (X->front < X->nheld && X->fd >= 0 && !X->ahead_eof) {
		uint64_t at = X->note_at[X->await_note];
		size_t held = held_bytes(X);
		if (X->want_test && held > X->hold_cap / 32) {
			key_tests(X);
		} else if (held > X->hold_cap) {
			look_ahead(X, 0);
		} else if (held > X->hold_cap / 8 && !note_stale(X, X->await_note, 0) &&
		           at != NOTE_ANY && at >= known_to(X)) {
			look_ahead(X, at + LOOK_MORE);
		} else {
			break;
		}
		release(X);
	}
	if (X->front < X->nheld && held_bytes(X) > X->hold_cap) {
		X->over = 1;
		release(X);
		X->over = 0;
	}
}

void xref_finish(struct cx_parser *P)
{
	struct xref *X = P->xref;
	X->eof = 1;
	release(X);
}
