/* read/ris_date.h - RIS's date forms, for the RIS reader (read/ris.c). */
#ifndef CX_RIS_DATE_H
#define CX_RIS_DATE_H

#include "citex.h"

struct rdate {
	int y, m, d;
	cx_str other; /* text after the third slash, or the whole value if unparsed */
};

/* "YYYY", "YYYY/MM/DD/other", "YYYY///", "YYYY-MM-DD", "YYYY/MM/DD", a month
 * by name in the month's place ("2015/october") and,
 * from Web of Science, a month name ("MAR", "JUN 15"). */
void parse_rdate(cx_str s, struct rdate *d);

#endif
