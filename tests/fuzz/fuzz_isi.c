/* fuzz_isi.c - libFuzzer harness for the Web of Science reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("isi", data, n, FUZZ_PIPE, &opt);
	return 0;
}
