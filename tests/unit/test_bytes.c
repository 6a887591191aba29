/* test_bytes.c - the block searches of src/core/bytes.h against byte loops.
 *
 * Usage: test_bytes [ignored]
 *
 * Every length from 0 to 100 bytes, each in a buffer allocated to exactly
 * that size (so that under AddressSanitizer a read past the end fails),
 * filled from an alphabet heavy in the bytes the searches look for, and
 * searched (or copied) from every start offset.  The expected answer is
 * what a plain loop over the bytes gives, as each function's comment
 * defines it.
 *
 * Prints every failure, then "N passed, M failed"; exits 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"

static size_t npass, nfail;

static void expect(int ok, const char *what, size_t n, size_t from)
{
	if (ok) {
		npass++;
		return;
	}
	nfail++;
	if (nfail <= 20)
		printf("FAIL: %s, length %zu, from %zu\n", what, n, from);
}

static const char *ref_find_ctl2(const char *p, const char *e, char a, char b)
{
	for (; p < e; p++)
		if ((unsigned char)*p < 0x20 || *p == a || *p == b)
			return p;
	return e;
}

static size_t ref_lines(const char *s, size_t n, size_t *tail)
{
	size_t lines = 0, chars = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			lines++;
			chars = 0;
		} else if (((unsigned char)s[i] & 0xC0) != 0x80) {
			chars++;
		}
	}
	*tail = chars;
	return lines;
}

/* The first p in [p, e - gap) where p[0] and p[gap] are a and b, ASCII
 * letters in either case (a and b in lower case), or e. */
static const char *ref_pair_fold(const char *p, const char *e, char a, char b, size_t gap)
{
	for (; e - p > (long)gap; p++) {
		char x = p[0] >= 'A' && p[0] <= 'Z' ? (char)(p[0] + 32) : p[0];
		char y = p[gap] >= 'A' && p[gap] <= 'Z' ? (char)(p[gap] + 32) : p[gap];
		if (x == a && y == b)
			return p;
	}
	return e;
}

/* A byte, mostly plain, often one the searches stop at. */
static char pick(unsigned *seed, int white)
{
	static const char plain[] = "abcXYZ09-.,ABxz[", stop[] = "{}\"\\\n\t\r \x01\x1f\x7f";
	static const char utf8[] = "\xC3\xA9\xE2\x80\x94\x80\xBF";
	*seed = *seed * 1103515245u + 12345u;
	unsigned r = (*seed >> 16) % 100;
	if (white && r < 70)
		return " \n\t\r"[r % 4];
	if (r < 60)
		return plain[r % (sizeof plain - 1)];
	if (r < 85)
		return stop[r % (sizeof stop - 1)];
	return utf8[r % (sizeof utf8 - 1)];
}

int main(void)
{
	unsigned seed = 1;
	for (int round = 0; round < 40; round++) {
		for (size_t n = 0; n <= 100; n++) {
			char *buf = malloc(n ? n : 1);
			for (size_t i = 0; i < n; i++)
				buf[i] = pick(&seed, round % 2);
			const char *e = buf + n;
			for (size_t from = 0; from <= n; from++) {
				const char *p = buf + from;
				expect(bytes_find_ctl2(p, e, '"', '\\') == ref_find_ctl2(p, e, '"', '\\'),
				       "bytes_find_ctl2", n, from);
				/* The copy stops where the search does, with the bytes
				 * before it copied, into room for exactly the length. */
				{
					size_t len = (size_t)(e - p), want = (size_t)(ref_find_ctl2(p, e, '"', '\\') - p);
					char *dst = malloc(len ? len : 1);
					size_t got = bytes_json_copy(dst, p, len);
					expect(got == want && !memcmp(dst, p, want), "bytes_json_copy", n, from);
					free(dst);
				}
				size_t l1, l2, t1, t2;
				l1 = bytes_lines(p, (size_t)(e - p), &t1);
				l2 = ref_lines(p, (size_t)(e - p), &t2);
				expect(l1 == l2 && t1 == t2, "bytes_lines", n, from);
				int high, ref_high = 0;
				for (const char *q = p; q < e; q++)
					ref_high |= (unsigned char)*q >= 0x80;
				l1 = bytes_lines_high(p, (size_t)(e - p), &t1, &high);
				expect(l1 == l2 && t1 == t2 && high == ref_high, "bytes_lines_high", n, from);
				char *copy = malloc(e > p ? (size_t)(e - p) : 1);
				l1 = bytes_copy_lines(copy, p, (size_t)(e - p), &t1, &high);
				expect(l1 == l2 && t1 == t2 && high == ref_high && !memcmp(copy, p, (size_t)(e - p)),
				       "bytes_copy_lines", n, from);
				free(copy);
				/* Letter pairs in either case, and pairs that case folding by
				 * bit 5 alone would confuse ('{' is '[' | 0x20). */
				static const char pairs[][2] = {{'a', 'b'}, {'z', '{'}, {'{', 'a'}, {'9', 'x'}};
				for (size_t gap = 1; gap <= 20; gap += gap < 3 ? 1 : 17)
					for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
						expect(bytes_find_pair_fold(p, e, pairs[k][0], pairs[k][1], gap) ==
						               ref_pair_fold(p, e, pairs[k][0], pairs[k][1], gap),
						       "bytes_find_pair_fold", n, from);
				expect(bytes_count_nl(p, (size_t)(e - p)) == l2, "bytes_count_nl", n, from);
			}
			free(buf);
		}
	}
	/* Newline counts past the 255 blocks one lane can sum: all newlines,
	 * none, and one in three, at lengths around the multiples of 4080. */
	{
		size_t cap = 3 * 4080 + 40;
		char *buf = malloc(cap);
		for (int fill = 0; fill < 3; fill++) {
			size_t want = 0;
			for (size_t i = 0; i < cap; i++)
				buf[i] = fill == 0 ? '\n' : fill == 1 ? 'a' : i % 3 ? 'b' : '\n';
			for (size_t n = 4060; n <= cap; n += n % 4080 < 20 || n % 4080 > 4060 ? 1 : 500) {
				want = 0;
				for (size_t i = 0; i < n; i++)
					want += buf[i] == '\n';
				expect(bytes_count_nl(buf, n) == want, "bytes_count_nl long", n, 0);
			}
		}
		free(buf);
	}
	for (unsigned m = 0; m < 0x10000; m++) {
		unsigned k = 0;
		for (unsigned b = m; b; b >>= 1)
			k += b & 1;
		if (bytes_pop16(m) != k) {
			expect(0, "bytes_pop16", m, 0);
			break;
		}
	}
	expect(1, "bytes_pop16", 0, 0);
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail != 0;
}
