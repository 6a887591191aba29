/* fuzz_ris.c - libFuzzer harness for the RIS reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("ris", data, n, FUZZ_PIPE, &opt);
	return 0;
}
