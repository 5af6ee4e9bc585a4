/* stopwords_data: the compiled-in stopword lists, one sorted array per
 * language (byte order of the UTF-8 words, as sb_is_stopword's binary
 * search requires; tests/test_stopwords.c checks the order).  Written for
 * storybox: the most frequent function words of each language. */
#include "stopwords_data.h"

/* English: 174 words */
static const char *const stop_en[] = {
    "a", "about", "above", "after", "again", "against", "all", "almost",
    "also", "although", "am", "among", "an", "and", "another", "any", "are",
    "around", "as", "at", "be", "because", "been", "before", "being", "below",
    "between", "both", "but", "by", "can", "could", "did", "do", "does",
    "doing", "done", "down", "during", "each", "either", "else", "ever",
    "every", "few", "for", "from", "further", "had", "has", "have", "having",
    "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
    "however", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
    "least", "less", "many", "may", "me", "might", "mine", "more", "most",
    "much", "must", "my", "myself", "neither", "no", "nor", "not", "now",
    "of", "off", "often", "on", "once", "one", "only", "or", "other",
    "others", "our", "ours", "ourselves", "out", "over", "own", "per",
    "perhaps", "quite", "rather", "s", "same", "several", "shall", "she",
    "should", "since", "so", "some", "such", "t", "than", "that", "the",
    "their", "theirs", "them", "themselves", "then", "there", "these", "they",
    "this", "those", "though", "through", "thus", "to", "too", "toward",
    "towards", "under", "until", "unto", "up", "upon", "us", "very", "via",
    "was", "we", "were", "what", "whatever", "when", "whenever", "where",
    "whether", "which", "while", "who", "whom", "whose", "why", "will",
    "with", "within", "without", "would", "yet", "you", "your", "yours",
    "yourself", "yourselves",
};

/* German: 184 words */
static const char *const stop_de[] = {
    "aber", "alle", "allem", "allen", "aller", "alles", "als", "also", "am",
    "an", "ander", "andere", "anderem", "anderen", "anderer", "anderes",
    "auch", "auf", "aus", "bei", "beim", "bin", "bis", "bist", "da", "dabei",
    "damit", "dann", "das", "dass", "daß", "dein", "deine", "dem", "den",
    "denn", "der", "des", "deshalb", "dessen", "dich", "die", "dies", "diese",
    "diesem", "diesen", "dieser", "dieses", "dir", "doch", "dort", "du",
    "durch", "ein", "eine", "einem", "einen", "einer", "eines", "er", "es",
    "etwa", "euch", "euer", "eure", "für", "gegen", "gewesen", "hab", "habe",
    "haben", "hat", "hatte", "hatten", "hier", "hin", "hinter", "ich", "ihm",
    "ihn", "ihnen", "ihr", "ihre", "ihrem", "ihren", "ihrer", "ihres", "im",
    "immer", "in", "ins", "ist", "ja", "jede", "jedem", "jeden", "jeder",
    "jedes", "jedoch", "jene", "kann", "kein", "keine", "keinem", "keinen",
    "keiner", "können", "könnte", "man", "manche", "mehr", "mein", "meine",
    "mich", "mir", "mit", "muss", "musste", "nach", "nicht", "nichts", "noch",
    "nun", "nur", "ob", "oder", "ohne", "schon", "sehr", "sein", "seine",
    "seinem", "seinen", "seiner", "seit", "selbst", "sich", "sie", "sind",
    "so", "soll", "sollte", "sondern", "sowie", "um", "und", "uns", "unser",
    "unsere", "unter", "viel", "vom", "von", "vor", "wann", "war", "waren",
    "warum", "was", "weil", "weiter", "welche", "welchem", "welchen",
    "welcher", "welches", "wenn", "wer", "werde", "werden", "wie", "wieder",
    "will", "wir", "wird", "wo", "wurde", "wurden", "zu", "zum", "zur",
    "zwar", "zwischen", "über",
};

