"""The text forms of a page: an HTML page dumped by w3m and lynx at several
widths, a LaTeX CV compiled by pdflatex (biber for biblatex) and read back by
pdftotext with and without -layout.  A form whose tool is missing is skipped.

awesome-cv and res are not packaged in Debian, and moderncv needs
fontawesome5, which is (in texlive-fonts-extra, 1.4 GB); compile() writes
small stand-ins for the three beside the page, so that a CV compiles with
texlive-latex-extra and lmodern alone.  The stand-ins give each class's
commands and a layout like its own, not its exact look."""

import os
import shutil
import subprocess
import tempfile

W3M_WIDTHS = (80, 120, 200)
LYNX_WIDTHS = (72, 100, 140)

AWESOME_CV = r"""\NeedsTeXFormat{LaTeX2e}
\ProvidesClass{awesome-cv}[2024/01/01 stand-in for the generator]
\LoadClass[11pt]{article}
\RequirePackage[margin=2cm]{geometry}
\RequirePackage{enumitem}
\RequirePackage{tabularx}
\makeatletter
\newcommand*{\name}[2]{\def\@firstname{#1}\def\@lastname{#2}}
\newcommand*{\position}[1]{\def\@position{#1}}
\newcommand*{\address}[1]{\def\@address{#1}}
\newcommand*{\email}[1]{\def\@email{#1}}
\newcommand*{\mobile}[1]{}\newcommand*{\homepage}[1]{}\newcommand*{\github}[1]{}
\newcommand*{\linkedin}[1]{}\newcommand*{\orcid}[1]{}
\newcommand*{\makecvheader}{\begin{center}{\Huge \@firstname\ \textbf{\@lastname}}\\[2pt]{\small \@position}\\{\small \@address\ \textbullet\ \@email}\end{center}}
\newcommand*{\makecvfooter}[3]{}
\newcommand*{\cvsection}[1]{\par\vspace{8pt}{\Large\bfseries #1}\par\hrule\vspace{4pt}}
\newcommand*{\cvsubsection}[1]{\par\vspace{4pt}{\large\scshape #1}\par}
\newenvironment{cventries}{\par}{\par}
\newcommand*{\cventry}[5]{\par\noindent\begin{tabularx}{\linewidth}{@{}Xr@{}}\textbf{#2} & #3\\ \textit{#1} & #4\end{tabularx}\par}
\newenvironment{cvitems}{\begin{itemize}[leftmargin=2ex,nosep]}{\end{itemize}}
\newenvironment{cvpubs}{\begin{itemize}[leftmargin=2ex,nosep]}{\end{itemize}}
\newcommand*{\cvpub}[1]{\item #1}
\makeatother
"""

RES = r"""\NeedsTeXFormat{LaTeX2e}
\ProvidesClass{res}[2024/01/01 stand-in for the generator]
\DeclareOption{margin}{}\DeclareOption{line}{}
\ProcessOptions
\LoadClass[11pt]{article}
\setlength{\topmargin}{-0.6in}\setlength{\textheight}{9.2in}
\setlength{\oddsidemargin}{0.9in}\setlength{\textwidth}{5.4in}
\makeatletter
\def\@resname{}\def\@resaddress{}
\newcommand*{\name}[1]{\def\@resname{#1}}
\newcommand*{\address}[1]{\def\@resaddress{#1}}
\newenvironment{resume}{\begin{center}{\large\bfseries\@resname}\\\@resaddress\end{center}%
  \renewcommand\section[1]{\par\medskip\noindent\llap{\makebox[1.4in][l]{\small\bfseries ##1}}\ignorespaces}}{}
\makeatother
"""

FA_ICONS = ("Asterisk BabyCarriage Bitbucket Circle Envelope Fax Github GithubSquare Gitlab Globe GlobeAfrica "
            "GlobeAmericas GlobeAsia GlobeEurope Home Inbox Linkedin LinkedinIn Mobile Orcid Phone Print "
            "Researchgate Skype StackOverflow Telegram Twitter TwitterSquare Whatsapp Xing XingSquare").split()


def have(tool):
    return shutil.which(tool) is not None


def html_forms(path, rng):
    """[(form, file name, tool line, text)] for an HTML page."""
    out = []
    if have("w3m"):
        for w in W3M_WIDTHS:
            r = subprocess.run(["w3m", "-dump", "-T", "text/html", "-I", "UTF-8", "-O", "UTF-8", "-cols", str(w), path],
                               capture_output=True, timeout=60)
            out.append(("w%d" % w, "page.w%d.txt" % w, "w3m -dump -cols %d" % w, r.stdout.decode("utf-8", "replace")))
    if have("lynx"):
        w = rng.choice(LYNX_WIDTHS)
        args = ["lynx", "-dump", "-force_html", "-width=%d" % w, "-display_charset=UTF-8", "-assume_charset=UTF-8"]
        nolist = rng.random() < 0.5
        if nolist:
            args.append("-nolist")
        r = subprocess.run(args + [path], capture_output=True, timeout=60)
        out.append(("lynx%d" % w, "page.lynx%d.txt" % w, " ".join(args[:2] + args[3:4] + (["-nolist"] if nolist else [])),
                    r.stdout.decode("utf-8", "replace")))
    return out


def compile_tex(tex, bib=None, biber=False):
    """pdftotext's -layout and -raw text of TEX compiled; [] when TeX is missing
    or the page does not compile."""
    if not (have("pdflatex") and have("pdftotext")):
        return []
    d = tempfile.mkdtemp(prefix="genpages-")
    try:
        with open(os.path.join(d, "page.tex"), "w", encoding="utf-8") as f:
            f.write(tex)
        with open(os.path.join(d, "awesome-cv.cls"), "w") as f:
            f.write(AWESOME_CV)
        with open(os.path.join(d, "res.cls"), "w") as f:
            f.write(RES)
        with open(os.path.join(d, "fontawesome5.sty"), "w") as f:
            f.write("\\ProvidesPackage{fontawesome5}\n" + "".join("\\providecommand\\fa%s{}\n" % c for c in FA_ICONS)
                    + "\\providecommand\\faIcon[2][]{}\n")
        if bib is not None:
            with open(os.path.join(d, "pubs.bib"), "w", encoding="utf-8") as f:
                f.write(bib)
        run = lambda cmd: subprocess.run(cmd, cwd=d, capture_output=True, timeout=120)
        latex = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "page.tex"]
        r = run(latex)
        if biber:
            if not have("biber"):
                return []
            run(["biber", "--quiet", "page"])
            r = run(latex)
        pdf = os.path.join(d, "page.pdf")
        if r.returncode != 0 or not os.path.exists(pdf):
            return []
        out = []
        for form, opt in (("layout", "-layout"), ("raw", "-raw")):
            t = subprocess.run(["pdftotext", "-enc", "UTF-8", opt, pdf, "-"], capture_output=True, timeout=60)
            out.append((form, "page.tex.%s.txt" % form, "pdflatex; pdftotext %s" % opt, t.stdout.decode("utf-8", "replace")))
        return out
    except subprocess.TimeoutExpired:
        return []
    finally:
        shutil.rmtree(d, ignore_errors=True)
