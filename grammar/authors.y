/* authors.y - the grammar of author lists as CVs and homepages write them.
 *
 * A pure bison parser (prefix cx_au) over a small hand-written lexer in
 * src/cv/authors.c: an author string is short and its tokens are few, so flex would
 * add a second generated file for nothing.  The lexer folds ", and" and
 * ", &" into one AND token, so an empty slot (", , ") and the serial comma
 * need no lookahead tricks and the grammar has no conflicts.
 *
 *   list  := slot (sep slot)*        sep := ',' | ';' | and | & | ', and'
 *   slot  := empty | elems [et al.] annots | et al. annots
 *   elems := (WORD | MARK | BOLD | ANNOT)+
 *
 * Actions record each slot in struct au_state; au_parse then reads the
 * slots as "Family, Given" pairs when the list is written that way, and
 * flags Vancouver lists ("Zhao LY, Krishnamurthy A").
 */
%define api.pure full
%define api.prefix {cx_au}
%define api.value.type {cx_str}
%define parse.error simple
%param {struct au_state *S}
%expect 0

%code requires {
#include "cv/cv.h"
struct au_state;
}

%code {
#include "cv/authors.h"
}

%token WORD MARK BOLD_ON BOLD_OFF ANNOT ETAL
%token COMMA SEMI AND

%%

list:
	  slot
	| list sep slot
	;

sep:
	  COMMA { au_end_slot(S, ','); }
	| SEMI  { au_end_slot(S, ';'); }
	| AND   { au_end_slot(S, 'a'); }
	;

slot:
	  %empty
	| elems
	| elems ETAL { S->cur.others = 1; } annots
	| ETAL { S->cur.others = 1; } annots
	;

elems:
	  elem
	| elems elem
	;

elem:
	  WORD     { au_word(S, $1); }
	| MARK     { au_mark(S, $1); }
	| BOLD_ON  { S->bold = 1; }
	| BOLD_OFF { S->bold = 0; }
	| ANNOT    { au_annot(S, $1); }
	;

annots:
	  %empty
	| annots ANNOT { au_annot(S, $2); }
	| annots MARK  { au_mark(S, $2); }
	| annots BOLD_ON  { S->bold = 1; }
	| annots BOLD_OFF { S->bold = 0; }
	;

%%
