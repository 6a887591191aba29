/* cli/options.c - the command line's options and its help text. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static const char usage_text[] =
	"usage: citex [OPTIONS] [FILE...]\n"
	"       citex tidy [OPTIONS] [FILE...]   format .bib files as bibtex-tidy does\n"
	"                                       (citex tidy --help)\n"
	"Convert bibliographic records between BibTeX, BibLaTeX, RIS, CSL-JSON and the\n"
	"formats literature databases and tools export.  No FILE, or -, reads standard\n"
	"input.\n"
	"\n"
	"  -f, --from FMT        bibtex|biblatex|ris|csl-json|csl-yaml|endnote-xml|\n"
	"                        pubmed-xml|nbib|isi|mods|endnote|cff|hayagriva|cv|refs\n"
	"                        (default: detect from the extension, then the content)\n"
	"  -t, --to FMT          bibtex|biblatex|ris|csl-json|csl-yaml|hayagriva|mods\n"
	"                        (default: bibtex), or a formatted bibliography:\n"
	"                        text|html|markdown|latex\n"
	"  -o, --output PATH     write to PATH (atomically: a temporary file, renamed);\n"
	"                        a directory (existing, or PATH/) writes one output per\n"
	"                        input there, named after it with the target's extension\n"
	"      --aux FILE.aux    keep only the entries a LaTeX run cited (bibtex or\n"
	"                        biblatex), with their crossref and xdata parents\n"
	"  -j, --jobs N          convert N inputs at a time (0: one per CPU); concatenated\n"
	"                        output keeps the input order\n"
	"      --ascii           BibTeX output with LaTeX escapes instead of UTF-8\n"
	"      --expand-macros   expand @string macros instead of keeping them\n"
	"      --keys[=PATTERN]  new citation keys from PATTERN (default\n"
	"                        [auth:lower][year][veryshorttitle:lower])\n"
	"      --owner NAME      cv input: the owner's name, for the author slots a\n"
	"                        publication list leaves empty\n"
	"      --venues-file TSV add venue rows (acronym, name, publisher, kind,\n"
	"                        aliases), checked before the built-in table\n"
	"      --venues=MODE     full, short or keep: how a recognised journal or\n"
	"                        booktitle is written (see Policies)\n"
	"      --particles=MODE  nondropping (default) or dropping: how 'von' parts\n"
	"                        of names go to CSL-JSON\n"
	"      --max-expansion N refuse a macro expansion over N bytes (default 64 MiB)\n"
	"      --report-loss     report each field the target format cannot hold\n"
	"      --dedup[=report]  merge records that share a DOI, a PMID, an arXiv id, or\n"
	"                        a title, year and first author, across all inputs,\n"
	"                        keeping the richest value of each field\n"
	"                        (=report: only report them)\n"
	"      --dedup-report FILE  list every merge, near miss and value chosen in FILE\n"
	"                        (- for stdout, before the records; implies --dedup)\n"
	"      --check           lint only: report problems, write nothing\n"
	"      --strict          warnings count as errors in the exit status\n"
	"  -q, --quiet           errors only; no progress line or summary\n"
	"      --progress        progress line and summary on stderr even when it is not\n"
	"                        a terminal (on a terminal they are the default)\n"
	"      --version, --help\n";
/* The policies, apart: C99 promises string literals up to 4095 bytes. */
static const char policies_text[] =
	"Policies (where peers disagree):\n"
	"  von Last, First      CSL non-dropping-particle (--particles=dropping for\n"
	"                       biblatex's useprefix=false reading)\n"
	"  and others           kept as 'and others' in BibTeX; CSL-JSON ends the name\n"
	"                       list with {\"literal\":\"others\"}; RIS writes no AU for it\n"
	"  {Corporate Name}     one literal name\n"
	"  title case           never changed; {Protected} words become nocase spans\n"
	"                       and are braced again on the way back\n"
	"  {\\'\\i}               precomposed letters (i with acute)\n"
	"  BibTeX encoding      UTF-8 (--ascii for LaTeX escapes)\n"
	"  pages 12--34         CSL 12-34; RIS SP 12 / EP 34; BibTeX 12--34\n"
	"  publisher            CSL publisher is the first of publisher, organization,\n"
	"                       institution, school; the others are kept in custom\n"
	"  arXiv eprint         publisher arXiv, number arXiv:ID, and the abs URL when\n"
	"                       no URL is given\n"
	"  RIS dialect          as Zotero and EndNote read it: one tag a line, no hard\n"
	"                       wraps, DA YYYY/MM/DD/ zero-padded\n"
	"  venue names          kept as given, plus the acronym as shortjournal; cv\n"
	"                       input: full name plus acronym (--venues)\n"
	"  unknown fields       kept verbatim; CSL-JSON keeps them in \"custom\"\n"
	"  crossref, xdata      resolved under the biblatex inheritance rules for\n"
	"                       CSL-JSON and RIS; BibTeX output keeps the crossref\n"
	"  BibTeX to BibTeX     every value as written (macros, braces, logos,\n"
	"                       spacing); only --ascii, --expand-macros, --keys and\n"
	"                       --venues rewrite\n"
	"  several inputs       one database, as bibtex reads \\bibliography{a,b}:\n"
	"                       macros of earlier inputs, crossref parents anywhere\n"
	"  unknown LaTeX        BibTeX keeps it; CSL-JSON and RIS get the text of its\n"
	"                       arguments, or its name (a warning once a file)\n"
	"  language, langid     CSL language as a BCP 47 tag (ngerman: de-DE)\n"
	"  8-bit input          read as Windows-1252; UTF-16 and UTF-32 need a BOM\n"
	"\n"
	"Exit status: 0 all converted; 1 some entries had errors (each reported, the\n"
	"rest still converted); 2 usage or I/O error.\n";

