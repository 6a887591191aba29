"""Word lists the page generator draws from: names, places, the furniture of
academic homepages.  Common names and the names of universities and cities are
facts; the sentences are the generator's own."""

CN_FAMILY = ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma",
             "Zhu", "Hu", "Guo", "He", "Lin", "Luo", "Gao", "Zheng", "Liang", "Xie", "Tang", "Han", "Feng", "Deng"]
CN_GIVEN = ["Wei", "Fang", "Xiaoming", "Jiayi", "Haoran", "Yuxuan", "Zihan", "Mingyu", "Shuo", "Yifan", "Jing",
            "Lei", "Tao", "Hui", "Xinyu", "Zhiyuan", "Yuqi", "Chenxi", "Ruoxi", "Jun", "Qiang", "Yue", "Hao", "Bo"]
JP_FAMILY = ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi",
             "Kato", "Yoshida", "Yamada", "Matsumoto", "Inoue", "Kimura"]
JP_GIVEN = ["Haruto", "Yuki", "Takeshi", "Kenji", "Akiko", "Hiroshi", "Naoko", "Daisuke", "Kaori", "Shota",
            "Ryo", "Emi", "Satoshi", "Yusuke"]
KR_FAMILY = ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim"]
KR_GIVEN = ["Minjun", "Seoyeon", "Jiwoo", "Hyun-woo", "Ji-hoon", "Soo-jin", "Dong-hyun", "Eunji", "Jae-won"]
CJK_NATIVE = [("张", "伟"), ("王", "芳"), ("李", "娜"), ("刘", "洋"), ("陈", "静"), ("杨", "磊"), ("黄", "涛"),
              ("佐藤", "健"), ("鈴木", "花子"), ("高橋", "誠")]
OTHER_GIVEN = ["María", "José", "Zoë", "Søren", "Łukasz", "Ana", "Thanh", "Ngọc", "Ayşe", "Mehmet", "Olúwaseun",
               "Priya", "Arjun", "Fatima", "Omar", "Ingrid", "Matthias", "François", "Giulia", "Nikolai"]
OTHER_FAMILY = ["García", "Müller", "Nguyen", "Kowalski", "Yılmaz", "Adeyemi", "Sharma", "Haddad", "Lindqvist",
                "Rossi", "Dubois", "Ivanova", "Pereira", "O'Brien", "van der Berg", "de la Cruz", "Ferreira",
                "Novák", "Schäfer", "Kristjánsdóttir"]

UNIVERSITIES = ["University of Cambridge", "ETH Zurich", "Stanford University", "University of Tokyo",
                "Tsinghua University", "Peking University", "University of Toronto", "KU Leuven",
                "Technische Universität München", "Sorbonne Université", "University of Melbourne",
                "McGill University", "University of Cape Town", "Universidade de São Paulo",
                "National University of Singapore", "Seoul National University", "University of Edinburgh",
                "Humboldt-Universität zu Berlin", "University of Michigan", "Carnegie Mellon University",
                "University of Washington", "Delft University of Technology", "Uppsala University",
                "Universidad de Buenos Aires", "Indian Institute of Science", "University of Oslo",
                "Université de Montréal", "Weizmann Institute of Science", "University of Copenhagen",
                "Politecnico di Milano", "Rice University", "University of Auckland"]
DEPARTMENTS = ["Department of Physics", "Department of Computer Science", "Department of Chemistry",
               "School of Engineering", "Department of Mathematics", "Department of Psychology",
               "Institute of Materials Science", "Department of Electrical Engineering",
               "Department of Sociology", "Department of Linguistics", "Department of Biology"]
POSITIONS = ["Assistant Professor", "Associate Professor", "Professor", "PhD student", "PhD candidate",
             "Postdoctoral Researcher", "Research Scientist", "Senior Lecturer", "Research Fellow",
             "Staff Scientist", "Lecturer"]
CITIES = ["Berlin, Germany", "Paris, France", "Boston, MA", "Tokyo, Japan", "Beijing, China", "Zurich, Switzerland",
          "Toronto, Canada", "Sydney, Australia", "Barcelona, Spain", "Seoul, South Korea", "Vienna, Austria",
          "Lisbon, Portugal", "Montréal, Canada", "Singapore", "Cape Town, South Africa", "Kyoto, Japan",
          "New Orleans, LA", "Vancouver, Canada", "Honolulu, HI", "Copenhagen, Denmark"]
COMPANIES = ["Google DeepMind", "Microsoft Research", "IBM Research", "Bosch Center for AI", "Siemens",
             "Nokia Bell Labs", "Max Planck Institute", "CERN", "Fraunhofer Institute"]

NAV = ["Home", "About", "Publications", "Research", "Teaching", "CV", "Blog", "Talks", "Projects", "Contact",
       "News", "Software", "Group", "People", "Service", "Misc", "Repositories", "Awards"]
LINKS = ["PDF", "Code", "Slides", "Video", "Poster", "arXiv", "Project Page", "DOI", "Data", "Blog", "Press",
         "Supplementary", "Talk", "Website", "HTML", "Dataset", "Abstract", "BibTeX", "bib", "Preprint", "Pdf", "Publisher"]
AWARDS = ["Best Paper Award", "Oral", "Spotlight", "Oral Presentation", "Best Student Paper Award",
          "Outstanding Paper Honorable Mention", "Spotlight (top 5%)", "Featured Article", "Editor's Choice",
          "Best Poster Award", "Distinguished Paper Award", "Cover Article"]
BADGES = ["CCF-A", "CCF-B", "JCR Q1", "SCI", "Oral", "Highlight", "Nature Index", "Top 1%", "IF 5.2", "Core A*"]
STATUS_NOTES = ["Under review", "Submitted", "In press", "Accepted", "Forthcoming", "Revise and resubmit",
                "Conditionally accepted", "In preparation", "To appear"]
COURSES = ["Introduction to Machine Learning", "Statistical Physics", "Data Structures and Algorithms",
           "Quantum Mechanics II", "Research Methods", "Linear Algebra", "Compiler Construction",
           "Experimental Design", "Computational Linguistics", "Thermodynamics", "Operating Systems",
           "Probability Theory", "Social Network Analysis", "Numerical Methods"]
TERMS = ["Fall 2024", "Spring 2024", "Winter 2023/24", "Summer 2023", "Fall 2022", "Spring 2021", "2020-2022"]
SERVICE = ["Reviewer for {v}", "Program committee member, {v}", "Area chair, {v}", "Session chair, {v}",
           "Associate editor, {v}", "Organizer of the workshop on {t} at {v}"]
NEWS = ["Our paper \u201c{t}\u201d was accepted at {v}!", "I gave a talk at {u}.", "{t} received the {a}.",
        "Started a new position as {p} at {u}.", "New preprint on arXiv: {t}.", "I will serve as {s}.",
        "Our work on {k} was featured in the news.", "Presenting our poster at {v} in {c}."]
BLOG = ["Notes on {k}", "What I learned from reviewing for {v}", "A gentle introduction to {k}",
        "Reproducing {t}", "Lessons from my first year as {p}", "Why {k} matters"]
STOP = set("a an the of and or in on for to with from by at as is are be via using toward towards into its their "
           "de la le les des et du der die das und von zur zum le il lo di del y en un une".split())
