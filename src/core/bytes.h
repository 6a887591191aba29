/* core/bytes.h - byte searches over long runs of text, sixteen bytes at a time.
 *
 * The JSON writer and the output buffer spend their time looking for the
 * few bytes that end a plain run (a byte that needs an escape), and the
 * BibTeX scanner counts the lines and characters of each long match.  On
 * x86-64 (SSE2 is part of the base instruction set) a block of sixteen
 * bytes is compared against each wanted byte at once; elsewhere eight
 * bytes are tested in a word.  Both return exactly what the byte loop
 * would. */
#ifndef CX_BYTES_H
#define CX_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/hint.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define BYTES_ONES 0x0101010101010101u
#define BYTES_HIGH 0x8080808080808080u

/* The high bit of each byte of the word w that equals c. */
static inline uint64_t bytes_eq8(uint64_t w, unsigned char c)
{
	uint64_t x = w ^ (BYTES_ONES * c);
	return (x - BYTES_ONES) & ~x & BYTES_HIGH;
}

#if defined(__SSE2__)
/* The block of sixteen bytes to look at next from p, in a search that
 * began at start: the last one ends at e and *live masks off the bytes
 * already looked at.  NULL at e, or when the span is too short for one
 * block (the word and byte loops take it). */
static inline const char *bytes_block(const char *p, const char *start, const char *e,
                                      unsigned *live)
{
	*live = 0xFFFFu;
	if (e - p >= 16)
		return p;
	if (p == e || e - start < 16)
		return NULL;
	*live = (0xFFFFu << (p - (e - 16))) & 0xFFFFu;
	return e - 16;
}
#endif

/* The first p in [p, e - gap) where p[0] and p[gap], ASCII letters taken
 * in lower case, are a and b (given in lower case), or e.  gap >= 1. */
static inline const char *bytes_find_pair_fold(const char *p, const char *e, char a, char b,
                                               size_t gap)
{
	/* A letter matches in either case: set bit 0x20 before comparing. */
	char fa = (a >= 'a' && a <= 'z') ? 0x20 : 0, fb = (b >= 'a' && b <= 'z') ? 0x20 : 0;
	if (e - p <= (ptrdiff_t)gap)
		return e;
#if defined(__SSE2__)
	const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), oa = _mm_set1_epi8(fa),
	              ob = _mm_set1_epi8(fb);
	for (; e - p >= (ptrdiff_t)(16 + gap); p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i y = _mm_loadu_si128((const __m128i *)(const void *)(p + gap));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(_mm_or_si128(x, oa), va), _mm_cmpeq_epi8(_mm_or_si128(y, ob), vb)));
		if (m)
			return p + __builtin_ctz(m);
	}
#endif
	for (; e - p > (ptrdiff_t)gap; p++)
		if ((char)(p[0] | fa) == a && (char)(p[gap] | fb) == b)
			return p;
	return e;
}

/* The high bit of each byte of w below 0x20 or equal to '"' or '\\' (the
 * bytes a JSON string escapes); nonzero when there is one.  A bit above
 * the first such byte may be set wrongly (a borrow), never one below. */
static inline uint64_t bytes_json_hits(uint64_t w)
{
	return ((w - BYTES_ONES * 0x20) & ~w & BYTES_HIGH) | bytes_eq8(w, '"') | bytes_eq8(w, '\\');
}

/* Copy n bytes, a few of them (a key, a separator): up to sixteen as two
 * words that overlap (three bytes one by one), with no call; more by
 * memcpy. */
static inline void bytes_copy_short(char *dst, const char *src, size_t n)
{
	if (n >= 8 && n <= 16) {
		uint64_t x, y;
		memcpy(&x, src, 8);
		memcpy(&y, src + n - 8, 8);
		memcpy(dst, &x, 8);
		memcpy(dst + n - 8, &y, 8);
	} else if (n >= 4 && n < 8) {
		uint32_t x, y;
		memcpy(&x, src, 4);
		memcpy(&y, src + n - 4, 4);
		memcpy(dst, &x, 4);
		memcpy(dst + n - 4, &y, 4);
	} else if (n > 16) {
		memcpy(dst, src, n);
	} else if (n) {
		dst[0] = src[0];
		dst[n / 2] = src[n / 2];
		dst[n - 1] = src[n - 1];
	}
}

/* Are the n bytes at a and b the same?  For a few of them (a field
 * name): words that overlap at the end, no call. */
