/* norm/text.c - Unicode normalization of text: NFC, by utf8proc, done only
 * on the pieces that can change. */
#include <stdint.h>
#include <string.h>

#include <utf8proc.h>

#include "core/bytes.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "norm/norm.h"

/* Can NFC change text that holds cp?  Only a character that decomposes,
 * canonically, reorders (combining class) or composes with what precedes
 * it (a second of a canonical pair, Hangul jamo) can.  Code points below
 * U+0300 are none of these; precomposed letters are sent to utf8proc
 * too, which is merely slower.  Dashes, quotes and ellipses, which many
 * values hold once decoded, are the case this spares. */
static int nfc_may_change(int32_t cp)
{
	const utf8proc_property_t *p;
	if (cp < 0x300)
		return 0;
	if ((cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0xAC00 && cp <= 0xD7A3))
		return 1;
	p = utf8proc_get_property(cp);
	return p->combining_class != 0 || (p->decomp_seqindex != UINT16_MAX && !p->decomp_type) ||
	       (p->comb_index != UINT16_MAX && p->comb_index >= 0x8000);
}

/* Is valid UTF-8 text already NFC?  Exact for what it accepts: ASCII,
 * characters below U+0300 and characters NFC cannot change. */
int text_is_nfc(const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t i = 0;
	while (i < n) {
		int32_t cp;
		size_t k;
		i += bytes_ascii_run(s + i, n - i); /* ASCII, which NFC keeps */
		if (i == n)
			break;
		if (s[i] < 0xCC) {
			i++;
			continue;
		}
		k = utf8_decode(s + i, n - i, &cp);
		if (!k || nfc_may_change(cp))
			return 0;
		i += k;
	}
	return 1;
}

/* NFC into the arena: size query, decompose, compose and reencode in
 * place (utf8proc_map without its malloc). */
static cx_str nfc_all(struct arena *a, const char *s, size_t n)
{
	const utf8proc_option_t opt = UTF8PROC_STABLE | UTF8PROC_COMPOSE;
	utf8proc_int32_t *buf;
	utf8proc_ssize_t cnt, len;

	cnt = utf8proc_decompose((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, NULL, 0, opt);
	if (cnt < 0)
		return (cx_str){s, n};
	buf = arena_alloc(a, (size_t)cnt * sizeof *buf + 1);
	cnt = utf8proc_decompose((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, buf, cnt, opt);
	len = cnt < 0 ? cnt : utf8proc_reencode(buf, cnt, opt);
	if (len < 0)
		return (cx_str){s, n};
	arena_trim(a, buf, (size_t)len + 1);
	return (cx_str){(const char *)buf, (size_t)len};
}

/* NFC of text cut before every ASCII byte: an ASCII character is a starter
 * that composes with nothing before it, so the pieces normalize alone.  A
 * piece is a run of non-ASCII bytes and the ASCII character before it (a
 * mark may compose with that letter); only the pieces that can change go
 * through utf8proc, which spares long abstracts with a few accents. */
cx_str text_nfc(struct arena *a, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	struct buf out = {0};
	size_t i = 0, done = 0;
	while (i < n) {
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		size_t b = i ? i - 1 : 0, e = i;
		while (e < n && u[e] >= 0x80)
			e++;
		if (!text_is_nfc(u + i, e - i)) {
			cx_str t = nfc_all(a, s + b, e - b);
			buf_put(&out, s + done, b - done);
			buf_put(&out, t.p, t.n);
			done = e;
		}
		i = e;
	}
	buf_put(&out, s + done, n - done);
	cx_str r = arena_str(a, out.p ? out.p : "", out.n);
	buf_free(&out);
	return r;
}