/* French: 176 words */
static const char *const stop_fr[] = {
    "a", "afin", "ai", "ainsi", "alors", "as", "au", "aucun", "aucune",
    "aujourd", "aussi", "autant", "autre", "autres", "aux", "avaient",
    "avais", "avait", "avant", "avec", "avez", "avoir", "avons", "c", "car",
    "ce", "ceci", "cela", "celle", "celles", "celui", "cependant", "ces",
    "cet", "cette", "ceux", "chaque", "chez", "ci", "comme", "comment", "d",
    "dans", "de", "depuis", "des", "donc", "dont", "du", "durant", "dès",
    "déjà", "elle", "elles", "en", "encore", "entre", "es", "est", "et",
    "eu", "eux", "faire", "fait", "fois", "font", "fut", "hors", "il", "ils",
    "j", "je", "jusqu", "jusque", "l", "la", "le", "les", "leur", "leurs",
    "lors", "lorsque", "lui", "m", "ma", "mais", "malgré", "me", "mes",
    "moi", "moins", "mon", "même", "mêmes", "n", "ne", "ni", "nos", "notre",
    "nous", "on", "ont", "ou", "où", "par", "parce", "parmi", "pas",
    "pendant", "peu", "peut", "plus", "pour", "pourquoi", "puis", "qu",
    "quand", "que", "quel", "quelle", "quelles", "quels", "qui", "quoi", "s",
    "sa", "sans", "sauf", "se", "selon", "sera", "serait", "seront", "ses",
    "si", "soit", "sommes", "son", "sont", "sous", "suis", "sur", "t", "ta",
    "tandis", "tant", "te", "tes", "toi", "ton", "toujours", "tous", "tout",
    "toute", "toutes", "trop", "très", "tu", "un", "une", "va", "vers",
    "voici", "voilà", "vont", "vos", "votre", "vous", "y", "à", "ça",
    "étaient", "était", "été", "êtes", "être",
};

/* Spanish: 151 words */
static const char *const stop_es[] = {
    "a", "al", "algo", "algunas", "algunos", "ante", "antes", "aquel",
    "aquella", "aquellas", "aquellos", "aquí", "así", "aun", "aunque",
    "bajo", "cada", "cerca", "como", "con", "contra", "cual", "cuales",
    "cuando", "cuyo", "de", "del", "desde", "donde", "dos", "durante", "el",
    "ella", "ellas", "ello", "ellos", "en", "entre", "era", "eran", "es",
    "esa", "esas", "ese", "eso", "esos", "esta", "estaba", "estaban", "estar",
    "este", "esto", "estos", "está", "están", "fue", "fueron", "ha",
    "había", "habían", "hacia", "han", "hasta", "hay", "he", "hemos", "la",
    "las", "le", "les", "lo", "los", "luego", "me", "menos", "mi", "mientras",
    "mis", "mismo", "mucha", "mucho", "muchos", "muy", "más", "nada", "ni",
    "no", "nos", "nosotros", "nuestra", "nuestro", "nunca", "o", "otra",
    "otras", "otro", "otros", "para", "pero", "poco", "por", "porque",
    "puede", "pues", "que", "quien", "quienes", "qué", "se", "sea", "según",
    "ser", "si", "sido", "sin", "sino", "sobre", "solo", "son", "su", "sus",
    "sí", "sólo", "tal", "también", "tampoco", "tan", "tanto", "te",
    "tiene", "tienen", "toda", "todas", "todavía", "todo", "todos", "tras",
    "tu", "tú", "un", "una", "unas", "uno", "unos", "usted", "ustedes",
    "vez", "y", "ya", "yo", "él",
};

