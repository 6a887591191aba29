/* read/tagged.c - lines, tags and the rows every tagged format reads alike
 * (read/tagged.h).
 *
 * Input is split into lines from one buffer that holds the unread rest of
 * a read, so memory is bounded by the longest line plus one record's
 * values. */
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "read/tagged.h"

#define CHUNK 65536

void tagged_init(struct tagged *T, struct cx_reader_ctx *c, struct cx_input *in,
                 const char *source, enum cx_mapfmt fmt)
{
	memset(T, 0, sizeof *T);
	rec_init(&T->R, c, source, fmt);
	T->in = in;
}

void tagged_free(struct tagged *T)
{
	rec_free(&T->R);
	free(T->buf);
	free(T->v);
}

int tagged_line(struct tagged *T, cx_str *line)
{
	for (;;) {
		const char *s = T->buf ? T->buf + T->pos : ""; /* nothing read yet */
		size_t avail = T->len - T->pos;
		const char *nl = NULL;
		for (size_t i = 0; i < avail; i++)
			if (s[i] == '\n' || s[i] == '\r') {
				nl = s + i;
				break;
			}
		/* A CR at the end of the buffer may be half of a CRLF. */
		if (nl && (*nl == '\n' || nl + 1 < s + avail || T->eof)) {
			size_t n = (size_t)(nl - s), skip = n + 1;
			if (*nl == '\r' && nl + 1 < s + avail && nl[1] == '\n')
				skip++;
			*line = (cx_str){s, n};
			T->pos += skip;
			T->lineno++;
			if (T->lineno == 1 && n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
				*line = (cx_str){s + 3, n - 3};
			return 1;
		}
		if (T->eof) {
			if (!avail)
				return 0;
			*line = (cx_str){s, avail};
			T->pos = T->len;
			T->lineno++;
			if (T->lineno == 1 && avail >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
				*line = (cx_str){s + 3, avail - 3};
			return 1;
		}
		if (avail)
			memmove(T->buf, s, avail);
		T->len = avail;
		T->pos = 0;
		if (T->cap - T->len < CHUNK) {
			T->cap = T->cap ? T->cap * 2 : 2 * CHUNK;
			T->buf = xrealloc(T->buf, T->cap);
		}
		size_t got = cx_input_read(T->in, T->buf + T->len, CHUNK);
		if (!got)
			T->eof = 1;
		T->len += got;
	}
}

void tagged_push(struct tagged *T, cx_str tag, cx_str val, unsigned line)
{
	if (T->n == T->capv)
		T->v = xgrow(T->v, &T->capv, T->n + 1, sizeof *T->v);
	struct tline *l = &T->v[T->n++];
	l->tag = arena_str(&T->R.a, tag.p, tag.n);
	l->val = rec_clean(&T->R, val.p, val.n, line);
	l->line = line;
	l->used = 0;
}

void tagged_more(struct tagged *T, cx_str more, const char *sep)
{
	if (!T->n)
		return;
	struct tline *l = &T->v[T->n - 1];
	cx_str m = rec_clean(&T->R, more.p, more.n, T->lineno);
	if (!m.n)
		return;
	l->val = l->val.n ? arena_cat(&T->R.a, l->val, sep, m) : m;
}

struct tline *tagged_find(struct tagged *T, const char *tag)
{
	for (size_t i = 0; i < T->n; i++)
		if (!T->v[i].used && str_eq(T->v[i].tag, tag))
			return &T->v[i];
	return NULL;
}

void tagged_unknown(struct tagged *T, struct tline *l)
{
	l->used = 1;
	if (!l->val.n)
		return;
	rec_keep(&T->R, l->tag, l->val, l->line, 1);
	rec_unknown(&T->R, "tag", l->tag, T->R.e.fields[T->R.e.nfields - 1].name, l->line, 1);
}

int tagged_apply(struct tagged *T, struct tline *l, const struct cx_map *m, enum rec_order order,
                 const char *list_sep)
{
	struct rec *R = &T->R;
	switch (m->how) {
	case CX_H_TEXT:
	case CX_H_ID:
	case CX_H_PAGES:
		rec_set(R, m->field, l->val, l->tag, l->line, 1);
		break;
	case CX_H_LIST:
		rec_keyword(R, l->val, list_sep);
		break;
	case CX_H_KEEP:
		rec_keep(R, rec_kept_as(R, m), l->val, l->line, 1);
		break;
	case CX_H_SKIP:
		break;
	case CX_H_YEAR:
	case CX_H_MONTH:
	case CX_H_DATE:
		if (m->field == CX_F_URLDATE || m->field == CX_F_EVENTDATE || m->field == CX_F_ORIGDATE) {
			rec_set(R, m->field, l->val, l->tag, l->line, 1);
		} else if (!rec_date_text(R, l->val, l->line) && m->how != CX_H_MONTH) {
			rec_year_text(R, l->val, l->line);
		}
		break;
	case CX_H_NAME:
		rec_name(R, m->field, l->tag, rec_parse_name(R, l->val, order), l->line, 1);
		break;
	case CX_H_KEY:
		if (!R->e.key.n)
			R->e.key = l->val;
		else
			rec_keep(R, l->tag, l->val, l->line, 1);
		break;
	default:
		return 0;
	}
	l->used = 1;
	return 1;
}

void tagged_reset(struct tagged *T)
{
	T->n = 0;
}
