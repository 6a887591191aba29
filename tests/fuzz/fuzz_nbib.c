/* fuzz_nbib.c - libFuzzer harness for the MEDLINE (.nbib) reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("nbib", data, n, FUZZ_PIPE, &opt);
	return 0;
}