static inline int bytes_eq_short(const char *a, const char *b, size_t n)
{
	if (n >= 8) {
		uint64_t x, y;
		for (size_t i = 0; i + 8 < n; i += 8) {
			memcpy(&x, a + i, 8);
			memcpy(&y, b + i, 8);
			if (x != y)
				return 0;
		}
		memcpy(&x, a + n - 8, 8);
		memcpy(&y, b + n - 8, 8);
		return x == y;
	}
	if (n >= 4) {
		uint32_t x, y, u, v;
		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		memcpy(&u, a + n - 4, 4);
		memcpy(&v, b + n - 4, 4);
		return x == y && u == v;
	}
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Copy n bytes with no call for up to 64 (most field values and the text
 * between escapes): blocks of sixteen from both ends, which overlap. */
static inline void bytes_copy_small(char *dst, const char *src, size_t n)
{
	if (n <= 16) {
		bytes_copy_short(dst, src, n);
	} else if (n <= 64) {
		memcpy(dst, src, 16);
		memcpy(dst + n - 16, src + n - 16, 16);
		if (n > 32) {
			memcpy(dst + 16, src + 16, 16);
			memcpy(dst + n - 32, src + n - 32, 16);
		}
	} else {
		memcpy(dst, src, n);
	}
}

/* The first byte in [p, e) below 0x20 or equal to a or b, or e. */
static inline const char *bytes_find_ctl2(const char *p, const char *e, char a, char b)
{
	const char *start = p;
#if defined(__SSE2__)
	const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), sp = _mm_set1_epi8(0x20),
	              top = _mm_set1_epi8((char)0x80);
	unsigned live;
	for (const char *q; (q = bytes_block(p, start, e, &live)) != NULL; p = q + 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
		/* Unsigned v < 0x20: flip the top bit and compare signed. */
		__m128i lo = _mm_cmplt_epi8(_mm_xor_si128(v, top), _mm_xor_si128(sp, top));
		__m128i m = _mm_or_si128(lo, _mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)));
		unsigned mask = (unsigned)_mm_movemask_epi8(m) & live;
		if (mask)
			return q + __builtin_ctz(mask);
	}
#endif
	while (e - p >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		if ((((w - BYTES_ONES * 0x20) & ~w & BYTES_HIGH) | bytes_eq8(w, (unsigned char)a) |
		     bytes_eq8(w, (unsigned char)b)))
			break;
		p += 8;
	}
	if (e - p < 8 && e - start >= 8 && p < e) {
		/* The last bytes, as the word that ends at e. */
		uint64_t w;
		memcpy(&w, e - 8, 8);
		uint64_t hit = ((w - BYTES_ONES * 0x20) & ~w & BYTES_HIGH) |
		               bytes_eq8(w, (unsigned char)a) | bytes_eq8(w, (unsigned char)b);
		if (!hit)
			return e;
	}
	for (; p < e; p++)
		if ((unsigned char)*p < 0x20 || *p == a || *p == b)
			return p;
	return e;
}

#if defined(__SSE2__)
/* Bit k set when byte k of v is one a JSON string escapes: below 0x20
 * (flip the top bit and compare signed), '"' or '\\'. */
static inline unsigned bytes_json_mask(__m128i v)
{
	__m128i lo = _mm_cmplt_epi8(_mm_xor_si128(v, _mm_set1_epi8((char)0x80)),
	                            _mm_set1_epi8(0x20 - 128));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(
		lo, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
		                 _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))));
}
#endif

/* Copy src[0..n) to dst up to the first byte a JSON string escapes (below
 * 0x20, '"' or '\\'), and return how many bytes that is: n when there is
 * none.  dst has room for n bytes; those after the returned count may
 * have been written too and are scratch.  The test and the copy are one
 * pass (yyjson): each block is loaded once, stored, then tested, so plain
 * text, which most values are, costs one load, one store and one branch
 * per sixteen bytes, where bytes_find_ctl2 and a copy read it twice.  The
 * last piece, or the only one of a short value, ends at n and overlaps
 * the one before it: its bytes that were tested already are masked off.
 * No byte before src or from src + n on is read. */
