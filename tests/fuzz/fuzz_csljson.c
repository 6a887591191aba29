/* fuzz_csljson.c - libFuzzer harness for the CSL-JSON reader (arrays,
 * single items and JSON lines). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("csl-json", data, n, FUZZ_PIPE, &opt);
	return 0;
}