/* Italian: 157 words */
static const char *const stop_it[] = {
    "a", "ad", "agli", "ai", "al", "alla", "alle", "allo", "allora", "anche",
    "ancora", "anzi", "attraverso", "avere", "aveva", "avevano", "c", "che",
    "chi", "ci", "cioè", "come", "con", "contro", "cosa", "così", "cui",
    "da", "dagli", "dai", "dal", "dalla", "dalle", "dallo", "degli", "dei",
    "del", "della", "delle", "dello", "dentro", "di", "dopo", "dove",
    "dunque", "e", "ecco", "ed", "era", "erano", "essere", "essi", "fa",
    "fino", "fra", "già", "gli", "ha", "hanno", "ho", "i", "il", "in",
    "infatti", "inoltre", "invece", "io", "l", "la", "le", "lei", "li", "lo",
    "loro", "lui", "ma", "mai", "mentre", "mi", "mia", "mie", "miei", "mio",
    "molto", "ne", "negli", "nei", "nel", "nella", "nelle", "nello",
    "nessuno", "noi", "non", "nostra", "nostro", "o", "ogni", "oltre", "ora",
    "per", "perché", "perciò", "però", "più", "poi", "proprio", "pure",
    "qualche", "quale", "quali", "quando", "quanto", "quella", "quelle",
    "quelli", "quello", "questa", "queste", "questi", "questo", "quindi",
    "se", "sei", "sempre", "senza", "si", "sia", "siamo", "sono", "sopra",
    "sotto", "sta", "stato", "stessa", "stesso", "su", "sua", "sue", "sui",
    "sul", "sulla", "sulle", "suo", "suoi", "tanto", "tra", "tu", "tutti",
    "tutto", "un", "una", "uno", "verso", "vi", "voi", "è",
};

/* Portuguese: 142 words */
static const char *const stop_pt[] = {
    "a", "ainda", "antes", "ao", "aos", "apenas", "aquela", "aquelas",
    "aquele", "aqueles", "aquilo", "as", "assim", "até", "cada", "com",
    "como", "contra", "da", "das", "de", "dela", "delas", "dele", "deles",
    "depois", "desde", "do", "dos", "durante", "e", "ela", "elas", "ele",
    "eles", "em", "embora", "enquanto", "entre", "então", "era", "eram",
    "essa", "essas", "esse", "esses", "esta", "estas", "este", "estes",
    "está", "estão", "eu", "foi", "foram", "há", "isso", "isto", "já",
    "lhe", "lhes", "lá", "mais", "mas", "me", "mesmo", "meu", "meus",
    "minha", "minhas", "muito", "na", "nas", "nem", "nenhum", "no", "nos",
    "nossa", "nosso", "num", "numa", "não", "nós", "o", "onde", "os", "ou",
    "outra", "outras", "outro", "outros", "para", "pela", "pelas", "pelo",
    "pelos", "pois", "por", "porque", "quais", "qual", "quando", "que",
    "quem", "se", "seja", "sem", "sempre", "ser", "será", "seu", "seus",
    "sobre", "sua", "suas", "são", "só", "também", "tanto", "te", "tem",
    "ter", "toda", "todas", "todo", "todos", "tu", "tua", "tudo", "têm",
    "um", "uma", "umas", "uns", "vai", "você", "vocês", "vos", "vão", "à",
    "às", "é",
};

/* Dutch: 134 words */
static const char *const stop_nl[] = {
    "aan", "al", "alle", "alles", "als", "alsof", "altijd", "andere", "beide",
    "ben", "bij", "binnen", "buiten", "daar", "daarom", "dan", "dat", "de",
    "der", "deze", "dezelfde", "die", "dit", "doch", "doen", "door", "dus",
    "echter", "een", "eens", "elk", "en", "er", "ge", "geen", "geweest",
    "haar", "had", "hadden", "heb", "hebben", "hebt", "heeft", "hem", "hen",
    "het", "hier", "hij", "hoe", "hun", "ieder", "iemand", "iets", "ik", "in",
    "is", "ja", "je", "jij", "jou", "jouw", "kan", "kon", "kunnen", "maar",
    "me", "meer", "men", "met", "mij", "mijn", "moet", "moeten", "mogen",
    "na", "naar", "nadat", "niet", "niets", "nog", "nu", "of", "om", "omdat",
    "onder", "ons", "onze", "ook", "op", "over", "reeds", "sinds", "te",
    "tegen", "tijdens", "toch", "toen", "tot", "tussen", "u", "uit", "uw",
    "van", "veel", "via", "volgens", "voor", "waar", "wanneer", "want",
    "waren", "was", "wat", "we", "wel", "welke", "werd", "wezen", "wie",
    "wij", "wil", "worden", "wordt", "zal", "ze", "zelf", "zich", "zij",
    "zijn", "zo", "zoals", "zonder", "zou", "zullen",
};

