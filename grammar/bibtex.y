/* bibtex.y - the BibTeX/BibLaTeX grammar.
 *
 * A pure parser over the reentrant scanner in bibtex.l.  Actions build the
 * entry in the parser struct; the action that reduces a closed entry emits
 * it (normalize, format, reset the entry arena) before the next token is
 * read, so output starts long before the input ends.
 *
 * Recovery: any error inside an entry pops back to `body: error`, which
 * skips the entry; `file: file error` then discards tokens up to the next
 * '@'.  The scanner's '@' is the synchronizing token, so one broken entry
 * costs exactly that entry.  One diagnostic per entry (parser_diag).
 */
%define api.pure full
%define api.prefix {cx_yy}
%define api.token.prefix {TOK_}
%define api.value.type {struct cx_val}
%define parse.error custom
%locations
%param {void *scanner}
%parse-param {struct cx_parser *P}
%expect 0

%code requires {
#include "read/bibtex.h"
}

%code {
#include <string.h>
int cx_yylex(CX_YYSTYPE *lval, CX_YYLTYPE *lloc, void *scanner);
void cx_yyerror(CX_YYLTYPE *loc, void *scanner, struct cx_parser *P, const char *msg);
}

%token AT "'@'"
%token TYPE "entry type"
%token STRING "@string"
%token PREAMBLE "@preamble"
%token COMMENT "@comment"
%token CBODY "comment body"
%token OPEN "'{'"
%token CLOSE "closing '}'"
%token NAME "name"
%token NUMBER "number"
%token BRACED "braced value"
%token FIELDS "field"
%token QUOTED "quoted value"
%token BAD "malformed entry start"
%token EOF_IN_ENTRY "end of input"

%%

file:
	  %empty
	| file item
	| file error
	;

item:
	AT { yyerrok; P->entry_failed = 0; P->e.key.n = 0; } body
	;

body:
	  TYPE OPEN { parser_begin_entry(P, CX_ENTRY_RECORD, $1.s, @1.first_line, @1.first_column); }
	  key fields CLOSE { parser_end_entry(P); }
	| STRING OPEN { parser_begin_entry(P, CX_ENTRY_STRING, CX_STR("string"), @1.first_line, @1.first_column); }
	  NAME '=' value opt_comma CLOSE { parser_define_string(P, $4.s, @4.first_line, @4.first_column); }
	| PREAMBLE OPEN { parser_begin_entry(P, CX_ENTRY_PREAMBLE, CX_STR("preamble"), @1.first_line, @1.first_column); }
	  value CLOSE { parser_end_field(P, CX_STR("preamble"), @4.first_line, @4.first_column); parser_end_entry(P); }
	| COMMENT CBODY { parser_comment(P, $2.s, 0, @1.first_line, @1.first_column); }
	| error { parser_skip_entry(P); }
	;

key:
	  %empty
	| NAME { parser_set_key(P, $1.s, @1.first_line, @1.first_column); }
	| NUMBER { parser_set_key(P, $1.s, @1.first_line, @1.first_column); }
	;

fields:
	  %empty
	| fields ',' opt_field
	| fields FIELDS { parser_fields(P); }
	;

opt_field:
	  %empty
	| NAME '=' value { parser_end_field(P, $1.s, @1.first_line, @1.first_column); }
	;

opt_comma:
	  %empty
	| ','
	;

value:
	  part
	| value '#' part
	;

part:
	  BRACED { parser_add_part(P, CX_P_BRACED, $1.s); }
	| QUOTED { parser_add_part(P, CX_P_QUOTED, $1.s); }
	| NUMBER { parser_add_part(P, CX_P_NUMBER, $1.s); }
	| NAME   { parser_add_part(P, CX_P_MACRO, $1.s); }
	;

%%

/* One message per syntax error: the grammar says what it met and what
 * would have done, parser_syntax_error (read/bibtex.c) words it. */
static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, struct cx_parser *P)
{
	(void)scanner;
	yysymbol_kind_t tok = yypcontext_token(ctx);
	const CX_YYLTYPE *loc = yypcontext_location(ctx);
	struct syntax_error se = {SYN_OTHER, yysymbol_name(tok), (unsigned)loc->first_line,
	                          (unsigned)loc->first_column, 0, {0}};
	if (tok == YYSYMBOL_BAD)
		se.kind = SYN_BAD;
	else if (tok == YYSYMBOL_AT)
		se.kind = SYN_NEXT_ENTRY;
	else if (tok == YYSYMBOL_EOF_IN_ENTRY || tok == YYSYMBOL_YYEOF)
		se.kind = SYN_END;
	else if (tok == YYSYMBOL_NAME || tok == YYSYMBOL_NUMBER || tok == YYSYMBOL_BRACED ||
	         tok == YYSYMBOL_QUOTED)
		se.kind = SYN_VALUE;
	else if (tok == YYSYMBOL_FIELDS)
		se.kind = SYN_FIELD;
	/* Fields the scanner took whole stand for the first one's leading
	 * ',': they are never named as expected. */
	yysymbol_kind_t got[YYNTOKENS];
	int ngot = yypcontext_expected_tokens(ctx, got, YYNTOKENS);
	for (int i = 0; i < ngot; i++) {
		if (got[i] == YYSYMBOL_FIELDS)
			continue;
		if (se.nexp == 4) {
			se.nexp = 0; /* too many to list */
			break;
		}
		se.exp[se.nexp++] = yysymbol_name(got[i]);
	}
	parser_syntax_error(P, &se);
	return 0;
}

void cx_yyerror(CX_YYLTYPE *loc, void *scanner, struct cx_parser *P, const char *msg)
{
	(void)scanner;
	parser_diag(P, CX_ERROR, CX_E_SYNTAX, (unsigned)loc->first_line,
	            (unsigned)loc->first_column, "%s", msg);
}
