/* stub_latex.c - a stand-in for src/norm/latex.c in unit tests that only need
 * latex_decode to exist.
 *
 * It copies the value into the arena with every brace removed and nothing
 * else decoded, so tests linked against it must not depend on decoding
 * details.  Never link it into the real program. */
#include "norm/norm.h"

cx_str latex_decode(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (s[i] != '{' && s[i] != '}')
			p[k++] = s[i];
	p[k] = 0;
	return (cx_str){p, k};
}