/* The options of formatted output, printed after the others. */
static const char usage_csl[] =
	"\n"
	"Formatted bibliographies (-t text|html|markdown|latex; these options alone\n"
	"imply -t text, and with any other -t they are an error):\n"
	"      --style NAME|FILE CSL style (default: citex's own; NAME from styles/, then\n"
	"                        citation-style-language-styles; a dependent style\n"
	"                        uses its parent)\n"
	"      --locale TAG      CSL locale (default: the style's, else en-US)\n"
	"      --locales DIR     CSL locale files (default: citation-style-language-locales;\n"
	"                        en-US is built in)\n"
	"      --aux FILE.aux    with -t latex: the cited entries, numbered in citation\n"
	"                        order by numeric styles (a .bbl for LaTeX)\n"
	"      --highlight NAME  this person's name in bold (\"Given Family\")\n"
	"      --group-by KEY    type or year: entries in headed groups\n"
	"      --standalone      with -t html (implied): a whole page, with a stylesheet\n"
	"\n";

int usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("citex: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	/* One line for what was wrong, one for where to look. */
	fputs("\nTry 'citex --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

int parse_options(struct run *r, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"from", required_argument, NULL, 'f'},
		{"to", required_argument, NULL, 't'},
		{"output", required_argument, NULL, 'o'},
		{"jobs", required_argument, NULL, 'j'},
		{"ascii", no_argument, NULL, 'A'},
		{"expand-macros", no_argument, NULL, 'E'},
		{"particles", required_argument, NULL, 'P'},
		{"max-expansion", required_argument, NULL, 'M'},
		{"report-loss", no_argument, NULL, 'L'},
		{"dedup", optional_argument, NULL, 'D'},
		{"dedup-report", required_argument, NULL, 1007},
		{"owner", required_argument, NULL, 'O'},
		{"keys", optional_argument, NULL, 'K'},
		{"aux", required_argument, NULL, 'X'},
		{"venues-file", required_argument, NULL, 'W'},
		{"venues", required_argument, NULL, 'Y'},
		{"check", no_argument, NULL, 'C'},
		{"strict", no_argument, NULL, 'S'},
		{"quiet", no_argument, NULL, 'q'},
		{"progress", no_argument, NULL, 'G'},
		{"version", no_argument, NULL, 'V'},
		{"help", no_argument, NULL, 'h'},
		{"style", required_argument, NULL, 1001},
		{"locale", required_argument, NULL, 1002},
		{"locales", required_argument, NULL, 1003},
		{"highlight", required_argument, NULL, 1004},
		{"group-by", required_argument, NULL, 1005},
		{"standalone", no_argument, NULL, 1006},
		{"finder-model", required_argument, NULL, 1008},
		{NULL, 0, NULL, 0},
	};
	r->opt.to = NULL;
	r->jobs = 1;
	const char *csl_opt = NULL; /* the first option only formatted output takes */
	int c;
	opterr = 0; /* the messages below name the program as citex, whatever argv[0] */
	while ((c = getopt_long(argc, argv, ":f:t:o:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': r->opt.from = optarg; break;
		case 't': r->opt.to = optarg; break;
		case 'o': r->output = optarg; break;
		case 'A': r->opt.ascii = 1; break;
		case 'E': r->opt.expand_macros = 1; break;
		case 'L': r->opt.report_loss = 1; break;
		case 'D':
			if (optarg && strcmp(optarg, "report")) {
				return usage_error("--dedup takes no value or =report");
			}
			r->dedup = optarg ? 2 : 1;
			r->hold = 1;
			break;
		case 'O': r->opt.owner = optarg; break;
		case 1008: r->opt.finder_model = optarg; break;
		case 'K':
			r->want_keys = 1;
			r->key_pattern = optarg;
			/* "--keys PATTERN": the next word is the pattern when it
			 * holds a [field] and names no file. */
			if (!optarg && optind < argc && strchr(argv[optind], '[') &&
			    access(argv[optind], F_OK) != 0)
				r->key_pattern = argv[optind++];
			break;
		case 'X': r->aux_path = optarg; break;
		case 'W':
			r->venue_files = cli_realloc(r->venue_files, (r->nvenue_files + 1) * sizeof *r->venue_files);
			r->venue_files[r->nvenue_files++] = optarg;
			break;
		case 'Y': {
			static const char *const modes[] = {"full", "short", "keep"};
			size_t m = 0;
			while (m < 3 && strcmp(optarg, modes[m]))
				m++;
			if (m == 3) {
				return usage_error("--venues takes full, short or keep");
			}
			r->opt.venues = (enum cx_venues)(CX_VENUES_FULL + m);
			break;
		}
		case 'C': r->opt.check_only = 1; break;
		case 'S': r->strict = 1; break;
		case 'q': r->quiet = 1; break;
		case 'G': r->want_progress = 1; break;
		case 'j': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v < 0 || v > 1024) {
				return usage_error("-j takes a number of jobs (0: one per CPU)");
			}
			r->jobs = v ? (int)v : (int)sysconf(_SC_NPROCESSORS_ONLN);
			if (r->jobs < 1)
				r->jobs = 1;
			break;
		}
		case 'P':
			if (!strcmp(optarg, "dropping"))
				r->opt.particles = CX_PARTICLES_DROPPING;
			else if (!strcmp(optarg, "nondropping") || !strcmp(optarg, "non-dropping"))
				r->opt.particles = CX_PARTICLES_NONDROPPING;
			else {
				return usage_error("--particles takes dropping or nondropping");
			}
			break;
		case 'M': {
			char *end;
			unsigned long long v = strtoull(optarg, &end, 10);
			if (*end || !v) {
				return usage_error("--max-expansion takes a positive byte count");
			}
			r->opt.macro_cap = (size_t)v;
			break;
		}
		case 1007:
			r->dedup_report = optarg;
			if (!r->dedup)
				r->dedup = 1;
			r->hold = 1;
			break;
		case 1001: r->style = optarg; csl_opt = csl_opt ? csl_opt : "--style"; break;
		case 1002: r->locale = optarg; csl_opt = csl_opt ? csl_opt : "--locale"; break;
		case 1003: r->locales = optarg; csl_opt = csl_opt ? csl_opt : "--locales"; break;
		case 1004:
			r->bib_opt.highlight = optarg;
			csl_opt = csl_opt ? csl_opt : "--highlight";
			break;
		case 1005:
			csl_opt = csl_opt ? csl_opt : "--group-by";
			if (strcmp(optarg, "type") && strcmp(optarg, "year")) {
				return usage_error("--group-by takes type or year");
			}
			r->bib_opt.group = optarg[0] == 't' ? CX_BIB_BY_TYPE : CX_BIB_BY_YEAR;
			break;
		case 1006:
			r->bib_opt.standalone = 1;
			csl_opt = csl_opt ? csl_opt : "--standalone";
			break;
		case 'V': printf("citex %s\n", CITEX_VERSION); return EXIT_OK;
		case 'h':
			fputs(usage_text, stdout);
			fputs(usage_csl, stdout);
			fputs(policies_text, stdout);
			return EXIT_OK;
		default: {
			const char *arg = argv[optind - 1];
			if (c == ':')
				return usage_error("option '%s' needs an argument", arg);
			if (optopt && arg[0] == '-' && arg[1] != '-')
				return usage_error("unknown option '-%c'", optopt);
			return usage_error("unknown option '%s'", arg);
		}
		}
	}
	/* An option of formatted output asks for it: --style alone renders
	 * text, and with another -t it would do nothing, which is an error
	 * rather than a style silently ignored. */
	if (csl_opt && !r->opt.to)
		r->opt.to = r->bib_opt.standalone ? "html" : "text";
	else if (r->bib_opt.standalone && strcmp(r->opt.to, "html"))
		return usage_error("--standalone applies to -t html, not -t %s", r->opt.to);
	else if (csl_opt && cx_bib_format(r->opt.to) < 0)
		return usage_error("%s applies to -t text, html, markdown or latex, not -t %s", csl_opt,
		                   r->opt.to);
	if (!r->opt.to)
		r->opt.to = "bibtex";
	return -1;
}
