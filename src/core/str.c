/* core/str.c - the helpers of str.h that are too long to inline. */
#include "core/str.h"

long str_ifind(cx_str s, const char *lit, int word)
{
	size_t n = strlen(lit);
	if (!n)
		return 0;
	int first = str_lower((unsigned char)lit[0]);
	for (size_t i = 0; i + n <= s.n; i++) {
		if (str_lower((unsigned char)s.p[i]) != first || !str_ieqn(s.p + i, lit, n))
			continue;
		if (word && ((i && str_alnum((unsigned char)s.p[i - 1])) ||
		             (word == 1 && i + n < s.n && str_alnum((unsigned char)s.p[i + n]))))
			continue;
		return (long)i;
	}
	return -1;
}
