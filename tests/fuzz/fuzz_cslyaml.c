/* fuzz_cslyaml.c - libFuzzer harness for the CSL-YAML reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("csl-yaml", data, n, FUZZ_PIPE, &opt);
	return 0;
}
