/* fuzz_cv.c - libFuzzer harness for the publication-list (cv) reader.
 *
 * Inputs of odd length are read with an owner name (--owner), even ones
 * without, so both ways of filling an empty author slot are exercised.
 * Each input gets a context of its own (fuzz.c), so the keys made for one
 * input never change those of the next. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	if (n & 1)
		opt.owner = "Jane Q. Doe";
	fuzz_convert("cv", data, n, FUZZ_PIPE, &opt);
	return 0;
}