static inline size_t bytes_json_copy(char *dst, const char *src, size_t n)
{
	size_t i = 0;
#if defined(__SSE2__)
	unsigned m;
	if (n >= 16) {
		for (;;) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(src + i));
			_mm_storeu_si128((__m128i *)(void *)(dst + i), v);
			m = bytes_json_mask(v);
			if (CX_UNLIKELY(m != 0))
				return i + (size_t)__builtin_ctz(m);
			i += 16;
			if (n - i < 16)
				break;
		}
		if (i == n)
			return n;
		/* The block that ends at n: its first 16 - (n - i) bytes are
		 * tested. */
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(src + n - 16));
		_mm_storeu_si128((__m128i *)(void *)(dst + n - 16), v);
		m = bytes_json_mask(v) >> (16 - (n - i));
	} else if (n >= 8) {
		/* The eight bytes at 0 and the eight that end at n, in one
		 * block; those of the second before 8 are the first's. */
		__m128i x = _mm_loadl_epi64((const __m128i *)(const void *)src),
		        y = _mm_loadl_epi64((const __m128i *)(const void *)(src + n - 8));
		_mm_storel_epi64((__m128i *)(void *)dst, x);
		_mm_storel_epi64((__m128i *)(void *)(dst + n - 8), y);
		m = bytes_json_mask(_mm_unpacklo_epi64(x, y));
		m = (m & 0xFFu) | ((m >> (16 - n)) & ~0xFFu);
	} else if (n >= 4) {
		/* The same with four bytes (and zeros after, not looked at). */
		uint32_t x, y;
		memcpy(&x, src, 4);
		memcpy(&y, src + n - 4, 4);
		memcpy(dst, &x, 4);
		memcpy(dst + n - 4, &y, 4);
		m = bytes_json_mask(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)x),
		                                       _mm_cvtsi32_si128((int)y))) & 0xFFu;
		m = (m & 0xFu) | ((m >> (8 - n)) & ~0xFu);
	} else {
		/* Up to three bytes, one by one. */
		for (; i < n; i++) {
			unsigned char c = (unsigned char)src[i];
			if (c < 0x20 || c == '"' || c == '\\')
				return i;
			dst[i] = (char)c;
		}
		return n;
	}
	return m ? i + (size_t)__builtin_ctz(m) : n;
#else
	/* Words of eight bytes; a hit's lowest bit is exact
	 * (bytes_json_hits), and the bytes tested already are plain, so
	 * they cannot borrow into those after them. */
	for (; n - i >= 8; i += 8) {
		uint64_t w;
		memcpy(&w, src + i, 8);
		memcpy(dst + i, &w, 8);
		uint64_t h = bytes_json_hits(w);
		if (h)
			return i + (size_t)__builtin_ctzll(h) / 8;
	}
	if (i && i < n) {
		/* The word that ends at n. */
		uint64_t w;
		memcpy(&w, src + n - 8, 8);
		memcpy(dst + n - 8, &w, 8);
		uint64_t h = bytes_json_hits(w) >> (8 * (8 - (n - i)));
		return h ? i + (size_t)__builtin_ctzll(h) / 8 : n;
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)src[i];
		if (c < 0x20 || c == '"' || c == '\\')
			return i;
		dst[i] = (char)c;
	}
	return n;
#endif
}

/* Set bits in a 16-bit mask (no popcnt instruction in base x86-64). */
static inline unsigned bytes_pop16(unsigned m)
{
	m = m - ((m >> 1) & 0x5555u);
	m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
	m = (m + (m >> 4)) & 0x0F0Fu;
	return (m + (m >> 8)) & 0x1Fu;
}

/* How many newlines there are in n bytes.  The compare masks (0 or -1 a
 * byte) are summed in eight-bit lanes for up to 255 blocks at a time. */
static inline size_t bytes_count_nl(const char *s, size_t n)
{
	size_t lines = 0, i = 0;
#if defined(__SSE2__)
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	while (n - i >= 16) {
		size_t blocks = (n - i) / 16 < 255 ? (n - i) / 16 : 255;
		__m128i acc = zero;
		for (size_t b = 0; b < blocks; b++, i += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), nl));
		__m128i sum = _mm_sad_epu8(acc, zero);
		lines += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_extract_epi16(sum, 4);
	}
#endif
	for (; i < n; i++)
		lines += s[i] == '\n';
	return lines;
}

/* Over n bytes of UTF-8 from src: how many newlines, and how many
 * characters (bytes that are not 10xxxxxx) follow the last newline, or all
 * of them when there is none; *high is set when a byte is 0x80 or above.
 * When dst is not NULL the bytes are copied there as they are counted.  A
 * block of sixteen plain ASCII bytes without a newline costs one test: the
 * characters of the last line are its bytes less the 10xxxxxx ones. */