/* Russian: 154 words */
static const char *const stop_ru[] = {
    "а", "без", "более", "будет", "будто", "бы",
    "был", "была", "были", "было", "быть", "в", "вам",
    "вас", "вдруг", "ведь", "весь", "во", "вот",
    "впрочем", "все", "всегда", "всего", "всех",
    "всё", "вы", "где", "да", "даже", "для", "до",
    "его", "ее", "если", "есть", "еще", "ещё", "её",
    "же", "за", "здесь", "и", "из", "или", "им", "ими",
    "их", "к", "как", "ко", "когда", "кого", "кому",
    "кто", "ли", "либо", "между", "меня", "мне",
    "много", "может", "мой", "моя", "мы", "на", "над",
    "надо", "нам", "нас", "наш", "не", "него", "нее",
    "ней", "нет", "неё", "ни", "нибудь", "никогда",
    "ним", "них", "но", "ну", "о", "об", "один", "он",
    "она", "они", "оно", "опять", "от", "очень",
    "перед", "по", "под", "после", "потому",
    "почему", "при", "про", "раз", "разве", "с",
    "сам", "сама", "сами", "своего", "своей",
    "свой", "себе", "себя", "сейчас", "со",
    "совсем", "так", "также", "такой", "там", "те",
    "тем", "теперь", "то", "тогда", "того", "тоже",
    "только", "том", "тот", "ту", "тут", "ты", "у",
    "уж", "уже", "хотя", "чего", "чей", "чем", "чему",
    "через", "что", "чтоб", "чтобы", "эта", "эти",
    "этим", "это", "этого", "этой", "этом", "этот",
    "эту", "я",
};

/* Turkish: 116 words */
static const char *const stop_tr[] = {
    "acaba", "ama", "ancak", "arasında", "artık", "aslında", "ayrıca",
    "az", "bana", "bazen", "bazı", "belki", "ben", "benden", "beni", "benim",
    "bile", "bir", "biraz", "biri", "birkaç", "birçok", "birşey", "biz",
    "bize", "bizi", "bu", "buna", "bunda", "bundan", "bunu", "bunun",
    "böyle", "bütün", "da", "daha", "de", "defa", "diye", "diğer", "en",
    "gene", "gibi", "göre", "hangi", "hani", "hem", "hep", "hepsi", "her",
    "hiç", "ile", "ilk", "ise", "için", "kadar", "karşı", "kendi",
    "kendisi", "ki", "kim", "kime", "kimi", "lakin", "madem", "mi", "mu",
    "mü", "mı", "nasıl", "ne", "neden", "neler", "nerde", "nerede",
    "nereye", "niye", "niçin", "o", "olan", "olarak", "oldu", "olduğu",
    "olduğunu", "olmak", "olması", "olur", "onlar", "onları", "onu",
    "onun", "sadece", "sanki", "siz", "sonra", "tarafından", "tüm", "var",
    "ve", "veya", "ya", "yani", "yerine", "yine", "yok", "zaten", "çok",
    "çünkü", "önce", "öyle", "üzere", "şey", "şimdi", "şu", "şunu",
    "şöyle",
};

const sb_stopword_table sb_stopword_tables[SB_STOPWORD_LANGS] = {
    {"en", stop_en, sizeof stop_en / sizeof stop_en[0]},
    {"de", stop_de, sizeof stop_de / sizeof stop_de[0]},
    {"fr", stop_fr, sizeof stop_fr / sizeof stop_fr[0]},
    {"es", stop_es, sizeof stop_es / sizeof stop_es[0]},
    {"it", stop_it, sizeof stop_it / sizeof stop_it[0]},
    {"pt", stop_pt, sizeof stop_pt / sizeof stop_pt[0]},
    {"nl", stop_nl, sizeof stop_nl / sizeof stop_nl[0]},
    {"ru", stop_ru, sizeof stop_ru / sizeof stop_ru[0]},
    {"tr", stop_tr, sizeof stop_tr / sizeof stop_tr[0]},
};
