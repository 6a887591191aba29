/* norm/ids.c - identifiers: arXiv ids, DOIs. */
#include <string.h>

#include "core/str.h"
#include "norm/norm.h"

int is_arxiv_id(cx_str s)
{
	const char *p = s.p, *end = s.p + s.n;
	int v;
	if (str_digits(p, end, &v) == 4 && p + 4 < end && p[4] == '.') {
		size_t k = str_digits(p + 5, end, &v);
		if (k < 4 || k > 5)
			return 0;
		p += 5 + k;
		if (p < end && *p == 'v') {
			p++;
			if (!str_digits(p, end, &v))
				return 0;
			while (p < end && str_digit((unsigned char)*p))
				p++;
		}
		return p == end;
	}
	/* old style: archive(.subject)/YYMMNNN */
	const char *slash = memchr(p, '/', s.n);
	if (!slash || slash == p)
		return 0;
	for (const char *q = p; q < slash; q++)
		if (!str_is_lower((unsigned char)*q) && *q != '-' && *q != '.' && !str_is_upper((unsigned char)*q))
			return 0;
	return str_digits(slash + 1, end, &v) == 7 && slash + 8 <= end;
}


cx_str doi_bare(cx_str s)
{
	static const char *const pre[] = {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
	                                  "http://dx.doi.org/", "doi.org/", "doi:", NULL};
	for (int p = 0; pre[p]; p++) {
		size_t n = strlen(pre[p]);
		if (s.n > n && str_ieqn(s.p, pre[p], n)) {
			s.p += n;
			s.n -= n;
			while (s.n && *s.p == ' ')
				s.p++, s.n--;
			p = -1; /* https://doi.org/doi:10.x */
		}
	}
	return s;
}
