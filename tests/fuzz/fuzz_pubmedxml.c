/* fuzz_pubmedxml.c - libFuzzer harness for the PubMed XML reader. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {0};
	fuzz_convert("pubmed-xml", data, n, FUZZ_PIPE, &opt);
	return 0;
}
