/* fuzz_mods.c - libFuzzer harness for the MODS reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("mods", data, n, FUZZ_PIPE, &opt);
	return 0;
}
