/* fuzz_endnote.c - libFuzzer harness for the EndNote tagged and refer reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("endnote", data, n, FUZZ_PIPE, &opt);
	return 0;
}
