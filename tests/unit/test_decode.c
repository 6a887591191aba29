/* test_decode.c - unit tests for decoding with labels given
 * (lab_decode_given, cv/model.c) on the compiled-in models.
 *
 * Usage: test_decode [ignored]
 *
 * Sequences of tokens whose features are drawn from a fixed generator are
 * decoded with nothing given, with every token given the label the free
 * reading chose, and with some tokens given other labels.  The free reading
 * must be what lab_decode_stride gives; giving a token the label it already
 * has must change nothing; a given label must stand at its token, and the
 * reading so constrained, given back whole, must be kept.  Prints every
 * failure, then
 * "N passed, M failed"; exits 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cv/label.h"

static size_t npass, nfail;

static void check(int ok, const char *what, unsigned seq, size_t at)
{
	if (ok) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL sequence %u token %zu: %s\n", seq, at, what);
}

static uint32_t next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

#define N 40
#define STRIDE 6

int main(void)
{
	struct lab_model mem;
	const struct lab_model *m = lab_model_builtin(&mem, 0);
	if (!m || m->nlab < 2) {
		printf("FAIL the compiled-in model does not open\n0 passed, 1 failed\n");
		return 1;
	}
	uint32_t f[N * STRIDE], s = 2463534242u;
	uint8_t nf[N], free_lab[N], again[N], given[N], out[N];
	int32_t *sc = malloc(lab_scratch(N) * sizeof *sc);
	if (!sc)
		return 1;
	for (unsigned seq = 0; seq < 200; seq++) {
		size_t n = 1 + next(&s) % N;
		/* features of small ids, which the model is likely to know */
		for (size_t i = 0; i < n; i++) {
			nf[i] = (uint8_t)(1 + next(&s) % STRIDE);
			for (size_t k = 0; k < nf[i]; k++)
				f[i * STRIDE + k] = 1 + next(&s) % 4096;
		}
		lab_decode_stride(m, f, nf, n, STRIDE, free_lab, sc);
		memset(given, 0xFF, n);
		lab_decode_given(m, f, nf, n, STRIDE, given, again, sc);
		check(!memcmp(free_lab, again, n), "nothing given reads as the free decoder", seq, 0);
		lab_decode_given(m, f, nf, n, STRIDE, free_lab, again, sc);
		check(!memcmp(free_lab, again, n), "the free reading given back is kept", seq, 0);
		/* give one or two tokens a label the model has, other than the
		 * free reading's */
		memset(given, 0xFF, n);
		size_t at[2] = {next(&s) % n, next(&s) % n};
		for (int j = 0; j < 2; j++) {
			uint32_t y = next(&s) % m->nlab;
			if (m->map[y] == free_lab[at[j]])
				y = (y + 1) % m->nlab;
			given[at[j]] = m->map[y];
		}
		lab_decode_given(m, f, nf, n, STRIDE, given, out, sc);
		for (int j = 0; j < 2; j++)
			check(out[at[j]] == given[at[j]], "a given label stands", seq, at[j]);
		/* giving the constrained reading back reproduces it */
		lab_decode_given(m, f, nf, n, STRIDE, out, again, sc);
		check(!memcmp(out, again, n), "a constrained reading given back is kept", seq, 0);
	}
	free(sc);
	printf("%zu passed, %zu failed\n", npass, nfail);
	return nfail != 0;
}
