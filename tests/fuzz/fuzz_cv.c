/* fuzz_cv.c - libFuzzer harness for the publication-list (cv) reader.
 *
 * Inputs of odd length are read with an owner name (--owner), even ones
 * without, so both ways of filling an empty author slot are exercised.
 * The reader keeps generated keys unique across one run's inputs; the
 * harness forgets them after each input so every run of an input is alike. */
#include "cv/cv.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	if (n & 1)
		opt.owner = "Jane Q. Doe";
	fuzz_convert("cv", data, n, FUZZ_PIPE, &opt);
	cv_forget_keys();
	return 0;
}