static inline size_t bytes_copy_lines(char *dst, const char *src, size_t n, size_t *tail_chars,
                                      int *high)
{
	size_t lines = 0, i = 0;
	unsigned hi = 0;
#if defined(__SSE2__)
	if (n >= 16) {
		size_t start = 0, cont = 0; /* start: of the last line */
		const __m128i nl = _mm_set1_epi8('\n'), c0 = _mm_set1_epi8((char)0xC0);
		for (; i < n; i += 16) {
			size_t at = i;
			unsigned live = 0xFFFFu;
			if (n - i < 16) {
				/* The last block ends at n; mask off what was seen. */
				at = n - 16;
				live = (0xFFFFu << (16 - (n - i))) & 0xFFFFu;
			}
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(src + at));
			if (dst)
				_mm_storeu_si128((__m128i *)(void *)(dst + at), v);
			unsigned hm = (unsigned)_mm_movemask_epi8(v) & live;
			unsigned nlm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)) & live;
			if (!(hm | nlm))
				continue;
			hi |= hm;
			if (nlm) {
				unsigned last = 31u - (unsigned)__builtin_clz(nlm);
				lines += bytes_pop16(nlm);
				start = at + last + 1;
				cont = 0;
				hm &= ~((2u << last) - 1u);
			}
			/* 10xxxxxx, signed, is below 0xC0 = -64. */
			if (hm)
				cont += bytes_pop16((unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, c0)) & hm);
		}
		*tail_chars = n - start - cont;
		*high = hi != 0;
		return lines;
	}
#endif
	if (dst && n)
		memcpy(dst, src, n);
	size_t chars = 0;
	for (; i < n; i++) {
		unsigned char c = (unsigned char)src[i];
		hi |= c & 0x80;
		if (c == '\n') {
			lines++;
			chars = 0;
		} else if ((c & 0xC0) != 0x80) {
			chars++;
		}
	}
	*tail_chars = chars;
	*high = hi != 0;
	return lines;
}

static inline size_t bytes_lines_high(const char *s, size_t n, size_t *tail_chars, int *high)
{
	return bytes_copy_lines(NULL, s, n, tail_chars, high);
}

static inline size_t bytes_lines(const char *s, size_t n, size_t *tail_chars)
{
	int high;
	return bytes_lines_high(s, n, tail_chars, &high);
}

/* How many bytes at the start of s[0..n) are ASCII (below 0x80). */
static inline size_t bytes_ascii_run(const void *s, size_t n)
{
	const unsigned char *u = s;
	size_t i = 0;
#if defined(__SSE2__)
	for (; i + 16 <= n; i += 16) {
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(u + i)));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, u + i, 8);
		if (w & BYTES_HIGH)
			break;
	}
	while (i < n && u[i] < 0x80)
		i++;
	return i;
}

#if defined(__SSE2__)
/* Sixteen bytes as one value, for code that tests classes of bytes a block
 * at a time: compares give 0xFF in each byte where they hold, and
 * bv_mask gathers the top bits into a 16-bit mask.  BYTES_VECTOR says
 * the machine has them; without it callers take their byte loops. */
#define BYTES_VECTOR 1
typedef __m128i bv16;

static inline bv16 bv_load(const void *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

/* The sixteen bytes from p, and the sixteen after p + 1, of the n bytes
 * p[0..n), n at most 16; past n the bytes read as 0. */
static inline void bv_load_tail(const void *p, size_t n, bv16 *v, bv16 *w)
{
	unsigned char b[32] = {0};
	memcpy(b, p, n);
	*v = bv_load(b);
	*w = bv_load(b + 1);
}

static inline bv16 bv_eq(bv16 v, char c)
{
	return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
}

static inline bv16 bv_same(bv16 v, bv16 w)
{
	return _mm_cmpeq_epi8(v, w);
}

/* Signed compares: bytes from 0x80 up are below every ASCII byte. */
static inline bv16 bv_lt(bv16 v, char c)
{
	return _mm_cmplt_epi8(v, _mm_set1_epi8(c));
}

static inline bv16 bv_gt(bv16 v, char c)
{
	return _mm_cmpgt_epi8(v, _mm_set1_epi8(c));
}

/* Unsigned: the bytes at most c. */
static inline bv16 bv_ule(bv16 v, unsigned char c)
{
	const __m128i k = _mm_set1_epi8((char)c);
	return _mm_cmpeq_epi8(_mm_max_epu8(v, k), k);
}

static inline bv16 bv_or(bv16 a, bv16 b)
{
	return _mm_or_si128(a, b);
}

static inline bv16 bv_and(bv16 a, bv16 b)
{
	return _mm_and_si128(a, b);
}

/* a and not b. */
static inline bv16 bv_andnot(bv16 a, bv16 b)
{
	return _mm_andnot_si128(b, a);
}

static inline unsigned bv_mask(bv16 v)
{
	return (unsigned)_mm_movemask_epi8(v);
}
#endif

#endif
