// render.cpp: the litehtml 0.6 adapter behind render/render.h.
//
// A document_container that measures text with fonts/ and never draws or
// fetches anything, plus the walk that turns litehtml's element tree into
// sb_rnode records.  Every C++ exception stops at this file's boundary.
//
// litehtml 0.6 behaviours this file relies on or works around:
//  - fonts handed to litehtml are deleted by the document's destructor
//    through delete_font; they are kept (and freed) by the container
//    instead, so any late use after the document is gone stays valid;
//  - an element's m_pos is its content box relative to the content box of
//    its parent element, so absolute positions are running sums down the
//    tree; text inside inline elements is positioned the same way and the
//    inline element itself has an empty box, so inline boxes are rebuilt as
//    the union of their fragments;
//  - litehtml offers no way to interrupt it, so the time budget is checked
//    in the callbacks it makes often (fonts, text widths, stylesheets) and
//    enforced by throwing an exception that unwinds litehtml cleanly (its
//    objects are owned by shared_ptr and standard containers); the phase
//    where it builds elements from the prepared tree (document_from_tree)
//    makes no callback that checks, so page size limits bound it instead.

#include <litehtml.h>
#include <litehtml/el_anchor.h>
#include <litehtml/el_base.h>
#include <litehtml/el_before_after.h>
#include <litehtml/el_body.h>
#include <litehtml/el_break.h>
#include <litehtml/el_div.h>
#include <litehtml/el_font.h>
#include <litehtml/el_image.h>
#include <litehtml/el_link.h>
#include <litehtml/el_para.h>
#include <litehtml/el_script.h>
#include <litehtml/el_space.h>
#include <litehtml/el_style.h>
#include <litehtml/el_table.h>
#include <litehtml/el_td.h>
#include <litehtml/el_text.h>
#include <litehtml/el_title.h>
#include <litehtml/el_tr.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <ctime>
#include <memory>
#include <typeinfo>
#include <new>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <link.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

extern "C" {
#include "dom/base/fileio.h"
#include "dom/base/image_size.h"
#include "dom/base/page_heap.h"
#include "render/css_prep.h"
#include "render/prep.h"
#include "render/render.h"
#include "render/ua_sheet.h"
}

namespace {

// While one lives, what the thread allocates goes to its own heap, not to
// the page's (dom/base/page_heap.h): for what outlives the page (the
// thread's caches, the render's result, what the caller's providers
// keep).  Ended by its scope, so also when litehtml or a budget throws.
class on_thread_heap {
public:
    on_thread_heap() : saved_(sb_page_heap_keep_begin()) {}
    ~on_thread_heap() { sb_page_heap_keep_end(saved_); }
    on_thread_heap(const on_thread_heap &) = delete;
    on_thread_heap &operator=(const on_thread_heap &) = delete;

private:
    void *saved_;
};

// The loaded objects' read-only segments (PT_LOAD without PF_W: code and
// constants), listed once when the program starts.  Bytes there do not
// change while the object stays loaded, so a string literal found there
// keeps its text: style_memo::id_of trusts such a pointer without
// comparing the text again.  An object loaded later is simply not listed
// (its strings are compared, as any other).  Plain arrays, made before
// any page's heap exists (dom/base/page_heap.h).
struct ro_segments {
    static const int max = 128;
    uintptr_t lo[max], hi[max];
    int n = 0;

    ro_segments() { dl_iterate_phdr(add, this); }

    static int add(struct dl_phdr_info *info, size_t, void *data)
    {
        ro_segments &r = *static_cast<ro_segments *>(data);
        for (int i = 0; i < info->dlpi_phnum && r.n < max; i++) {
            const ElfW(Phdr) &ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD || (ph.p_flags & PF_W) || !ph.p_memsz)
                continue;
            r.lo[r.n] = (uintptr_t)info->dlpi_addr + (uintptr_t)ph.p_vaddr;
            r.hi[r.n] = r.lo[r.n] + (uintptr_t)ph.p_memsz;
            r.n++;
        }
        return 0;
    }

    // Whether the len bytes at p lie in one read-only segment.
    bool holds(const void *p, size_t len) const
    {
        uintptr_t a = (uintptr_t)p;
        for (int i = 0; i < n; i++)
            if (a >= lo[i] && a < hi[i] && len <= hi[i] - a)
                return true;
        return false;
    }
};
const ro_segments read_only;

struct budget_exceeded {};
struct too_much_css {};

// What litehtml gets back from create_font: the measured font plus the
// request, since several weights may resolve to one face.
struct font_handle {
    sb_font *font;
    int weight;
    int size;
    int draw_id; // index into the kept fonts, -1 until a kept word uses it
};

// What a render keeps for drawing (sb_render_opts.keep_text): the words'
// bytes one after another, and the faces they were measured with.
struct kept_text {
    std::string text;
    std::vector<sb_render_font> fonts;
    kept_text() = default;
    kept_text(const kept_text &) = delete;
    kept_text &operator=(const kept_text &) = delete;
    ~kept_text()
    {
        for (sb_render_font &f : fonts)
            std::free(f.file);
    }
};

// External stylesheets (from the resource provider or css_dir) are capped
// in size, number and total bytes: a page may @import itself in a loop, and
// a saved page's resources are as untrusted as the page.
const size_t max_css_file = 8u << 20;
const size_t max_css_total = 32u << 20;
const int max_imports = 64;
// Different image URLs whose size the provider is asked for; later ones
// keep the default box (each ask may read a file's first bytes).
const size_t max_images = 2000;
// Inline (data:) pictures smaller than this on both sides keep the default
// box: they are placeholders (1 x 1 GIFs, 3 x 2 aspect-ratio PNGs).
const int min_inline_side = 32;

const size_t max_elements = 200000;
const size_t max_floats = 1000;
// Bytes of HTML laid out at most: the cost of one long word grows with
// its length (5 MB: 147 MB peak, 16 MB: 515 MB and past the time budget),
// which the weight below does not see.  The largest corpus page has 1.6 MB;
// a page between this and the DOM step's own cap (16 MB, dom/doc/
// markup_cap.h) goes to the DOM step whole.  Counted on the serialised
// page, where data: URIs are cut short (prep.h): a single-file page's
// pictures are not text to lay out.
const size_t max_html_bytes = 4u << 20;
// The page before serialisation: the DOM step's own cap.
const size_t max_doc_bytes = 16u << 20;
// litehtml makes an element of every word, every white-space character
// and every CJK ideograph (split_text), about 450 bytes each (15 MB of
// short words took 4.6 GB), and an element of markup costs about five times
// as much (2.5 KB: its style).  Both are counted on the serialised page
// before litehtml sees it, since litehtml's parse cannot be interrupted,
// and their weighted sum is capped to keep the render within the per-page
// budget (README: 256 MB peak RSS, 10 s): 50,000 divs take 160 MB and 3.7 s
// to parse.  The largest corpus page weighs about 140,000.
const size_t element_weight = 5;
const size_t max_layout_weight = 330000;
// litehtml matches every selector against every element while it builds
// the document, with no callback in between: 4,000 elements under 16,000
// selectors took 50 s and 670 MB before the first chance to stop.  The
// product is capped; the largest corpus page has 1.6 million.
const size_t max_selector_tests = 5000000;

bool is_html_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// The base64 payload of a "data:image/...;base64," URI, or NULL.
const char *data_uri_base64(const char *src)
{
    while (is_html_space((unsigned char)*src))
        src++;
    if (strncasecmp(src, "data:", 5) != 0)
        return nullptr;
    // the media type is short; the payload may be megabytes: look no further
    const char *comma = static_cast<const char *>(std::memchr(src + 5, ',', strnlen(src + 5, 200)));
    if (!comma)
        return nullptr;
    std::string head(src + 5, comma);
    for (char &c : head)
        c = (char)std::tolower((unsigned char)c);
    if (head.size() < 7 || head.compare(head.size() - 7, 7, ";base64") != 0)
        return nullptr;
    return comma + 1;
}

// The number of text elements litehtml will make of the prepared page's
// text: one per run of other characters, one per white-space character,
// one per CJK ideograph (U+4E00..U+9FCC, three UTF-8 bytes E4..E9).  Style
// and raw text count too, since litehtml splits them the same way.
// count_text_runs' byte classes: 0 a byte of a run, 1 a space
// (is_html_space), 2 a possible ideograph's first byte, 3 the end.
struct run_classes {
    unsigned char of[256];
    run_classes()
    {
        for (int c = 0; c < 256; c++)
            of[c] = is_html_space((unsigned char)c) ? 1 : c >= 0xE4 && c <= 0xE9 ? 2 : 0;
        of[0] = 3;
    }
};
const run_classes run_class;

size_t count_text_runs(const char *text)
{
    size_t runs = 0;
    bool in_word = false;
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        if (run_class.of[*p] == 0) { // a run's bytes up to the next other one
            if (!in_word)
                runs++;
            in_word = true;
            do
                p++;
            while (run_class.of[*p] == 0);
        } else if (is_html_space(*p)) {
            runs++;
            in_word = false;
            p++;
        } else if (*p >= 0xE4 && *p <= 0xE9 && p[1] >= 0x80 && p[2] >= 0x80) {
            unsigned cp = ((*p & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
            if (cp >= 0x4E00 && cp <= 0x9FCC) {
                runs++;
                in_word = false;
            } else if (!in_word) {
                runs++;
                in_word = true;
            }
            p += 3;
        } else {
            if (!in_word)
                runs++;
            in_word = true;
            p++;
        }
    }
    return runs;
}

// The same over every text of the prepared tree.
size_t count_tree_runs(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_TEXT)
        return count_text_runs(n->v.text.text);
    if (n->type != GUMBO_NODE_ELEMENT)
        return 0;
    size_t runs = 0;
    const GumboVector &kids = n->v.element.children;
    for (unsigned i = 0; i < kids.length; i++)
        runs += count_tree_runs(static_cast<const GumboNode *>(kids.data[i]));
    return runs;
}

// litehtml 0.6 builds a document from HTML text only (createFromUTF8: its
// own gumbo parse, then document::create_node over the parse's tree, then
// the stylesheets and styles).  The page is already parsed and prepared as
// a tree (prep_tree.h), so document_from_tree below does what
// createFromUTF8 does after its parse, in the same order, with the
// prepared tree in place of the parse.  create_node and the members it
// needs are private; an explicit instantiation may name private members
// (C++ [temp.spec]), and the friend function it defines hands the member
// pointer out.  A litehtml whose members differ fails to compile here.
template <class Tag, typename Tag::type M> struct private_member {
    friend typename Tag::type member_of(Tag) { return M; }
};
// SB_MEMBER_OF(tag, pointer type, Class::member): member_of(tag{}) gives
// that member's pointer.
#define SB_MEMBER_OF(tag, type_, qualified_member)                                              \
    struct tag {                                                                               \
        using type = type_;                                                                    \
        friend type member_of(tag);                                                            \
    };                                                                                         \
    template struct private_member<tag, &qualified_member>
#define SB_PRIVATE_MEMBER(tag, type_, member) SB_MEMBER_OF(tag, type_, litehtml::document::member)
SB_PRIVATE_MEMBER(doc_create_node,
                  void (litehtml::document::*)(void *, litehtml::elements_vector &, bool),
                  create_node);
SB_PRIVATE_MEMBER(doc_root, litehtml::element::ptr litehtml::document::*, m_root);
SB_PRIVATE_MEMBER(doc_css, litehtml::css_text::vector litehtml::document::*, m_css);
SB_PRIVATE_MEMBER(doc_styles, litehtml::css litehtml::document::*, m_styles);
SB_PRIVATE_MEMBER(doc_media, litehtml::media_features litehtml::document::*, m_media);
SB_PRIVATE_MEMBER(doc_media_lists, litehtml::media_query_list::vector litehtml::document::*,
                  m_media_lists);
SB_PRIVATE_MEMBER(doc_update_media_lists,
                  bool (litehtml::document::*)(const litehtml::media_features &),
                  update_media_lists);
SB_PRIVATE_MEMBER(doc_fix_tables_layout, void (litehtml::document::*)(), fix_tables_layout);
SB_PRIVATE_MEMBER(doc_tabular, litehtml::elements_vector litehtml::document::*,
                  m_tabular_elements);
#undef SB_PRIVATE_MEMBER
// litehtml::css's one member, its selectors in cascade order (no setter
// that keeps m_order: add_selector renumbers).
SB_MEMBER_OF(css_selectors, litehtml::css_selector::vector litehtml::css::*, litehtml::css::m_selectors);
// A word's members, written by memo_element::style_words as
// el_text::parse_styles writes them.
#define SB_TEXT_MEMBER(tag, type_, member)                                                      \
    SB_MEMBER_OF(tag, type_ litehtml::el_text::*, litehtml::el_text::member)
SB_TEXT_MEMBER(text_text, litehtml::tstring, m_text);
SB_TEXT_MEMBER(text_transformed, litehtml::tstring, m_transformed_text);
SB_TEXT_MEMBER(text_size, litehtml::size, m_size);
SB_TEXT_MEMBER(text_transform, litehtml::text_transform, m_text_transform);
SB_TEXT_MEMBER(text_use_transformed, bool, m_use_transformed);
SB_TEXT_MEMBER(text_draw_spaces, bool, m_draw_spaces);
#undef SB_TEXT_MEMBER
// An element's own declarations, for sb_render_check_style_lookups.
SB_MEMBER_OF(tag_style, litehtml::style litehtml::html_tag::*, litehtml::html_tag::m_style);
// A picture's address (memo_element::image_loaded).
SB_MEMBER_OF(image_src, litehtml::tstring litehtml::el_image::*, litehtml::el_image::m_src);
// An element's children (element.h), reserved by make_nodes.
SB_MEMBER_OF(elem_children, litehtml::elements_vector litehtml::element::*, litehtml::element::m_children);
SB_MEMBER_OF(tag_attrs, litehtml::string_map litehtml::html_tag::*, litehtml::html_tag::m_attrs);
SB_MEMBER_OF(tag_classes, litehtml::string_vector litehtml::html_tag::*, litehtml::html_tag::m_class_values);
// An element's box, kept and set by layout_pending.
SB_MEMBER_OF(elem_pos, litehtml::position litehtml::element::*, litehtml::element::m_pos);
SB_MEMBER_OF(elem_margins, litehtml::margins litehtml::element::*, litehtml::element::m_margins);
SB_MEMBER_OF(elem_padding, litehtml::margins litehtml::element::*, litehtml::element::m_padding);
SB_MEMBER_OF(elem_borders, litehtml::margins litehtml::element::*, litehtml::element::m_borders);

struct style_memo;
// Selector matching by candidates (sheet_index below): set while a sheet
// is applied from the root, dropped after.
void memo_index_sheet(style_memo *memo, const litehtml::css &sheet);
void memo_drop_index(style_memo *memo);
void memo_applying_ua(style_memo *memo, bool on);
// The document whose tabular elements the computed styles' sharing reads.
void memo_set_document(style_memo *memo, litehtml::document *doc);
// The elements of the prepared tree, as create_node makes them (below).
void make_nodes(GumboNode *node, const litehtml::document::ptr &doc,
                litehtml::document_container *cont, style_memo *memo,
                litehtml::elements_vector &out, bool parse_text);

// The page's sheets parsed without litehtml's quadratic selector parse.
//
// litehtml 0.6's css_selector::parse splits the selector's text into
// compounds and combinators, keeps the last compound, and parses all that
// is left of it *again* as a new selector, recursively: a selector of k
// compounds is split k times, each split allocating a string per token
// and rebuilding the left part with string appends (about 10,000
// instructions per compound on news sheets: 76 M of the 83 M that
// parse_stylesheet cost on the eleven trafilatura pages of
// docs/render_cost.md).  This is litehtml's parse_stylesheet,
// parse_atrule and parse_selectors as litehtml 0.6 writes them (their
// calls checked against liblitehtml's disassembly), with css_selector's
// parse replaced by fast_selector_parse: the same recursion over the same
// texts, but the text split once, by one scan into offsets kept in a
// reused buffer, and each left part passed on as the offsets of its
// tokens, not rebuilt and split again.  What each
// level does is litehtml's, step by step (split_string's tokens with its
// bracket rule, the combinator chosen among the separators, trim's
// characters, the compound parsed by litehtml's own
// css_element_selector::parse), so the selectors are the same objects
// field by field; sb_render_check_sheet_parse compares them with
// litehtml's own parse of every sheet of a page (and test_sheet_parse
// on samples/layout/sheet_parse.html, made of the corner cases).
struct sel_span {
    size_t b, e;
};

// litehtml's trim: " \n\r\t" off both ends, nothing when all of it is.
void trim_span(const std::string &s, size_t &b, size_t &e)
{
    size_t i = b;
    while (i < e && std::strchr(" \n\r\t", s[i]) && s[i])
        i++;
    if (i == e)
        return; // all white: litehtml's trim leaves it
    size_t j = e;
    while (j > i && std::strchr(" \n\r\t", s[j - 1]) && s[j - 1])
        j--;
    b = i;
    e = j;
}

// litehtml's find_close_bracket over s[off, e).
size_t close_bracket(const std::string &s, size_t off, size_t e, char open, char close)
{
    int cnt = 0;
    for (size_t i = off; i < e; i++) {
        if (s[i] == open)
            cnt++;
        else if (s[i] == close && --cnt == 0)
            return i;
    }
    return std::string::npos;
}

inline bool sel_delim(char c)
{
    return c == ' ' || c == '\t' || c == '>' || c == '+' || c == '~' || c == '(' || c == '[';
}

size_t next_delim(const std::string &s, size_t from, size_t e)
{
    for (size_t i = from; i < e; i++)
        if (sel_delim(s[i]))
            return i;
    return std::string::npos;
}

// split_string(s[b, e), tokens, "", " \t>+~", "([") as offsets.
void split_selector(const std::string &s, size_t b, size_t e, std::vector<sel_span> &out)
{
    out.clear();
    if (b >= e)
        return;
    const size_t npos = std::string::npos;
    size_t start = b;
    size_t end = next_delim(s, start, e);
    for (;;) {
        while (end != npos && (s[end] == '(' || s[end] == '[')) {
            end = s[end] == '(' ? close_bracket(s, end, e, '(', ')')
                                : close_bracket(s, end, e, '[', ']');
            if (end != npos)
                end = next_delim(s, end + 1, e);
        }
        size_t tok_e = end == npos ? e : end;
        if (tok_e > start)
            out.push_back({start, tok_e});
        if (end != npos)
            out.push_back({end, end + 1}); // a kept separator
        if (end == npos)
            break;
        start = end + 1;
        if (start == e)
            break;
        end = next_delim(s, start, e);
    }
}

bool is_combinator_token(const std::string &s, const sel_span &t)
{
    if (t.e - t.b != 1)
        return false;
    char c = s[t.b];
    return c == ' ' || c == '\t' || c == '+' || c == '~' || c == '>';
}

// css_selector::parse(s[b, e)) into sel, as litehtml's.
// tokens: split_selector's of s[b, e) when split is false (the tokens of
// a longer text that begins at b, cut at e: see below).
bool fast_selector_parse(litehtml::css_selector &sel, const std::string &s, size_t b, size_t e,
                         std::vector<sel_span> &tokens, std::string &right, bool split = true)
{
    if (b >= e)
        return false;
    if (split)
        split_selector(s, b, e, tokens);
    if (tokens.empty())
        return false;
    sel_span r = tokens.back();
    tokens.pop_back();
    char combinator = 0;
    while (!tokens.empty() && is_combinator_token(s, tokens.back())) {
        if (combinator == ' ' || combinator == 0)
            combinator = s[tokens.back().b];
        tokens.pop_back();
    }
    // the tokens cover the text without gaps, so what is left of them is
    // the text from b to the end of the last one
    size_t lb = b, le = tokens.empty() ? b : tokens.back().e;
    if (le > lb)
        trim_span(s, lb, le);
    trim_span(s, r.b, r.e);
    if (r.e <= r.b)
        return false;
    right.assign(s, r.b, r.e - r.b);
    sel.m_right.parse(right);
    switch (combinator) {
    case '>':
        sel.m_combinator = litehtml::combinator_child;
        break;
    case '+':
        sel.m_combinator = litehtml::combinator_adjacent_sibling;
        break;
    case '~':
        sel.m_combinator = litehtml::combinator_general_sibling;
        break;
    default:
        sel.m_combinator = litehtml::combinator_descendant;
        break;
    }
    sel.m_left = nullptr;
    if (le > lb) {
        sel.m_left =
            std::make_shared<litehtml::css_selector>(litehtml::media_query_list::ptr(nullptr), "");
        // The left part's own split, litehtml's next level, is the tokens
        // left here, those past le dropped and the last cut at le: a split
        // of a text's beginning finds the same separators up to its end, a
        // bracket closed before le closes at the same place, and one not
        // closed would have run to the end of the whole text, into the
        // right part.  le only drops white space (trim), never a bracket.
        // When trim moved the start too (a text of white space only, which
        // trim leaves whole), the left part is split again.
        bool again = lb != b;
        if (!again) {
            while (!tokens.empty() && tokens.back().b >= le)
                tokens.pop_back();
            if (!tokens.empty() && tokens.back().e > le)
                tokens.back().e = le;
        }
        if (!fast_selector_parse(*sel.m_left, s, lb, le, tokens, right, again))
            return false;
    }
    return true;
}

struct sheet_parser {
    litehtml::css &css;
    std::vector<sel_span> tokens;
    std::string right;

    // css::parse_selectors
    bool selectors(const std::string &txt, const std::string &styles,
                   const litehtml::media_query_list::ptr &media, const std::string &baseurl)
    {
        std::string selector = txt;
        litehtml::trim(selector);
        litehtml::string_vector toks;
        litehtml::split_string(selector, toks, ",");
        bool added = false;
        litehtml::css_selector::vector &sels = css.*member_of(css_selectors{});
        for (std::string &tok : toks) {
            auto sel = std::make_shared<litehtml::css_selector>(media, baseurl);
            sel->m_style = styles;
            litehtml::trim(tok);
            if (fast_selector_parse(*sel, tok, 0, tok.size(), tokens, right)) {
                sel->calc_specificity();
                sel->m_order = (int)sels.size(); // css::add_selector
                sels.push_back(sel);
                added = true;
            }
        }
        return added;
    }

    // css::parse_stylesheet
    void sheet(const char *str, const char *baseurl, const litehtml::document::ptr &doc,
               const litehtml::media_query_list::ptr &media)
    {
        const size_t npos = std::string::npos;
        std::string text = str;
        size_t c_start = text.find("/*");
        while (c_start != npos) {
            size_t c_end = text.find("*/", c_start + 2);
            // an unclosed comment runs to the end (litehtml's arithmetic
            // on npos does the same for most starts, but loops at 1)
            text.erase(c_start, c_end == npos ? npos : c_end - c_start + 2);
            c_start = text.find("/*");
        }
        size_t pos = text.find_first_not_of(" \n\r\t");
        while (pos != npos) {
            while (pos != npos && text[pos] == '@') {
                size_t s_pos = pos;
                pos = text.find_first_of("{;", pos);
                if (pos != npos && text[pos] == '{')
                    pos = litehtml::find_close_bracket(text, pos, '{', '}');
                if (pos != npos)
                    atrule(text.substr(s_pos, pos - s_pos + 1), baseurl, doc, media);
                else
                    atrule(text.substr(s_pos), baseurl, doc, media);
                if (pos != npos)
                    pos = text.find_first_not_of(" \n\r\t", pos + 1);
            }
            if (pos == npos)
                break;
            size_t style_start = text.find('{', pos);
            size_t style_end = text.find('}', pos);
            if (style_start != npos && style_end != npos) {
                selectors(text.substr(pos, style_start - pos),
                          text.substr(style_start + 1, style_end - style_start - 1), media,
                          baseurl);
                if (media && doc)
                    doc->add_media_list(media);
                pos = style_end + 1;
            } else {
                pos = npos;
            }
            if (pos != npos)
                pos = text.find_first_not_of(" \n\r\t", pos);
        }
    }

    // css::parse_atrule
    void atrule(const std::string &text, const char *baseurl, const litehtml::document::ptr &doc,
                const litehtml::media_query_list::ptr &media)
    {
        const size_t npos = std::string::npos;
        if (text.substr(0, 7) == "@import") {
            std::string istr = text.substr(7);
            if (istr[istr.length() - 1] == ';')
                istr.erase(istr.length() - 1);
            litehtml::trim(istr);
            litehtml::string_vector toks;
            litehtml::split_string(istr, toks, " ", "", "(\"");
            if (toks.empty())
                return;
            std::string url;
            litehtml::css::parse_css_url(toks.front(), url);
            if (url.empty())
                url = toks.front();
            toks.erase(toks.begin());
            if (!doc)
                return;
            litehtml::document_container *cont = doc->container();
            if (!cont)
                return;
            std::string css_text, css_baseurl;
            if (baseurl)
                css_baseurl = baseurl;
            cont->import_css(css_text, url, css_baseurl);
            if (css_text.empty())
                return;
            litehtml::media_query_list::ptr new_media = media;
            if (!toks.empty()) {
                std::string media_str;
                for (auto it = toks.begin(); it != toks.end(); ++it) {
                    if (it != toks.begin())
                        media_str += " ";
                    media_str += *it;
                }
                new_media = litehtml::media_query_list::create_from_string(media_str, doc);
                if (!new_media)
                    new_media = media;
            }
            sheet(css_text.c_str(), css_baseurl.c_str(), doc, new_media);
        } else if (text.substr(0, 6) == "@media") {
            size_t b1 = text.find_first_of('{');
            size_t b2 = text.find_last_of('}');
            if (b1 == npos)
                return;
            std::string media_type = text.substr(6, b1 - 6);
            litehtml::trim(media_type);
            litehtml::media_query_list::ptr new_media =
                litehtml::media_query_list::create_from_string(media_type, doc);
            std::string media_style =
                b2 != npos ? text.substr(b1 + 1, b2 - b1 - 1) : text.substr(b1 + 1);
            sheet(media_style.c_str(), baseurl, doc, new_media);
        }
    }
};

// litehtml's css::parse_stylesheet, selectors parsed in one pass each.
void parse_sheet(litehtml::css &css, const char *str, const char *baseurl,
                 const litehtml::document::ptr &doc, const litehtml::media_query_list::ptr &media)
{
    sheet_parser p{css, {}, {}};
    p.sheet(str, baseurl, doc, media);
}

// Set by sb_render_check_sheet_parse: document_from_tree also parses the
// page's sheets by litehtml's own parse_stylesheet into it.
thread_local litehtml::css *sheet_parse_check = nullptr;
thread_local litehtml::css *sheet_parse_ours = nullptr;

// litehtml's document::fix_tables_layout, its anonymous boxes styled by
// style_port (below); litehtml's own without a memo or without sharing.
void fix_tables(litehtml::document &d, style_memo *memo);

// done: NULL, or the prepared tree root is part of, which is then freed
// (and set to NULL) as soon as the elements are made.
litehtml::document::ptr document_from_tree(GumboNode *root, litehtml::document_container *cont,
                                           litehtml::context *ctx, style_memo *memo,
                                           sb_ptree **done = nullptr)
{
    litehtml::document::ptr doc = std::make_shared<litehtml::document>(cont, ctx);
    litehtml::document &d = *doc;
    litehtml::elements_vector made;
    if (memo)
        make_nodes(root, doc, cont, memo, made, true);
    else // litehtml's own classes (sb_render_check_style_lookups' reference)
        (d.*member_of(doc_create_node{}))(root, made, true);
    // The elements hold copies of every name, value and text (set_attr,
    // el_text), nothing of the tree.  Freed here rather than once the
    // document is built, the tree (7 MB on wikipedia-2, 9,400 elements
    // and 38,000 words) is not live while the styles are computed, the
    // layout runs and the nodes are taken: the memory it leaves serves
    // them (wikipedia-2's peak RSS 70.4 -> 64.0 MB; docs/render_cost.md,
    // fifteenth round, task h1b).
    if (done) {
        sb_ptree_free(*done);
        *done = nullptr;
    }
    litehtml::element::ptr &top = d.*member_of(doc_root{});
    if (!made.empty())
        top = made.back();
    if (!top)
        return doc;
    litehtml::media_features &media = d.*member_of(doc_media{});
    litehtml::css &styles = d.*member_of(doc_styles{});
    cont->get_media_features(media);
    top->set_pseudo_class("root", true);
    memo_index_sheet(memo, ctx->master_css());
    memo_applying_ua(memo, true);
    top->apply_stylesheet(ctx->master_css());
    memo_applying_ua(memo, false);
    memo_drop_index(memo);
    top->parse_attributes();
    for (const litehtml::css_text &css : d.*member_of(doc_css{})) {
        litehtml::media_query_list::ptr list;
        if (!css.media.empty())
            list = litehtml::media_query_list::create_from_string(css.media, doc);
        parse_sheet(styles, css.text.c_str(), css.baseurl.c_str(), doc, list);
        if (sheet_parse_check)
            sheet_parse_check->parse_stylesheet(css.text.c_str(), css.baseurl.c_str(), doc, list);
    }
    styles.sort_selectors();
    if (sheet_parse_check) {
        sheet_parse_check->sort_selectors();
        *sheet_parse_ours = styles;
    }
    if (!(d.*member_of(doc_media_lists{})).empty())
        (d.*member_of(doc_update_media_lists{}))(media);
    memo_index_sheet(memo, styles);
    top->apply_stylesheet(styles);
    memo_drop_index(memo);
    memo_set_document(memo, &d);
    top->parse_styles();
    fix_tables(d, memo);
    top->init();
    return doc;
}

// Memoised inherited style lookups.
//
// litehtml 0.6 answers an inherited property (font, color, white-space,
// visibility, text-transform...) by asking the parent, which asks its
// parent, up to the first element that sets it or to the root: every
// element and every word of the page does this for about twenty
// properties, through a std::map of strings and a shared_ptr per level.
// On news pages, nested twenty or thirty levels deep, this walk was the
// largest single cost of the render (html_tag::parse_styles: about half
// of litehtml's document creation).  Our element classes remember, per
// element, what each inherited lookup found, so a lookup costs one level.
//
// Correct because the answer cannot change once styles are computed: the
// walk runs only after every stylesheet has been applied (the first
// parse_styles call, which is the root's, opens the memo), each element
// adds its style="" declarations at the start of its own parse_styles,
// before it or its descendants (parsed after it) ask anything, and
// nothing changes an inherited property afterwards (limit_floats only
// changes float).  A memo keeps the answer without the caller's default,
// so every default stays the caller's.
// Selector matching by candidates.
//
// litehtml 0.6 matches every selector of a sheet against every element
// (html_tag::apply_stylesheet): on styled news pages about eighty
// selectors per element after css_prep's pruning, the largest single cost
// of the render.  A selector can match only an element that has what its
// rightmost compound names: its id, its first class, its tag.  So the
// selectors are filed once per sheet by that key (ASCII case folded,
// litehtml compares ids and classes ignoring case: a key folded too much
// only adds candidates), and each element is handed a sheet of its
// candidates, those filed under its id, its classes, its tag or under no
// key, in the sheet's order.  The others fail at their rightmost compound
// (select_no_match), which leaves no trace on the element, so the
// element ends up with the same declarations in the same order.
//
// Ancestors too: a compound left of a descendant or child combinator
// (".menu a", "ul > li.x") must match an ancestor of the element (one
// left of a sibling combinator may be a sibling's ancestor, which is the
// element's too; one whose own right is a sibling combinator need not be,
// and is not required).  Each such compound's id, classes and tag are
// filed with the selector (need), and while the sheet is applied from the
// root the keys of the element's ancestors are counted in a small table
// (anc, by the key's low bits: keys sharing a slot only keep candidates).
// A candidate one of whose needed keys no ancestor has would fail in
// find_ancestor after walking to the root; it is left out.  The counts
// are kept by our elements' apply_stylesheet (enter, leave); when an
// element's parent is not the one last entered (an element of litehtml's
// own class between), the ancestors are not all counted and nothing is
// left out below it (broken).
struct sheet_index {
    const litehtml::css *full = nullptr;
    std::vector<int> any; // selectors with no key
    // by a hash of the key ('i', 'c' or 't', then the name folded): two
    // keys with one hash share a list, which only adds candidates
    std::unordered_map<uint64_t, std::vector<int>> by_key;
    // per selector: its needed ancestor keys, need[need_at[i]..need_at[i+1])
    std::vector<uint64_t> need;
    std::vector<size_t> need_at;
    static constexpr size_t anc_slots = 4096;
    std::vector<uint32_t> anc = std::vector<uint32_t>(anc_slots, 0);
    std::vector<uint64_t> anc_keys;          // the entered elements' keys
    std::vector<size_t> anc_frame;           // where each element's keys start
    std::vector<const litehtml::element *> anc_el;
    std::vector<bool> anc_ok;                // its parent was the one entered before
    size_t broken = 0;                       // entered elements not ok
    // Set by sb_render_check_never_applied: the rules never_applied leaves
    // out are filed too, and candidates hands them apart (never_out).
    bool file_never = false;
    std::vector<uint8_t> never;         // per selector: never_applied
    mutable std::vector<int> never_out; // an element's candidates left out

    // Whether litehtml never applies sel to any element of our renders.
    // html_tag::apply_stylesheet applies a rule that select(rule, false)
    // answers with select_match_pseudo_class only when select(rule, true)
    // matches too.  With pseudo-classes applied, select decides litehtml's
    // structural ones itself (the names of pseudo_class_strings:
    // only-child, first-child, nth-child, not, lang...) and matches any
    // other pseudo-class only when the element holds that very text among
    // its pseudo-classes, which litehtml sets to root, link, hover and
    // active only (nothing of ours sets another; a page is never hovered).
    // So a compound holding a pseudo-class of another name (:where(...),
    // :is(...), :focus, :visited, :checked...) matches no element with
    // pseudo-classes applied, and the whole rule matches none: not the
    // element for the rightmost compound, no parent, ancestor or sibling
    // for the others (find_ancestor and find_sibling ask each with
    // pseudo-classes applied).  Such a rule leaves no declaration and no
    // ::before or ::after on any element (litehtml only records it among
    // the element's used selectors, read when the pointer moves), and is
    // filed under no key: no element takes it as a candidate.
    // sb_render_check_never_applied asks litehtml both selects for every
    // such (element, rule) pair the candidates would otherwise hold.
    static bool never_applied(const litehtml::css_selector &sel)
    {
        static const char *const known[] = {"only-child",       "only-of-type", "first-child",
                                            "first-of-type",    "last-child",   "last-of-type",
                                            "nth-child",        "nth-of-type",  "nth-last-child",
                                            "nth-last-of-type", "not",          "lang"};
        static const char *const held[] = {"root", "link", "hover", "active"};
        for (const litehtml::css_selector *p = &sel; p; p = p->m_left.get())
            for (const litehtml::css_attribute_selector &a : p->m_right.m_attrs) {
                if (a.condition != litehtml::select_pseudo_class)
                    continue;
                // the name as select takes it: up to '(', trimmed by
                // litehtml's trim, compared whole (value_index)
                std::string name = a.val.substr(0, a.val.find('('));
                litehtml::trim(name);
                bool structural = false;
                for (const char *k : known)
                    if (name == k)
                        structural = true;
                bool set = false;
                for (const char *h : held)
                    if (a.val == h)
                        set = true;
                if (!structural && !set)
                    return true;
            }
        return false;
    }

    // an element's keys: tag, id, each class (any white space separates
    // classes here: more keys than litehtml's own split only keep more)
    static void element_keys(const litehtml::element &el, std::vector<uint64_t> &out)
    {
        if (const char *tag = el.get_tagName())
            out.push_back(key('t', tag, std::strlen(tag)));
        if (const char *id = el.get_attr("id"))
            out.push_back(key('i', id, std::strlen(id)));
        if (const char *cls = el.get_attr("class")) {
            for (const char *p = cls; *p;) {
                while (*p && std::isspace((unsigned char)*p))
                    p++;
                const char *b = p;
                while (*p && !std::isspace((unsigned char)*p))
                    p++;
                if (p > b)
                    out.push_back(key('c', b, (size_t)(p - b)));
            }
        }
    }

    // the keys a compound's element must have (a class token holding white
    // space, which the element's split above never gives, is not required)
    static void compound_needs(const litehtml::css_element_selector &r, std::vector<uint64_t> &out)
    {
        for (const litehtml::css_attribute_selector &a : r.m_attrs) {
            if (a.condition != litehtml::select_equal)
                continue;
            if (a.attribute == "id") {
                out.push_back(key('i', a.val.data(), a.val.size()));
            } else if (a.attribute == "class") {
                for (const std::string &c : a.class_val) {
                    bool plain = !c.empty();
                    for (char ch : c)
                        if (std::isspace((unsigned char)ch))
                            plain = false;
                    if (plain)
                        out.push_back(key('c', c.data(), c.size()));
                }
            }
        }
        if (!r.m_tag.empty() && r.m_tag != "*")
            out.push_back(key('t', r.m_tag.data(), r.m_tag.size()));
    }

    // el's keys are anc_keys[from..], appended by element_keys
    void enter(const litehtml::element &el, const litehtml::element *parent, size_t from)
    {
        bool ok = anc_el.empty() ? parent == nullptr : anc_el.back() == parent;
        anc_el.push_back(&el);
        anc_ok.push_back(ok);
        if (!ok)
            broken++;
        anc_frame.push_back(from);
        for (size_t i = from; i < anc_keys.size(); i++)
            anc[anc_keys[i] & (anc_slots - 1)]++;
    }

    void leave()
    {
        size_t from = anc_frame.back();
        for (size_t i = from; i < anc_keys.size(); i++)
            anc[anc_keys[i] & (anc_slots - 1)]--;
        anc_keys.resize(from);
        anc_frame.pop_back();
        if (!anc_ok.back())
            broken--;
        anc_ok.pop_back();
        anc_el.pop_back();
    }

    // whether every ancestor key selector i needs is counted
    bool ancestors_may_match(int i) const
    {
        for (size_t j = need_at[(size_t)i]; j < need_at[(size_t)i + 1]; j++)
            if (!anc[need[j] & (anc_slots - 1)])
                return false;
        return true;
    }

    static uint64_t key(char kind, const char *s, size_t n)
    {
        uint64_t h = 14695981039346656037ull;
        h = (h ^ (unsigned char)kind) * 1099511628211ull;
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c >= 'A' && c <= 'Z')
                c = (unsigned char)(c - 'A' + 'a');
            h = (h ^ c) * 1099511628211ull;
        }
        return h;
    }

    sheet_index(const litehtml::css &sheet, bool check) : full(&sheet), file_never(check)
    {
        const litehtml::css_selector::vector &sels = sheet.selectors();
        for (size_t i = 0; i < sels.size(); i++) {
            never.push_back(never_applied(*sels[i]));
            const litehtml::css_element_selector &r = sels[i]->m_right;
            bool keyed = false;
            uint64_t k = 0;
            for (const litehtml::css_attribute_selector &a : r.m_attrs)
                if (a.condition == litehtml::select_equal && a.attribute == "id") {
                    k = key('i', a.val.data(), a.val.size());
                    keyed = true;
                    break;
                }
            if (!keyed)
                for (const litehtml::css_attribute_selector &a : r.m_attrs)
                    if (a.condition == litehtml::select_equal && a.attribute == "class" &&
                        !a.class_val.empty() && !a.class_val[0].empty()) {
                        k = key('c', a.class_val[0].data(), a.class_val[0].size());
                        keyed = true;
                        break;
                    }
            if (!keyed && !r.m_tag.empty() && r.m_tag != "*") {
                k = key('t', r.m_tag.data(), r.m_tag.size());
                keyed = true;
            }
            // a rule never applied is a candidate of no element
            if (never.back() && !file_never) {
            } else if (keyed) {
                by_key[k].push_back((int)i);
            } else {
                any.push_back((int)i);
            }
            need_at.push_back(need.size());
            for (const litehtml::css_selector *s = sels[i].get(); s->m_left; s = s->m_left.get())
                if (s->m_combinator == litehtml::combinator_descendant ||
                    s->m_combinator == litehtml::combinator_child)
                    compound_needs(s->m_left->m_right, need);
        }
        need_at.push_back(need.size());
    }

    // The selectors el may match, in the sheet's order, into out.
    // keys: the element's n keys (element_keys); ancestors: whether the counted
    // ancestor keys are the element's ancestors' (its parent is the last
    // entered and none entered is broken)
    void candidates(const uint64_t *keys, size_t n, bool ancestors, std::vector<int> &out) const
    {
        out.clear();
        lists.clear();
        if (!any.empty())
            lists.push_back(&any);
        for (size_t j = 0; j < n; j++) {
            auto it = by_key.find(keys[j]);
            if (it != by_key.end())
                lists.push_back(&it->second);
        }
        // each list is in the sheet's order, without repeats; two or more
        // are merged in that order, a selector in two lists (a class
        // written twice, keys sharing a hash) kept once.  A merge of sorted
        // lists, not a sort of their concatenation: sorting was half of
        // this function's cost on styled pages.
        const std::vector<int> *ids = lists.empty() ? &any : lists[0];
        if (lists.size() > 1) {
            merged.assign(lists[0]->begin(), lists[0]->end());
            for (size_t j = 1; j < lists.size(); j++) {
                spare.clear();
                std::set_union(merged.begin(), merged.end(), lists[j]->begin(), lists[j]->end(),
                               std::back_inserter(spare));
                merged.swap(spare);
            }
            ids = &merged;
        }
        never_out.clear();
        for (int i : *ids)
            if (!ancestors || ancestors_may_match(i)) {
                if (never[(size_t)i])
                    never_out.push_back(i); // filed only for the check
                else
                    out.push_back(i);
            }
    }

    // candidates' work space, kept between elements to save allocations
    mutable std::vector<const std::vector<int> *> lists;
    mutable std::vector<int> merged, spare;
    // an element's candidates, by their place in the sheet (the element's
    // rules are applied before its children's candidates are taken)
    std::vector<int> picked;
};

// Our elements and words (make_nodes) are made in blocks of a per-document
// arena, held by the page's style_memo (declared before the document, so
// freed after it): std::allocate_shared puts each object and its control
// block at the arena's next free bytes, deallocation does nothing, and the
// blocks are freed together with the memo.  Objects are destroyed as
// before (their destructors free what they own); only the memory of the
// objects themselves is the arena's.  64 KB blocks; an object over a
// quarter block gets a block of its own.
class node_arena {
public:
    node_arena() = default;
    node_arena(const node_arena &) = delete;
    node_arena &operator=(const node_arena &) = delete;
    ~node_arena()
    {
        for (char *b : blocks_)
            std::free(b);
    }
    void *take(size_t n, size_t align)
    {
        size_t pad = (align - (reinterpret_cast<uintptr_t>(cur_) & (align - 1))) & (align - 1);
        if (cur_ && pad + n <= left_) {
            void *p = cur_ + pad;
            cur_ += pad + n;
            left_ -= pad + n;
            return p;
        }
        if (n > block_size / 4) {
            char *b = static_cast<char *>(sb_xmalloc(n));
            blocks_.push_back(b);
            return b;
        }
        char *b = static_cast<char *>(sb_xmalloc(block_size));
        blocks_.push_back(b);
        cur_ = b + n; // malloc's alignment (16) covers every object here
        left_ = block_size - n;
        return b;
    }

private:
    static constexpr size_t block_size = 64 * 1024;
    std::vector<char *> blocks_;
    char *cur_ = nullptr;
    size_t left_ = 0;
};

template <class T> struct arena_alloc {
    using value_type = T;
    node_arena *arena;
    explicit arena_alloc(node_arena *a) : arena(a) {}
    template <class U> arena_alloc(const arena_alloc<U> &o) : arena(o.arena) {}
    T *allocate(size_t n)
    {
        static_assert(alignof(T) <= 16, "the arena's blocks are aligned to 16");
        return static_cast<T *>(arena->take(n * sizeof(T), alignof(T)));
    }
    void deallocate(T *, size_t) {}
    template <class U> bool operator==(const arena_alloc<U> &o) const { return arena == o.arena; }
    template <class U> bool operator!=(const arena_alloc<U> &o) const { return arena != o.arena; }
};

class layout_pending;

struct style_memo {
    node_arena arena; // first: freed last, after whatever else the memo holds
    std::unique_ptr<sheet_index> index; // while a sheet is applied from the root
    bool open = false;   // styles computed: lookups may be remembered
    size_t unstyled = 0; // subtrees left unstyled inside hidden elements
    // Computed styles shared (memo_element::parse_styles): an element's
    // style class (share_id), the class of the element whose children are
    // being styled, and the first element styled of each key.
    bool share = true;
    size_t shared = 0; // elements that took their computed style from another
    // The layout's answers from earlier layouts (memo_element::render):
    // 0 before the root's layout, 1 during it, 2 after it (render_positioned
    // and later: litehtml's own renders); how many renders were answered.
    int layout = 0;
    size_t renders_answered = 0;
    std::vector<layout_pending *> pending; // answered, maybe not laid out
    int next_share_id = 1;
    const litehtml::element *share_parent = nullptr;
    int share_parent_id = 0;
    int share_parent_inh = 0; // its inherit class (0: unknown)
    std::unordered_map<uint64_t, litehtml::element *> share_first;
    // Inherit classes (memo_element::inherit_class): what an element hands
    // its children, by a hash of its parent's inherit class, its font size
    // and the declarations children can read; the first element of each,
    // to confirm a later one against.
    struct inherit_entry {
        const litehtml::html_tag *first;
        int parent_inh, font_size, id;
    };
    int next_inh_id = 1;
    std::unordered_map<uint64_t, inherit_entry> inh_first;
    // litehtml's ::before and ::after elements (memo_element::style_pseudo):
    // the first styled of each key, and the parent class its key used.
    struct pseudo_entry {
        litehtml::html_tag *first;
        int key_parent;
    };
    std::unordered_map<uint64_t, pseudo_entry> pseudo_first;
    // Computed styles shared by what the parse read of the parent
    // (memo_element::parse_styles, second chance): an element's reads of
    // its parent while litehtml's parse ran (property id, inherited, the
    // default passed on, the answer; NULL kept apart from ""), its
    // parent's font size, by a hash of its class and declarations.
    struct parent_read {
        int id;
        bool inherited;
        const litehtml::tchar_t *def;
        bool null;
        litehtml::tstring value;
    };
    struct trace_entry {
        litehtml::element *first;
        int parent_font;
        std::vector<parent_read> reads;
    };
    std::unordered_map<uint64_t, trace_entry> trace_first;
    // while an element's own parse runs: it, and its reads of the parent
    // (trace_bad: a read that was not recorded)
    const litehtml::element *recording = nullptr;
    std::vector<parent_read> trace;
    bool trace_bad = false;
    // elements that took their computed style by a trace
    size_t traced = 0;
    litehtml::document *doc = nullptr; // its tabular elements (parse_styles)
    // Anonymous table boxes (fix_tables below): while one is styled in
    // full, its reads of its parent (box_trace; box_trace_bad: a read not
    // recorded); the boxes styled in full, each with its display, its
    // parent's font size, those reads and whether it was filed as tabular.
    std::vector<parent_read> *box_trace = nullptr;
    bool box_trace_bad = false;
    struct box_entry {
        litehtml::html_tag *first;
        const char *display;
        int parent_font;
        bool filed;
        std::vector<parent_read> reads;
    };
    std::vector<box_entry> boxes;
    size_t boxes_made = 0, boxes_shared = 0;
    // A rule's declarations as litehtml's parse leaves them in an empty
    // map (memo_element::add_style), by the address of the rule's text;
    // the text and base URL are kept to confirm the entry is that rule's.
    struct parsed_rule {
        litehtml::tstring text, baseurl;
        litehtml::props_map props;
    };
    // Rules parsed once and attributes set by ASCII folding (add_style,
    // set_attr); off in the render sb_render_check_style_sharing compares.
    bool parse_once = true;
    // the second chance of parse_styles (off in the compared render)
    bool trace_on = true;
    // computed styles by style_port, not litehtml's parse (off in the
    // compared render)
    bool port = true;
    // html_tag::init_font's results in this document (style_port), by
    // what it reads: the font-size text, the parent's font size, the
    // default font size, the family, weight, style and decoration
    struct font_result {
        int size;
        litehtml::uint_ptr font;
        litehtml::font_metrics fm;
    };
    std::unordered_map<std::string, font_result> fonts;
    std::string font_key;
    size_t rules_reused = 0; // add_style calls answered from a parsed rule
    // While the user-agent sheet is applied (document_from_tree): a rule
    // new to this render is looked up among the thread's parsed
    // user-agent rules first (ua_rules).
    bool applying_ua = false;
    std::unordered_map<const void *, parsed_rule> rules;
    // Property names to small ids, by content (the same name may come from
    // different string literals).  Names come as string literals, so the
    // pointer is looked up first and its content checked against the
    // name's own copy (keys: not every name is a literal; litehtml's
    // var() substitution asks with a string it frees after, whose address
    // another name may take).  Plain arrays (the library exports only
    // sb_* symbols, packaging/libstorybox.map).
    static const int max_names = 255;
    // Each name as the key type of litehtml's property map, built once
    // per name instead of once per lookup (own_property below).
    litehtml::tstring keys[max_names];
    int n_names = 0;
    static const int slots = 512; // pointer -> id, open addressing
    const litehtml::tchar_t *slot_ptr[slots] = {};
    int slot_id[slots] = {};
    // the name at slot_ptr lies in read-only memory (ro_segments): its text
    // cannot have changed since it was filed, no comparison needed
    bool slot_fixed[slots] = {};
    // name text -> id + 1 (0: empty), for the keys of an element's map
    int text_slot[slots] = {};

    static size_t text_hash(const char *s, size_t n)
    {
        uint32_t h = 2166136261u;
        for (size_t i = 0; i < n; i++)
            h = (h ^ (unsigned char)s[i]) * 16777619u;
        return h & (slots - 1);
    }

    // The id of a name already asked for, by its text; -1 if none.
    int id_of_text(const litehtml::tstring &name) const
    {
        for (size_t i = text_hash(name.data(), name.size()); text_slot[i];
             i = (i + 1) & (slots - 1))
            if (keys[text_slot[i] - 1] == name)
                return text_slot[i] - 1;
        return -1;
    }

    // -1 when the table is full (the lookup is then not remembered).
    // The first probe, the one nearly every lookup ends at (a name asked
    // before by the same pointer, in read-only memory), inline in the
    // callers; anything else (a later probe, a comparison, a new pointer)
    // in id_of_slow, which starts over from the first probe: the same
    // answer either way.
    int id_of(const litehtml::tchar_t *name)
    {
        size_t i = (((uintptr_t)name >> 3) * 2654435761u) & (slots - 1);
        if (slot_ptr[i] == name && slot_fixed[i])
            return slot_id[i];
        return id_of_slow(name);
    }

    __attribute__((noinline)) int id_of_slow(const litehtml::tchar_t *name)
    {
        size_t h = ((uintptr_t)name >> 3) * 2654435761u;
        for (int probe = 0; probe < slots; probe++) {
            size_t i = (h + (size_t)probe) & (slots - 1);
            if (!slot_ptr[i])
                break;
            if (slot_ptr[i] == name &&
                (slot_fixed[i] || std::strcmp(keys[slot_id[i]].c_str(), name) == 0))
                return slot_id[i];
        }
        // a name's text is filed once (keys holds distinct texts), so its
        // id by the text table is the one a scan of keys would find
        size_t len = std::strlen(name);
        int id = -1;
        for (size_t i = text_hash(name, len); text_slot[i]; i = (i + 1) & (slots - 1))
            if (keys[text_slot[i] - 1].size() == len &&
                std::memcmp(keys[text_slot[i] - 1].data(), name, len) == 0) {
                id = text_slot[i] - 1;
                break;
            }
        if (id < 0) {
            if (n_names == max_names)
                return -1;
            id = n_names;
            keys[n_names] = name;
            n_names++;
            for (size_t i = text_hash(name, len);; i = (i + 1) & (slots - 1))
                if (!text_slot[i]) {
                    text_slot[i] = id + 1;
                    break;
                }
        }
        for (int probe = 0; probe < slots; probe++) {
            size_t i = (h + (size_t)probe) & (slots - 1);
            if (!slot_ptr[i]) {
                slot_ptr[i] = name;
                slot_id[i] = id;
                // also fixed: the memo's own copy of the name (the trace's
                // replays ask with it), which does not change while the
                // memo lives
                slot_fixed[i] = name == keys[id].c_str() || read_only.holds(name, len + 1);
                break;
            }
        }
        return id;
    }
};

// Set only by sb_render_check_style_sharing, for the render it compares
// with.
thread_local bool no_style_sharing = false;

// The user-agent sheet's rules as memo_element::add_style parses them, by
// base URL and text, kept per thread across renders.  Each page's
// user-agent sheet is made of the same rules (ua_sheet.cpp keeps them per
// thread; a page's sheet is a selection of them), parsed again with each
// page's document: the rules a page's elements match were parsed again
// for every page.  A rule's parse depends on nothing but its text and base
// URL (the element only for var(), whose rules are parsed per element and
// never kept), which is what parse_once already relies on within a render.
// Dropped whole past ua_rules_max entries (a sheet has a few hundred).
constexpr size_t ua_rules_max = 4096;
thread_local std::unordered_map<std::string, litehtml::props_map> ua_rules;

// Set only by sb_render_check_never_applied: the pairs of an element and a
// rule sheet_index::never_applied leaves out, and those litehtml applies.
struct never_check_state {
    size_t pairs = 0, bad = 0;
    char first[256] = "";
};
thread_local never_check_state *never_check = nullptr;

void memo_index_sheet(style_memo *memo, const litehtml::css &sheet)
{
    if (memo)
        memo->index.reset(new sheet_index(sheet, never_check != nullptr));
}

void memo_set_document(style_memo *memo, litehtml::document *doc)
{
    if (memo)
        memo->doc = doc;
}

void memo_applying_ua(style_memo *memo, bool on)
{
    if (memo)
        memo->applying_ua = on;
}

void memo_drop_index(style_memo *memo)
{
    if (memo)
        memo->index.reset();
}

// An element's own declarations (litehtml::style) are a private
// std::map<tstring, property_value>, and litehtml's only lookup,
// style::get_property(const char *), builds a std::string key for every
// call (a heap allocation for names over 15 bytes: "background-color",
// "border-top-width"...).  html_tag::parse_styles asks about sixty
// properties of every element that way, and html_tag::get_style_property
// also locks the parent's weak_ptr on every call, needed or not.  The map
// is reached here as the one data member of litehtml::style (its other
// member is static): a class without bases, virtual functions or other
// members keeps its one member at its own address.  If a litehtml version
// adds a member, a base or a vtable, this stops compiling instead of
// reading the wrong bytes (the test test_style_lookups compares the
// answers with litehtml's own on sample pages).
static_assert(!std::is_polymorphic<litehtml::style>::value &&
                  sizeof(litehtml::style) == sizeof(litehtml::props_map) &&
                  alignof(litehtml::style) == alignof(litehtml::props_map),
              "litehtml::style is no longer just its property map: own_property needs a look");

const litehtml::props_map &props_of(const litehtml::style &st)
{
    return *reinterpret_cast<const litehtml::props_map *>(&st);
}

litehtml::props_map &props_of(litehtml::style &st)
{
    return *reinterpret_cast<litehtml::props_map *>(&st);
}

// litehtml compares with "inherit" case-insensitively (t_strcasecmp).
// FNV-1a's step taken a word (8 bytes) at a time, the tail byte by byte:
// the hash of the keys by which computed styles are shared (share_key,
// inherit_class, style_pseudo).  Every one of those keys is confirmed by
// comparing what it was made from (same_declarations, the declarations
// compared one by one) before anything is shared, so the hash decides
// only which candidate is looked at: two different inputs that collide
// cost a style computed in full, never a wrong one.  It was FNV-1a byte by
// byte, about 3 M instructions a pass over the median readability pages.
inline void mix_bytes(uint64_t &h, const void *p, size_t n)
{
    const unsigned char *b = static_cast<const unsigned char *>(p);
    for (; n >= 8; b += 8, n -= 8) {
        uint64_t w;
        std::memcpy(&w, b, 8);
        h = (h ^ w) * 1099511628211ull;
    }
    for (; n; b++, n--)
        h = (h ^ *b) * 1099511628211ull;
}

bool is_inherit(const litehtml::tchar_t *v)
{
    return (v[0] == 'i' || v[0] == 'I') && strcasecmp(v, "inherit") == 0;
}

// An element's own declarations by name id, read once from its map:
// parse_styles asks about sixty names of every element, most of them not
// set, and a search of the std::map compares strings at each of its
// levels.  Here a lookup is a bit test and a count of the bits below it.
// Names first asked after the table was built (n_known and above) are
// looked up in the map.  The values point into the map, which does not
// change until the element's declarations do (parse_styles drops the
// table).
struct own_table {
    int n_known;                        // ids below this were known when it was built
    uint64_t bits[4];                   // set: the element declares this id
    unsigned rank[4];                   // set bits in the words before each word
    const litehtml::tchar_t *values[1]; // one per set bit, by id

    static own_table *build(const litehtml::props_map &props, const style_memo &memo)
    {
        static_assert(style_memo::max_names <= 256, "own_table holds 256 bits");
        size_t n = props.size();
        own_table *t = static_cast<own_table *>(
            std::malloc(sizeof(own_table) + (n ? n - 1 : 0) * sizeof(const char *)));
        if (!t)
            return nullptr; // the map answers
        t->n_known = memo.n_names;
        std::memset(t->bits, 0, sizeof t->bits);
        const size_t keep = 64; // ids of the first declarations, not looked up twice
        int ids[keep];
        size_t k = 0;
        for (const auto &kv : props) {
            int id = memo.id_of_text(kv.first);
            if (k < keep)
                ids[k++] = id;
            if (id >= 0)
                t->bits[id >> 6] |= 1ull << (id & 63);
        }
        unsigned before = 0;
        for (int w = 0; w < 4; w++) {
            t->rank[w] = before;
            before += (unsigned)__builtin_popcountll(t->bits[w]);
        }
        k = 0;
        for (const auto &kv : props) {
            int id = k < keep ? ids[k] : memo.id_of_text(kv.first);
            k++;
            if (id < 0)
                continue;
            uint64_t word = t->bits[id >> 6], bit = 1ull << (id & 63);
            t->values[t->rank[id >> 6] + (unsigned)__builtin_popcountll(word & (bit - 1))] =
                kv.second.m_value.c_str();
        }
        return t;
    }
};

// Every member html_tag::parse_styles (with init_font and parse_background)
// writes, copied from an element it gave the same values (the computed
// styles shared: memo_element::parse_styles, and style_pseudo for
// litehtml's own ::before and ::after elements).  The members are
// protected; pointers to them are formed through this derived class.
struct computed_access : litehtml::html_tag {
    static void copy(litehtml::html_tag &to, const litehtml::html_tag &from)
    {
#define SB_COPY(m) to.*(&computed_access::m) = from.*(&computed_access::m)
        SB_COPY(m_el_position);
        SB_COPY(m_text_align);
        SB_COPY(m_overflow);
        SB_COPY(m_white_space);
        SB_COPY(m_display);
        SB_COPY(m_visibility);
        SB_COPY(m_box_sizing);
        SB_COPY(m_z_index);
        SB_COPY(m_vertical_align);
        SB_COPY(m_float);
        SB_COPY(m_clear);
        SB_COPY(m_css_text_indent);
        SB_COPY(m_css_width);
        SB_COPY(m_css_height);
        SB_COPY(m_css_min_width);
        SB_COPY(m_css_min_height);
        SB_COPY(m_css_max_width);
        SB_COPY(m_css_max_height);
        SB_COPY(m_css_offsets);
        SB_COPY(m_css_margins);
        SB_COPY(m_css_padding);
        SB_COPY(m_css_borders);
        SB_COPY(m_margins);
        SB_COPY(m_padding);
        SB_COPY(m_borders);
        SB_COPY(m_line_height);
        SB_COPY(m_lh_predefined);
        SB_COPY(m_list_style_type);
        SB_COPY(m_list_style_position);
        SB_COPY(m_bg);
        SB_COPY(m_font);
        SB_COPY(m_font_size);
        SB_COPY(m_font_metrics);
#undef SB_COPY
    }
};

// The line queries of the layout, without litehtml's recursion.
//
// litehtml 0.6 asks, for every line box and every element it places, how
// far the floats leave the line free (html_tag::get_line_left_right); an
// element that does not hold floats asks its parent, with y and the right
// edge moved by its own position, and moves the answer back: the right
// edge by its x, the left edge (when positive) by its x, no lower than 0.
// Each level is a virtual call, a weak_ptr lock of the parent (two atomic
// operations) and a virtual is_floats_holder: on news pages, nested twenty
// levels deep, about 10% of the render.  line_link does the same walk with
// what the layout cannot change kept per element: whether it holds floats
// (is_floats_holder reads display, float, position, overflow and whether
// it has a parent, all set before the layout: limit_floats, the last to
// change one, runs before it) and its parent (parents change only while
// the tree is built and its tables are fixed, never during the layout).
// Both are read at the first query, which is in the layout.  Positions are
// read at each query, as litehtml reads them.  A parent that is not one
// of our elements (litehtml's anonymous table boxes) is asked its own
// get_line_left_right, as litehtml would.
//
// Set only by sb_render_check_layout_shortcuts, for the render it compares
// with: litehtml's own line queries, and every space kept
// (drop_block_spaces below).
thread_local bool no_layout_shortcuts = false;

// Set only by sb_render_check_render_memo, for the render it compares with:
// every element laid out each time litehtml asks (memo_element::render).
thread_local bool no_render_memo = false;

struct line_link {
    litehtml::element *up_el = nullptr; // the parent
    line_link *up = nullptr;            // its link, when it is ours
    signed char holder = -1;            // -1: not read yet; 2: litehtml's
    // Where this element's queries end: the link of the element holding
    // its floats, when the walk reaches it through our elements only
    // (read at the first query's walk: holders and parents are fixed in
    // the layout, as above); top_read 0 before that walk.
    bool top_read = false;
    line_link *top = nullptr;
    // This element's own floats (html_tag's m_floats_left and
    // m_floats_right), set by its constructor: read by the queries that
    // end here.
    const litehtml::floated_box::vector *floats_left = nullptr;
    const litehtml::floated_box::vector *floats_right = nullptr;
};

struct line_linked {
    virtual ~line_linked() = default;
    line_link line_;
};

// Sums of positions as litehtml's own int arithmetic makes them on this
// machine: modulo 2^32.  A hostile page can place boxes near INT_MAX (huge
// offsets, margins, padding), where litehtml's sums wrap; where our code
// redoes or undoes its sums (the line queries' walk, the answered layouts'
// positions relative to where they were asked), it wraps the same way, so
// the boxes stay litehtml's, without the undefined behaviour of a signed
// overflow.
inline int wrap_add(int a, int b)
{
    return (int)((unsigned)a + (unsigned)b);
}
inline int wrap_sub(int a, int b)
{
    return (int)((unsigned)a - (unsigned)b);
}

// What a level that holds no floats does to its parent's answer
// (html_tag::get_line_left_right): the right edge moved by its x, the left
// edge too when positive, no lower than 0.
inline void xs_apply(int &ln_left, int &ln_right, int x)
{
    ln_right = wrap_sub(ln_right, x);
    if (ln_left < 0) {
        ln_left = 0;
    } else if (ln_left > 0) {
        ln_left = wrap_sub(ln_left, x);
        if (ln_left < 0)
            ln_left = 0;
    }
}

// dynamic_cast<line_linked *>(el), remembered by el's dynamic type.
// The cross-cast (from litehtml's element to our other base) walks the
// class hierarchy, some 470 instructions a call, once per element the
// line queries pass.  Without virtual bases (litehtml's classes and ours
// have none) its answer for one dynamic type is always the same: null,
// or the same offset from the element to its line_linked part.  The
// last few types seen are kept with that answer; a type not among them
// is cast as before.
struct linked_type {
    const std::type_info *type;
    std::ptrdiff_t offset; // from the element to its line_linked part
    bool linked;
};
thread_local linked_type linked_types[16];
thread_local unsigned n_linked_types;

line_linked *as_linked(litehtml::element *el)
{
    if (!el)
        return nullptr;
    const std::type_info &t = typeid(*el);
    unsigned n = n_linked_types < 16 ? n_linked_types : 16;
    for (unsigned i = 0; i < n; i++) {
        const linked_type &k = linked_types[i];
        if (k.type == &t)
            return k.linked ? reinterpret_cast<line_linked *>(reinterpret_cast<char *>(el) +
                                                              k.offset)
                            : nullptr;
    }
    auto *linked = dynamic_cast<line_linked *>(el);
    linked_type &k = linked_types[n_linked_types++ % 16];
    k.type = &t;
    k.linked = linked != nullptr;
    k.offset = linked ? reinterpret_cast<char *>(linked) - reinterpret_cast<char *>(el) : 0;
    return linked;
}

// The link's holder and parent, read at the first query (line_link).
void line_link_read(line_link &l, litehtml::element *self)
{
    if (no_layout_shortcuts) {
        l.holder = 2;
        return;
    }
    l.holder = self->is_floats_holder() ? 1 : 0;
    if (!l.holder) {
        litehtml::element::ptr parent = self->parent();
        l.up_el = parent.get(); // the document keeps it
        line_linked *linked = as_linked(l.up_el);
        l.up = linked ? &linked->line_ : nullptr;
    }
}

// html_tag::get_line_left_right, its recursion through our elements
// written as a loop: up to the first element that holds floats (or is not
// ours), with y and the right edge moved by each level's position, then
// the answer moved back level by level, innermost last.
//
// A holder with no floats at all answers 0 and def_right whatever y
// (get_line_left's loop finds nothing, get_line_right keeps def_right; its
// caches cannot say otherwise: litehtml invalidates them whenever a float
// is added, and clears the lists only in render_box, with the caches), and
// the levels below give those back unchanged (a left edge of 0 stays 0,
// the right edge gets back the x each level added).  So a query whose
// holder is known and has no floats is answered without the walk.
void line_left_right(line_link &l, litehtml::element *self, int y, int def_right, int &ln_left,
                     int &ln_right)
{
    if (l.top && l.top->floats_left->empty() && l.top->floats_right->empty()) {
        ln_left = 0;
        ln_right = def_right;
        return;
    }
    const int max_levels = 64;
    int xs[max_levels]; // the x of each level passed, innermost first
    int n = 0;
    line_link *at = &l;
    litehtml::element *el = self;
    for (;;) {
        if (at->holder < 0)
            line_link_read(*at, el);
        if (at->holder == 2) { // no_layout_shortcuts: ours are html_tags
            static_cast<litehtml::html_tag *>(el)->litehtml::html_tag::get_line_left_right(
                y, def_right, ln_left, ln_right);
            break;
        }
        if (at->holder) { // html_tag::get_line_left_right's first branch
            if (!l.top_read && at->floats_left)
                l.top = at;
            ln_left = el->get_line_left(y);
            ln_right = el->get_line_right(y, def_right);
            break;
        }
        const litehtml::position &pos = el->get_position();
        y = wrap_add(y, pos.y);
        def_right = wrap_add(def_right, pos.x);
        if (n == max_levels || !at->up) {
            // deeper than the array, or a parent that is not ours: the
            // rest of the way as litehtml (or this function) goes
            if (at->up)
                line_left_right(*at->up, at->up_el, y, def_right, ln_left, ln_right);
            else if (at->up_el)
                at->up_el->get_line_left_right(y, def_right, ln_left, ln_right);
            xs_apply(ln_left, ln_right, pos.x);
            break;
        }
        xs[n++] = pos.x;
        el = at->up_el;
        at = at->up;
    }
    l.top_read = true;
    while (n > 0)
        xs_apply(ln_left, ln_right, xs[--n]);
}

// Words and spaces that ask their parent without locking it.
//
// litehtml 0.6's el_text answers six of the layout's questions by asking
// its parent: get_font, get_white_space (which el_space's is_white_space
// and is_break ask too), line_height and get_base_line return the
// parent's answer; get_element_position and get_css_offsets walk up the
// inline ancestors to the first that is relatively placed.  Each begins
// with parent(), a weak_ptr lock (two atomic operations and the
// shared_ptr's copy), and the layout asks them for every word it places,
// in every pass (render_inline, place_element, fetch_positioned, the line
// boxes' heights and baselines): on the 40 readability pages around the
// median some 60 M instructions.  Our words (word_text, word_space, made
// by make_nodes) are litehtml's with one member more: the parent, set by
// the walk before the layout (drop_block_spaces, one parent() each),
// after which parents no longer change (tables are
// fixed while the document is built; the layout moves no element; the
// spaces taken out are not asked).  With it set, each question is
// litehtml's, statement for statement, the first parent() read from it;
// unset (a word the walk did not reach: under display none, or the render
// without shortcuts that sb_render_check_layout_shortcuts compares with),
// litehtml's own.  The parent outlives its words (it owns them).
// known_parent's rel_ before its first walk.
const char rel_unread = 0;

template <class Base> class known_parent final : public Base
{
  public:
    known_parent(const litehtml::tchar_t *text, const std::shared_ptr<litehtml::document> &doc)
        : Base(text, doc)
    {
    }
    litehtml::element *up_ = nullptr; // the parent, once the walk set it

    litehtml::uint_ptr get_font(litehtml::font_metrics *fm = nullptr) override
    {
        return up_ ? up_->get_font(fm) : Base::get_font(fm);
    }
    litehtml::white_space get_white_space() const override
    {
        return up_ ? up_->get_white_space() : Base::get_white_space();
    }
    int line_height() const override
    {
        return up_ ? up_->line_height() : Base::line_height();
    }
    int get_base_line() override
    {
        return up_ ? up_->get_base_line() : Base::get_base_line();
    }
    // The inline ancestor both walks below stop at, relatively placed, or
    // none (nullptr); rel_unread before the first walk.  The walk reads
    // the ancestors' display and position, which the layout does not
    // change (the styles are computed and limit_floats has run when up_
    // is set, just before the layout), through parents that no longer
    // change: its answer is the same at every call, so it is walked once
    // and each call asks the ancestor found for its offsets, as before.
    // (The layout asks for every word it places, in each pass: 1 to 3
    // levels of virtual calls and a parent lock each time.)
    // (The walk out of line: the calls after the first stay short.)
    mutable const void *rel_ = &rel_unread;
    const litehtml::element *relative_ancestor() const
    {
        if (rel_ != &rel_unread)
            return static_cast<const litehtml::element *>(rel_);
        return read_relative_ancestor();
    }
    __attribute__((noinline)) const litehtml::element *read_relative_ancestor() const
    {
        litehtml::element *p = up_;
        litehtml::element::ptr held; // the levels above the parent, locked
        const litehtml::element *found = nullptr;
        while (p && p->get_display() == litehtml::display_inline) {
            if (p->get_element_position() == litehtml::element_position_relative) {
                found = p;
                break;
            }
            held = p->parent();
            p = held.get();
        }
        rel_ = found;
        return found;
    }
    litehtml::element_position
    get_element_position(litehtml::css_offsets *offsets = nullptr) const override
    {
        if (!up_)
            return Base::get_element_position(offsets);
        const litehtml::element *p = relative_ancestor();
        if (!p)
            return litehtml::element_position_static;
        if (offsets)
            *offsets = p->get_css_offsets();
        return litehtml::element_position_relative;
    }
    litehtml::css_offsets get_css_offsets() const override
    {
        if (!up_)
            return Base::get_css_offsets();
        const litehtml::element *p = relative_ancestor();
        return p ? p->get_css_offsets() : litehtml::css_offsets();
    }
    // el_space::is_break of litehtml 0.6 (from its disassembly): under
    // white-space pre, pre-line or pre-wrap, whether the text is "\n",
    // by std::string::compare with a C string (a strlen and a call per
    // space of preformatted text); here by its size and byte.  el_text
    // does not override element::is_break.
    bool is_break() const override
    {
        if (!std::is_same<Base, litehtml::el_space>::value)
            return Base::is_break();
        litehtml::white_space ws = this->get_white_space();
        if (ws != litehtml::white_space_pre && ws != litehtml::white_space_pre_line &&
            ws != litehtml::white_space_pre_wrap)
            return false;
        const std::string &t = this->*member_of(text_text{});
        return t.size() == 1 && t[0] == '\n';
    }
};
using word_text = known_parent<litehtml::el_text>;
using word_space = known_parent<litehtml::el_space>;

// litehtml 0.6's computed style of an element (html_tag::parse_styles),
// ported, with its string parses remembered.
//
// Where the memo (memo_element::parse_styles) cannot copy a computed style,
// litehtml's html_tag::parse_styles computes it: about 66,000 instructions
// an element on news pages, of which css_length::fromString (32 calls an
// element) and value_index (14) about a third, with the std::string
// temporaries made for their arguments (litehtml takes `const tstring &`
// and is handed `const char *`: some 66 strings an element).  Both are
// functions of their text arguments only: value_index(val, list, def,
// delim) returns the index of val in the list or def; fromString(str,
// predefs, def) writes some of the length's fields (flag, value or
// predefined index, units) from the text and leaves the others as they
// were.  So their results are kept per thread by text, and the parse
// below is litehtml's own, statement for statement, asking the same
// properties in the same order with the same defaults (read from
// liblitehtml's disassembly; its sources of other versions file floated
// tables and positioned table parts differently), calling litehtml's own
// init_font, cvt_units, web_color::from_string and parse_background.
// sb_render_check_style_port runs both on every element styled in full
// and compares every member the parse writes.
//
// A length's fields as fromString leaves them: which it wrote (found by
// parsing into two lengths whose fields all differ first) and their
// values.
SB_MEMBER_OF(len_bits, int litehtml::css_length::*, litehtml::css_length::m_predef);
SB_MEMBER_OF(len_units, litehtml::css_units litehtml::css_length::*, litehtml::css_length::m_units);
SB_MEMBER_OF(len_flag, bool litehtml::css_length::*, litehtml::css_length::m_is_predefined);

// A table of short texts (with a kind) to values, open addressing, kept
// per thread: the texts are copied in (no allocation per entry), a text
// longer than max_len is never kept, and the table starts over when three
// quarters full.
template <class V, size_t slots> struct text_table {
    static_assert((slots & (slots - 1)) == 0, "a power of two");
    static constexpr size_t max_len = 30;
    struct slot {
        uint32_t hash; // 0: empty
        char kind;
        unsigned char len;
        char text[max_len];
        V value;
    };
    std::unique_ptr<slot[]> table;
    size_t used = 0;

    static uint32_t hash_of(char kind, const char *t, size_t *len)
    {
        uint32_t h = (2166136261u ^ (unsigned char)kind) * 16777619u;
        size_t n = 0;
        for (; t[n]; n++)
            h = (h ^ (unsigned char)t[n]) * 16777619u;
        *len = n;
        return h | 1;
    }

    // The value kept for (kind, t), or NULL; *at is where it goes if new
    // (NULL when t is too long to keep).
    V *find(char kind, const char *t, slot **at)
    {
        *at = nullptr;
        size_t n;
        uint32_t h = hash_of(kind, t, &n);
        if (n > max_len)
            return nullptr;
        if (!table) {
            on_thread_heap keep; // kept past the page
            table.reset(new slot[slots]());
        } else if (used >= slots / 4 * 3) {
            for (size_t i = 0; i < slots; i++)
                table[i].hash = 0;
            used = 0;
        }
        for (size_t i = h & (slots - 1);; i = (i + 1) & (slots - 1)) {
            slot &e = table[i];
            if (!e.hash) {
                e.kind = kind;
                e.len = (unsigned char)n;
                std::memcpy(e.text, t, n);
                *at = &e; // kept by put, which sets its hash
                at_hash = h;
                return nullptr;
            }
            if (e.hash == h && e.kind == kind && e.len == n && std::memcmp(e.text, t, n) == 0)
                return &e.value;
        }
    }

    void put(slot *at, const V &v)
    {
        if (!at)
            return;
        at->value = v;
        at->hash = at_hash;
        used++;
    }
    uint32_t at_hash = 0;
};

struct parse_cache {
    struct length {
        bool set_bits, set_units, set_flag;
        int bits;
        litehtml::css_units units;
        bool flag;
    };
    // keyed by a kind (one per predefs list, or per keyword list and
    // default) and the text
    text_table<length, 4096> lengths; // widths, margins... (many texts)
    text_table<int, 1024> indexes;    // keywords (few)
    // What a text does to two lengths (the background's position and
    // size: parse_background's blocks, below), by kind and text.
    struct pair {
        length first, second;
    };
    text_table<pair, 1024> pairs;

    // The fields of a length that a step wrote, from the step run on two
    // lengths whose fields all differed before (a and b).
    static length effect(const litehtml::css_length &a, const litehtml::css_length &b)
    {
        length e;
        e.set_bits = a.*member_of(len_bits{}) == b.*member_of(len_bits{});
        e.set_units = a.*member_of(len_units{}) == b.*member_of(len_units{});
        e.set_flag = a.*member_of(len_flag{}) == b.*member_of(len_flag{});
        e.bits = a.*member_of(len_bits{});
        e.units = a.*member_of(len_units{});
        e.flag = a.*member_of(len_flag{});
        return e;
    }
    static void apply(litehtml::css_length &out, const length &e)
    {
        if (e.set_bits)
            out.*member_of(len_bits{}) = e.bits;
        if (e.set_units)
            out.*member_of(len_units{}) = e.units;
        if (e.set_flag)
            out.*member_of(len_flag{}) = e.flag;
    }
    // Two lengths of all different fields.
    static void sentinels(litehtml::css_length &a, litehtml::css_length &b)
    {
        a.set_value(1234.5f, litehtml::css_units_px);
        b = litehtml::css_length();
        b.predef(777); // units css_units_none, as constructed
    }

    // step(text, first, second) applied to out1 and out2 as it would
    // write them: its effect on each, found once per text.
    template <class Step>
    void two(char kind, const char *val, litehtml::css_length &out1, litehtml::css_length &out2,
             Step step)
    {
        if (!val) {
            step(val, out1, out2);
            return;
        }
        text_table<pair, 1024>::slot *at;
        const pair *found = pairs.find(kind, val, &at);
        pair e;
        if (!found) {
            litehtml::css_length a1, a2, b1, b2;
            sentinels(a1, b1);
            sentinels(a2, b2);
            step(val, a1, a2);
            step(val, b1, b2);
            e.first = effect(a1, b1);
            e.second = effect(a2, b2);
            pairs.put(at, e);
            found = &e;
        }
        apply(out1, found->first);
        apply(out2, found->second);
    }

    void from_string(litehtml::css_length &out, const char *val, char kind, const char *predefs)
    {
        if (!val) { // litehtml's would throw (a string from NULL)
            out.fromString(val, predefs);
            return;
        }
        text_table<length, 4096>::slot *at;
        const length *found = lengths.find(kind, val, &at);
        length e;
        if (!found) {
            litehtml::css_length a, b;
            sentinels(a, b);
            a.fromString(val, predefs);
            b.fromString(val, predefs);
            e = effect(a, b);
            lengths.put(at, e);
            found = &e;
        }
        apply(out, *found);
    }

    // The answer for a property that is not set (task h3c).  The lookups
    // (asker, and litehtml's get_style_property for its own classes)
    // return the very pointer they were given as the default when the
    // property is not set, and most of a computed style's lengths and
    // keywords are not set: then val == def, a string literal of ours.  A
    // literal lies in read-only memory (ro_segments, checked when a slot
    // is filled), so its text never changes and its effect, found once per
    // thread by from_string or value_index (the tables below, so the very
    // answer they give), holds for every later call with that pointer and
    // kind: no hash of the text, no probe of the text tables, no compare
    // of the text.  Open addressing by pointer and kind, 128 slots each,
    // filled up to 96 (there are some 50 such literals) and never emptied;
    // any other val, a def not in read-only memory or a full table goes to
    // the text tables as before.
    template <class V> struct def_table {
        static constexpr size_t slots = 128, max_used = 96;
        struct slot {
            const char *text;
            char kind;
            V value;
        };
        slot table[slots] = {};
        size_t used = 0;
        // The slot of (p, kind), or the empty one where it goes.
        slot &find(const char *p, char kind)
        {
            size_t i = (size_t)(((uintptr_t)p * 0x9E3779B97F4A7C15ull) >> 57) ^ (unsigned char)kind;
            for (;; i = (i + 1) & (slots - 1)) {
                slot &e = table[i & (slots - 1)];
                if (!e.text || (e.text == p && e.kind == kind))
                    return e;
            }
        }
        // Whether (p, kind) may be filed in e (found empty by find).
        bool may_file(const char *p)
        {
            return used < max_used && read_only.holds(p, std::strlen(p) + 1);
        }
    };
    def_table<length> def_lengths;
    def_table<int> def_indexes;

    void from_default(litehtml::css_length &out, const char *val, const char *def, char kind,
                      const char *predefs)
    {
        if (val && val == def) {
            auto &s = def_lengths.find(def, kind);
            if (s.text) {
                apply(out, s.value);
                return;
            }
            if (def_lengths.may_file(def)) {
                litehtml::css_length a, b;
                sentinels(a, b);
                from_string(a, val, kind, predefs);
                from_string(b, val, kind, predefs);
                s.value = effect(a, b);
                s.kind = kind;
                s.text = def;
                def_lengths.used++;
                apply(out, s.value);
                return;
            }
        }
        from_string(out, val, kind, predefs);
    }

    int value_default(const char *val, const char *def, char kind, const char *list, int dflt)
    {
        if (val && val == def) {
            auto &s = def_indexes.find(def, kind);
            if (s.text)
                return s.value;
            if (def_indexes.may_file(def)) {
                s.value = value_index(val, kind, list, dflt);
                s.kind = kind;
                s.text = def;
                def_indexes.used++;
                return s.value;
            }
        }
        return value_index(val, kind, list, dflt);
    }

    int value_index(const char *val, char kind, const char *list, int def)
    {
        if (!val)
            return litehtml::value_index(val, list, def);
        text_table<int, 1024>::slot *at;
        const int *found = indexes.find(kind, val, &at);
        if (found)
            return *found;
        int i = litehtml::value_index(val, list, def);
        indexes.put(at, i);
        return i;
    }
};
thread_local parse_cache parses;

// Set only by sb_render_check_style_port: elements compared, differences,
// the first one.
struct port_check_state {
    size_t compared = 0, bad = 0;
    char first[256] = "";
};
thread_local port_check_state *port_check = nullptr;

// The lookups of style_port's parse.  An element of our classes answers
// by its own get_style_property (memoised); one of litehtml's own classes
// (its ::before and ::after elements) by html_tag::get_style_property's
// rule, its own declarations read from a table made once for the parse
// (own_table: the parse reads no attribute of such an element, so its map
// does not change meanwhile) instead of a string key built and searched
// for per call: its own value, unless it is "inherit"; else, when there is
// a parent and the value is "inherit" or the property is inherited and
// not set, the parent's answer; else def.
struct asker {
    litehtml::html_tag &el;
    style_memo *memo;
    bool own_class; // el is of litehtml's own class
    mutable own_table *own = nullptr;

    asker(litehtml::html_tag &e, style_memo *m, bool o) : el(e), memo(m), own_class(o) {}
    asker(const asker &) = delete;
    asker &operator=(const asker &) = delete;
    ~asker() { std::free(own); }

    // An element of our classes (most of those styled) answers at once;
    // the rest of the work is in own_answer, out of line, so that this
    // common call does not pay its frame.
    const litehtml::tchar_t *operator()(const litehtml::tchar_t *name, bool inherited,
                                        const litehtml::tchar_t *def) const
    {
        if (own_class && memo && name)
            return own_answer(name, inherited, def);
        if (memo && memo->box_trace)
            memo->box_trace_bad = true; // its parent reads are not seen
        return el.get_style_property(name, inherited, def);
    }

    __attribute__((noinline)) const litehtml::tchar_t *
    own_answer(const litehtml::tchar_t *name, bool inherited, const litehtml::tchar_t *def) const
    {
        int id = memo->id_of(name);
        if (id < 0) {
            if (memo->box_trace)
                memo->box_trace_bad = true; // its parent reads are not seen
            return el.get_style_property(name, inherited, def);
        }
        const litehtml::props_map &props = props_of(el.*member_of(tag_style{}));
        if (!own)
            own = own_table::build(props, *memo);
        const litehtml::tchar_t *ret;
        if (own && id < own->n_known) {
            uint64_t word = own->bits[id >> 6], bit = 1ull << (id & 63);
            ret = word & bit ? own->values[own->rank[id >> 6] +
                                           (unsigned)__builtin_popcountll(word & (bit - 1))]
                             : nullptr;
        } else {
            auto it = props.find(memo->keys[id]);
            ret = it == props.end() ? nullptr : it->second.m_value.c_str();
        }
        // the parent (a weak_ptr's lock) only when its answer is asked for
        litehtml::element::ptr parent;
        if (((ret && !litehtml::t_strcasecmp(ret, "inherit")) || (!ret && inherited)) &&
            (parent = el.parent())) {
            ret = parent->get_style_property(name, inherited, def);
            if (memo->box_trace) // an anonymous table box's read (fix_tables)
                memo->box_trace->push_back(
                    style_memo::parent_read{id, inherited, def, ret == nullptr, ret ? ret : ""});
        }
        return ret ? ret : def;
    }
};

struct style_port : litehtml::html_tag {
    // html_tag::init_font of litehtml 0.6 on el, its result remembered
    // for the document.  init_font asks el's font-size (own, default
    // NULL), the default font size, the parent's font size (the default
    // at the root), computes the font size from these, then asks the
    // inherited font-family, font-weight, font-style and text-decoration
    // and takes the document's font for them (document::get_font, which
    // makes a font the first time and returns the same one after): its
    // three members are a function of these seven answers in one
    // document.  The same lookups are made here in the same order (the
    // memo's trace records an element's reads of its parent); on a miss
    // litehtml's init_font runs (asking them again) and its result is
    // kept.
    static void init_font(litehtml::html_tag &el, style_memo *memo, const asker &ask)
    {
        if (!memo) {
            el.init_font();
            return;
        }
        const litehtml::tchar_t *size = ask("font-size", false, nullptr);
        litehtml::document::ptr doc = el.get_document();
        int doc_size = doc->container()->get_default_font_size();
        litehtml::element::ptr parent = el.parent();
        int parent_size = parent ? parent->get_font_size() : doc_size;
        const litehtml::tchar_t *name = ask("font-family", true, "inherit");
        const litehtml::tchar_t *weight = ask("font-weight", true, "normal");
        const litehtml::tchar_t *style = ask("font-style", true, "normal");
        const litehtml::tchar_t *decoration =
            ask("text-decoration", true, "none");
        std::string &k = memo->font_key;
        k.clear();
        auto text = [&k](const litehtml::tchar_t *t) {
            if (t)
                k.append(1, 's').append(t).append(1, '\0');
            else
                k.append(1, 'n');
        };
        auto number = [&k](int v) { k.append(reinterpret_cast<const char *>(&v), sizeof v); };
        text(size);
        number(parent_size);
        number(doc_size);
        text(name);
        text(weight);
        text(style);
        text(decoration);
        auto it = memo->fonts.find(k);
        if (it == memo->fonts.end()) {
            el.init_font();
            memo->fonts.emplace(k, style_memo::font_result{el.*(&style_port::m_font_size),
                                                           el.*(&style_port::m_font),
                                                           el.*(&style_port::m_font_metrics)});
            return;
        }
        el.*(&style_port::m_font_size) = it->second.size;
        el.*(&style_port::m_font) = it->second.font;
        el.*(&style_port::m_font_metrics) = it->second.fm;
    }

    // parse_background's reading of background-position into the
    // position's x and y (litehtml 0.6's: one word, a keyword of either
    // axis or a length; two, the keywords telling which is which; the
    // keywords then made percentages; none, 0% 0%).
    static void background_position(const litehtml::tchar_t *str, litehtml::css_length &x,
                                    litehtml::css_length &y)
    {
        if (!str) {
            y.set_value(0, litehtml::css_units_percentage);
            x.set_value(0, litehtml::css_units_percentage);
            return;
        }
        litehtml::string_vector res;
        litehtml::split_string(str, res, " \t");
        if (res.empty()) {
            x.set_value(0, litehtml::css_units_percentage);
            y.set_value(0, litehtml::css_units_percentage);
            return;
        }
        if (res.size() == 1) {
            if (litehtml::value_in_list(res[0], "left;right;center")) {
                x.fromString(res[0], "left;right;center");
                y.set_value(50, litehtml::css_units_percentage);
            } else if (litehtml::value_in_list(res[0], "top;bottom;center")) {
                y.fromString(res[0], "top;bottom;center");
                x.set_value(50, litehtml::css_units_percentage);
            } else {
                x.fromString(res[0], "left;right;center");
                y.set_value(50, litehtml::css_units_percentage);
            }
        } else {
            if (litehtml::value_in_list(res[0], "left;right")) {
                x.fromString(res[0], "left;right;center");
                y.fromString(res[1], "top;bottom;center");
            } else if (litehtml::value_in_list(res[0], "top;bottom")) {
                x.fromString(res[1], "left;right;center");
                y.fromString(res[0], "top;bottom;center");
            } else if (litehtml::value_in_list(res[1], "left;right")) {
                x.fromString(res[1], "left;right;center");
                y.fromString(res[0], "top;bottom;center");
            } else if (litehtml::value_in_list(res[1], "top;bottom")) {
                x.fromString(res[0], "left;right;center");
                y.fromString(res[1], "top;bottom;center");
            } else {
                x.fromString(res[0], "left;right;center");
                y.fromString(res[1], "top;bottom;center");
            }
        }
        for (litehtml::css_length *l : {&x, &y}) {
            if (l->is_predefined()) {
                switch (l->predef()) {
                case 0:
                    l->set_value(0, litehtml::css_units_percentage);
                    break;
                case 1:
                    l->set_value(100, litehtml::css_units_percentage);
                    break;
                case 2:
                    l->set_value(50, litehtml::css_units_percentage);
                    break;
                }
            }
        }
    }

    // parse_background's reading of background-size into the position's
    // width and height.
    static void background_size(const litehtml::tchar_t *str, litehtml::css_length &w,
                                litehtml::css_length &h)
    {
        if (!str)
            return;
        litehtml::string_vector res;
        litehtml::split_string(str, res, " \t");
        if (!res.empty()) {
            w.fromString(res[0], background_size_strings);
            if (res.size() > 1)
                h.fromString(res[1], background_size_strings);
            else
                h.predef(litehtml::background_size_auto);
        } else {
            w.predef(litehtml::background_size_auto);
            h.predef(litehtml::background_size_auto);
        }
    }

    // html_tag::parse_background of litehtml 0.6 (which, unlike its later
    // sources, loads no image), the position and size read once per text.
    static void parse_background(litehtml::html_tag &el, parse_cache &pc, const asker &ask)
    {
        litehtml::background &bg = el.*(&style_port::m_bg);
        auto idx = [&](const char *name, bool inherited, const char *def, char kind,
                       const char *list, int dflt) {
            return pc.value_default(ask(name, inherited, def), def, kind, list, dflt);
        };
        bg.m_color = el.get_color("background-color", false, litehtml::web_color(0, 0, 0, 0));
        pc.two('p', ask("background-position", false, "0% 0%"), bg.m_position.x,
               bg.m_position.y, background_position);
        pc.two('s', ask("background-size", false, "auto"),
               bg.m_position.width, bg.m_position.height, background_size);
        litehtml::document::ptr doc = el.get_document();
        int fs = el.*(&style_port::m_font_size);
        doc->cvt_units(bg.m_position.x, fs);
        doc->cvt_units(bg.m_position.y, fs);
        doc->cvt_units(bg.m_position.width, fs);
        doc->cvt_units(bg.m_position.height, fs);
        bg.m_attachment = (litehtml::background_attachment)idx("background-attachment", false, "scroll", 'H',
            background_attachment_strings, litehtml::background_attachment_scroll);
        bg.m_repeat = (litehtml::background_repeat)idx("background-repeat", false, "repeat", 'R',
            background_repeat_strings, litehtml::background_repeat_repeat);
        bg.m_clip = (litehtml::background_box)idx("background-clip", false, "border-box", 'K',
            background_box_strings, litehtml::background_box_border);
        bg.m_origin = (litehtml::background_box)idx("background-origin", false, "padding-box", 'G',
            background_box_strings, litehtml::background_box_content);
        litehtml::css::parse_css_url(ask("background-image", false, ""),
                                     bg.m_image);
        bg.m_baseurl = ask("background-image-baseurl", false, "");
    }

    // html_tag::parse_styles(false) of litehtml 0.6 on el.
    static void parse(litehtml::html_tag &el, style_memo *memo, bool own_class)
    {
        asker ask(el, memo, own_class);
#define SB_M(m) (el.*(&style_port::m))
        parse_cache &pc = parses;
        // a property read and parsed, its default handed on (from_default)
        auto len = [&](litehtml::css_length &out, const char *name, bool inherited,
                       const char *def, char kind, const char *predefs) {
            pc.from_default(out, ask(name, inherited, def), def, kind, predefs);
        };
        auto idx = [&](const char *name, bool inherited, const char *def, char kind,
                       const char *list, int dflt) {
            return pc.value_default(ask(name, inherited, def), def, kind, list, dflt);
        };
        const litehtml::tchar_t *style = el.get_attr("style");
        if (style)
            SB_M(m_style).add(style, nullptr, &el);
        init_font(el, memo, ask);
        litehtml::document::ptr doc = el.get_document();
        int &fs = SB_M(m_font_size);

        SB_M(m_el_position) = (litehtml::element_position)idx("position", false, "static", 'P', element_position_strings,
            litehtml::element_position_fixed);
        SB_M(m_text_align) = (litehtml::text_align)idx("text-align", true, "left", 'A', text_align_strings,
            litehtml::text_align_left);
        SB_M(m_overflow) = (litehtml::overflow)idx("overflow", false, "visible", 'O', overflow_strings,
            litehtml::overflow_visible);
        SB_M(m_white_space) = (litehtml::white_space)idx("white-space", true, "normal", 'W', white_space_strings,
            litehtml::white_space_normal);
        SB_M(m_display) = (litehtml::style_display)idx("display", false, "inline", 'D', style_display_strings,
            litehtml::display_inline);
        SB_M(m_visibility) = (litehtml::visibility)idx("visibility", true, "visible", 'V', visibility_strings,
            litehtml::visibility_visible);
        SB_M(m_box_sizing) = (litehtml::box_sizing)idx("box-sizing", false, "content-box", 'B', box_sizing_strings,
            litehtml::box_sizing_content_box);

        if (SB_M(m_el_position) != litehtml::element_position_static) {
            const litehtml::tchar_t *val = ask("z-index", false, nullptr);
            if (val)
                SB_M(m_z_index) = (int)std::strtol(val, nullptr, 10);
        }

        SB_M(m_vertical_align) = (litehtml::vertical_align)idx("vertical-align", true, "baseline", 'L',
            vertical_align_strings, litehtml::va_baseline);
        SB_M(m_float) = (litehtml::element_float)idx("float", false, "none", 'F', element_float_strings,
            litehtml::float_none);
        SB_M(m_clear) = (litehtml::element_clear)idx("clear", false, "none", 'C', element_clear_strings,
            litehtml::clear_none);

        // As liblitehtml 0.6's compiled parse decides (its disassembly):
        // none is left; a table or inline table is filed as tabular
        // whatever its float or position; any other display becomes block
        // when floated, absolute or fixed; else a table part is filed.
        litehtml::style_display &d = SB_M(m_display);
        if (d == litehtml::display_none) {
        } else if (d == litehtml::display_table || d == litehtml::display_inline_table) {
            doc->add_tabular(el.shared_from_this());
        } else if (SB_M(m_float) != litehtml::float_none ||
                   SB_M(m_el_position) == litehtml::element_position_absolute ||
                   SB_M(m_el_position) == litehtml::element_position_fixed) {
            d = litehtml::display_block;
        } else if (d >= litehtml::display_table && d <= litehtml::display_table_row_group) {
            doc->add_tabular(el.shared_from_this());
        }

        len(SB_M(m_css_text_indent), "text-indent", true, "0", '0', "0");
        len(SB_M(m_css_width), "width", false, "auto", 'a', "auto");
        len(SB_M(m_css_height), "height", false, "auto", 'a', "auto");
        doc->cvt_units(SB_M(m_css_width), fs);
        doc->cvt_units(SB_M(m_css_height), fs);
        len(SB_M(m_css_min_width), "min-width", false, "0", 'e', "");
        len(SB_M(m_css_min_height), "min-height", false, "0", 'e', "");
        len(SB_M(m_css_max_width), "max-width", false, "none", 'n', "none");
        len(SB_M(m_css_max_height), "max-height", false, "none", 'n', "none");
        doc->cvt_units(SB_M(m_css_min_width), fs);
        doc->cvt_units(SB_M(m_css_min_height), fs);

        litehtml::css_offsets &off = SB_M(m_css_offsets);
        len(off.left, "left", false, "auto", 'a', "auto");
        len(off.right, "right", false, "auto", 'a', "auto");
        len(off.top, "top", false, "auto", 'a', "auto");
        len(off.bottom, "bottom", false, "auto", 'a', "auto");
        doc->cvt_units(off.left, fs);
        doc->cvt_units(off.right, fs);
        doc->cvt_units(off.top, fs);
        doc->cvt_units(off.bottom, fs);

        litehtml::css_margins &mar = SB_M(m_css_margins);
        len(mar.left, "margin-left", false, "0", 'a', "auto");
        len(mar.right, "margin-right", false, "0", 'a', "auto");
        len(mar.top, "margin-top", false, "0", 'a', "auto");
        len(mar.bottom, "margin-bottom", false, "0", 'a', "auto");
        litehtml::css_margins &pad = SB_M(m_css_padding);
        len(pad.left, "padding-left", false, "0", 'e', "");
        len(pad.right, "padding-right", false, "0", 'e', "");
        len(pad.top, "padding-top", false, "0", 'e', "");
        len(pad.bottom, "padding-bottom", false, "0", 'e', "");

        litehtml::css_borders &bor = SB_M(m_css_borders);
        len(bor.left.width, "border-left-width", false, "medium", 'b', border_width_strings);
        len(bor.right.width, "border-right-width", false, "medium", 'b', border_width_strings);
        len(bor.top.width, "border-top-width", false, "medium", 'b', border_width_strings);
        len(bor.bottom.width, "border-bottom-width", false, "medium", 'b', border_width_strings);

        litehtml::document_container *cont = doc->container();
        bor.left.color =
            litehtml::web_color::from_string(ask("border-left-color", false, ""), cont);
        bor.left.style = (litehtml::border_style)idx("border-left-style", false, "none", 'S', border_style_strings,
            litehtml::border_style_none);
        bor.right.color =
            litehtml::web_color::from_string(ask("border-right-color", false, ""), cont);
        bor.right.style = (litehtml::border_style)idx("border-right-style", false, "none", 'S', border_style_strings,
            litehtml::border_style_none);
        bor.top.color =
            litehtml::web_color::from_string(ask("border-top-color", false, ""), cont);
        bor.top.style = (litehtml::border_style)idx("border-top-style", false, "none", 'S', border_style_strings,
            litehtml::border_style_none);
        bor.bottom.color = litehtml::web_color::from_string(
            ask("border-bottom-color", false, ""), cont);
        bor.bottom.style = (litehtml::border_style)idx("border-bottom-style", false, "none", 'S', border_style_strings,
            litehtml::border_style_none);

        litehtml::css_border_radius &r = bor.radius;
        len(r.top_left_x, "border-top-left-radius-x", false, "0", 'e', "");
        len(r.top_left_y, "border-top-left-radius-y", false, "0", 'e', "");
        len(r.top_right_x, "border-top-right-radius-x", false, "0", 'e', "");
        len(r.top_right_y, "border-top-right-radius-y", false, "0", 'e', "");
        len(r.bottom_right_x, "border-bottom-right-radius-x", false, "0", 'e', "");
        len(r.bottom_right_y, "border-bottom-right-radius-y", false, "0", 'e', "");
        len(r.bottom_left_x, "border-bottom-left-radius-x", false, "0", 'e', "");
        len(r.bottom_left_y, "border-bottom-left-radius-y", false, "0", 'e', "");
        doc->cvt_units(r.bottom_left_x, fs);
        doc->cvt_units(r.bottom_left_y, fs);
        doc->cvt_units(r.bottom_right_x, fs);
        doc->cvt_units(r.bottom_right_y, fs);
        doc->cvt_units(r.top_left_x, fs);
        doc->cvt_units(r.top_left_y, fs);
        doc->cvt_units(r.top_right_x, fs);
        doc->cvt_units(r.top_right_y, fs);

        doc->cvt_units(SB_M(m_css_text_indent), fs);

        litehtml::margins &m = SB_M(m_margins);
        m.left = doc->cvt_units(mar.left, fs);
        m.right = doc->cvt_units(mar.right, fs);
        m.top = doc->cvt_units(mar.top, fs);
        m.bottom = doc->cvt_units(mar.bottom, fs);
        litehtml::margins &p = SB_M(m_padding);
        p.left = doc->cvt_units(pad.left, fs);
        p.right = doc->cvt_units(pad.right, fs);
        p.top = doc->cvt_units(pad.top, fs);
        p.bottom = doc->cvt_units(pad.bottom, fs);
        litehtml::margins &b = SB_M(m_borders);
        b.left = doc->cvt_units(bor.left.width, fs);
        b.right = doc->cvt_units(bor.right.width, fs);
        b.top = doc->cvt_units(bor.top.width, fs);
        b.bottom = doc->cvt_units(bor.bottom.width, fs);

        litehtml::css_length line_height;
        len(line_height, "line-height", true, "normal", 'l', "normal");
        if (line_height.is_predefined()) {
            SB_M(m_line_height) = SB_M(m_font_metrics).height;
            SB_M(m_lh_predefined) = true;
        } else if (line_height.units() == litehtml::css_units_none) {
            SB_M(m_line_height) = (int)(line_height.val() * fs);
            SB_M(m_lh_predefined) = false;
        } else {
            SB_M(m_line_height) = doc->cvt_units(line_height, fs, fs);
            SB_M(m_lh_predefined) = false;
        }

        if (d == litehtml::display_list_item) {
            const litehtml::tchar_t *list_type =
                ask("list-style-type", true, "disc");
            SB_M(m_list_style_type) = (litehtml::list_style_type)pc.value_index(
                list_type, 'T', list_style_type_strings, litehtml::list_style_type_disc);
            const litehtml::tchar_t *list_pos =
                ask("list-style-position", true, "outside");
            SB_M(m_list_style_position) = (litehtml::list_style_position)pc.value_index(
                list_pos, 'Q', list_style_position_strings, litehtml::list_style_position_outside);
            const litehtml::tchar_t *list_image =
                ask("list-style-image", true, nullptr);
            if (list_image && list_image[0]) {
                litehtml::tstring url;
                litehtml::css::parse_css_url(list_image, url);
                const litehtml::tchar_t *list_image_baseurl =
                    ask("list-style-image-baseurl", true, nullptr);
                cont->load_image(url.c_str(), list_image_baseurl, true);
            }
        }

        parse_background(el, pc, ask);

        for (int i = 0; i < (int)el.get_children_count(); i++)
            el.get_child(i)->parse_styles();
#undef SB_M
    }
};

// Two elements' computed styles, member by member (every member
// html_tag::parse_styles writes, as computed_access::copy lists them;
// lengths by their raw fields).  The first different member's name, or
// NULL when all are equal.
struct computed_compare : litehtml::html_tag {
    static bool same(const litehtml::css_length &a, const litehtml::css_length &b)
    {
        return a.*member_of(len_bits{}) == b.*member_of(len_bits{}) &&
               a.*member_of(len_units{}) == b.*member_of(len_units{}) &&
               a.*member_of(len_flag{}) == b.*member_of(len_flag{});
    }
    static bool same(const litehtml::web_color &a, const litehtml::web_color &b)
    {
        return a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha;
    }
    static bool same(const litehtml::css_margins &a, const litehtml::css_margins &b)
    {
        return same(a.left, b.left) && same(a.right, b.right) && same(a.top, b.top) &&
               same(a.bottom, b.bottom);
    }
    static bool same(const litehtml::css_offsets &a, const litehtml::css_offsets &b)
    {
        return same(a.left, b.left) && same(a.right, b.right) && same(a.top, b.top) &&
               same(a.bottom, b.bottom);
    }
    static bool same(const litehtml::css_border &a, const litehtml::css_border &b)
    {
        return same(a.width, b.width) && a.style == b.style && same(a.color, b.color);
    }
    static bool same(const litehtml::css_border_radius &a, const litehtml::css_border_radius &b)
    {
        return same(a.top_left_x, b.top_left_x) && same(a.top_left_y, b.top_left_y) &&
               same(a.top_right_x, b.top_right_x) && same(a.top_right_y, b.top_right_y) &&
               same(a.bottom_right_x, b.bottom_right_x) &&
               same(a.bottom_right_y, b.bottom_right_y) &&
               same(a.bottom_left_x, b.bottom_left_x) && same(a.bottom_left_y, b.bottom_left_y);
    }
    static bool same(const litehtml::css_borders &a, const litehtml::css_borders &b)
    {
        return same(a.left, b.left) && same(a.right, b.right) && same(a.top, b.top) &&
               same(a.bottom, b.bottom) && same(a.radius, b.radius);
    }
    static bool same(const litehtml::margins &a, const litehtml::margins &b)
    {
        return a.left == b.left && a.right == b.right && a.top == b.top && a.bottom == b.bottom;
    }
    static bool same(const litehtml::background &a, const litehtml::background &b)
    {
        return a.m_image == b.m_image && a.m_baseurl == b.m_baseurl && same(a.m_color, b.m_color) &&
               a.m_attachment == b.m_attachment && same(a.m_position.x, b.m_position.x) &&
               same(a.m_position.y, b.m_position.y) && same(a.m_position.width, b.m_position.width) &&
               same(a.m_position.height, b.m_position.height) && a.m_repeat == b.m_repeat &&
               a.m_clip == b.m_clip && a.m_origin == b.m_origin && same(a.m_radius, b.m_radius);
    }
    static bool same(const litehtml::font_metrics &a, const litehtml::font_metrics &b)
    {
        return a.height == b.height && a.ascent == b.ascent && a.descent == b.descent &&
               a.x_height == b.x_height && a.draw_spaces == b.draw_spaces;
    }
    template <class T> static bool same(const T &a, const T &b) { return a == b; }

    static const char *differs(const litehtml::html_tag &x, const litehtml::html_tag &y)
    {
#define SB_SAME(m)                                                                                 \
    if (!same(x.*(&computed_compare::m), y.*(&computed_compare::m)))                               \
        return #m;
        SB_SAME(m_el_position);
        SB_SAME(m_text_align);
        SB_SAME(m_overflow);
        SB_SAME(m_white_space);
        SB_SAME(m_display);
        SB_SAME(m_visibility);
        SB_SAME(m_box_sizing);
        SB_SAME(m_z_index);
        SB_SAME(m_vertical_align);
        SB_SAME(m_float);
        SB_SAME(m_clear);
        SB_SAME(m_css_text_indent);
        SB_SAME(m_css_width);
        SB_SAME(m_css_height);
        SB_SAME(m_css_min_width);
        SB_SAME(m_css_min_height);
        SB_SAME(m_css_max_width);
        SB_SAME(m_css_max_height);
        SB_SAME(m_css_offsets);
        SB_SAME(m_css_margins);
        SB_SAME(m_css_padding);
        SB_SAME(m_css_borders);
        SB_SAME(m_margins);
        SB_SAME(m_padding);
        SB_SAME(m_borders);
        SB_SAME(m_line_height);
        SB_SAME(m_lh_predefined);
        SB_SAME(m_list_style_type);
        SB_SAME(m_list_style_position);
        SB_SAME(m_bg);
        SB_SAME(m_font);
        SB_SAME(m_font_size);
        SB_SAME(m_font_metrics);
#undef SB_SAME
        return nullptr;
    }
};

// An element's computed style, by the port (style_port) or, in the render
// sb_render_check_style_sharing compares with, by litehtml's parse
// (litehtml: the element's own parse_styles(false), for our classes
// html_tag's or el_image's, whose one addition the caller makes).  Under
// sb_render_check_style_port both run, litehtml's first, from the same
// members, and their results are compared; the port's are kept.  reset
// drops what the element remembered of its lookups between the two.
template <class Litehtml, class Reset>
void style_in_full(litehtml::html_tag &el, style_memo *memo, bool own_class,
                   Litehtml litehtml_parse, Reset reset)
{
    litehtml::document *doc = memo->doc;
    if (!port_check) {
        style_port::parse(el, memo, own_class);
        return;
    }
    litehtml::document::ptr d = el.get_document();
    litehtml::html_tag before(d), theirs(d);
    computed_access::copy(before, el);
    // its declarations too: the parse adds style="" to them, and adding
    // it twice is not always the same as once (a background shorthand's
    // position reads the one held)
    litehtml::props_map &decls = props_of(el.*member_of(tag_style{}));
    litehtml::props_map decls_before = decls;
    litehtml::elements_vector *tabular = doc ? &(doc->*member_of(doc_tabular{})) : nullptr;
    size_t n_tabular = tabular ? tabular->size() : 0;
    litehtml_parse();
    computed_access::copy(theirs, el);
    if (tabular) {
        bool filed = tabular->size() > n_tabular;
        tabular->resize(n_tabular);
        computed_access::copy(el, before);
        decls = decls_before;
        reset();
        style_port::parse(el, memo, own_class);
        if (filed != (tabular->size() > n_tabular) && port_check->bad++ == 0)
            std::snprintf(port_check->first, sizeof port_check->first,
                          "<%s>: filed as tabular by one parse only", el.get_tagName());
    } else {
        computed_access::copy(el, before);
        decls = decls_before;
        reset();
        style_port::parse(el, memo, own_class);
    }
    port_check->compared++;
    const char *what = computed_compare::differs(el, theirs);
    if (what && port_check->bad++ == 0)
        std::snprintf(port_check->first, sizeof port_check->first,
                      "<%s class=\"%s\">: %s differs from litehtml's", el.get_tagName(),
                      el.get_attr("class", ""), what);
}

// Anonymous table boxes.
//
// litehtml 0.6's document::fix_tables_layout (read from liblitehtml's
// disassembly) walks the tabular elements the styles' parse filed, in
// order, the boxes it makes included (their parse files them too): a
// table or inline table has its children that are not row groups wrapped
// in anonymous row groups; a row group (body, header, footer) whose parent
// is not an inline table is wrapped with its like siblings in an anonymous
// table when the parent is not a table, and its children that are not rows
// wrapped in anonymous rows; a row likewise in a row group and around its
// cells; a cell in a row.  Each box is a plain html_tag given the
// declaration "display:<part>" by add_style, its parent set, then styled
// by its parse_styles before the wrapped elements are appended to it.
// Here the walk is litehtml's step for step, the same boxes in the same
// places, but a box's style is computed by style_port (a box is of
// litehtml's own class: own_class) instead of litehtml's parse, about
// 57,000 instructions a box on news pages, which css_flex's translated
// rows and cells make by the hundred.  And a box whose display, parent's
// font size and parent's answers to each lookup the parse of an earlier
// box with that display made are all the same takes that box's computed
// style: the parse reads nothing else (its own declarations are the
// display alone, and it has no children yet), so it would write the same
// members.  sb_render_check_style_sharing compares whole renders with
// this and with litehtml's own fix_tables_layout (every box, font and
// word); sb_render_check_style_port compares the port's members with
// litehtml's parse on every box styled in full.
struct table_fixer {
    litehtml::document &d;
    style_memo *memo;

    static litehtml::elements_vector &kids(const litehtml::element::ptr &el)
    {
        return el.get()->*member_of(elem_children{});
    }

    // The box's style: an earlier box's, or computed by the port.
    void style_box(litehtml::html_tag &box, const char *disp_str)
    {
        litehtml::element::ptr parent = box.parent();
        int parent_font = parent->get_font_size();
        for (const style_memo::box_entry &e : memo->boxes) {
            if (std::strcmp(e.display, disp_str) != 0 || e.parent_font != parent_font)
                continue;
            bool same = true;
            for (const style_memo::parent_read &r : e.reads) {
                const litehtml::tchar_t *v = parent->get_style_property(
                    memo->keys[r.id].c_str(), r.inherited, r.def);
                if ((v == nullptr) != r.null || (v && r.value != v)) {
                    same = false;
                    break;
                }
            }
            if (!same)
                continue;
            computed_access::copy(box, *e.first);
            if (e.filed) // where its parse would have filed it
                d.add_tabular(box.shared_from_this());
            memo->boxes_shared++;
            memo->shared++; // counted with the elements that took a style
            return;
        }
        litehtml::elements_vector &tabular = d.*member_of(doc_tabular{});
        size_t n_tabular = tabular.size();
        std::vector<style_memo::parent_read> reads;
        memo->box_trace = &reads;
        memo->box_trace_bad = false;
        if (memo->port)
            style_in_full(box, memo, true, [&box] { box.parse_styles(); }, [] {});
        else
            box.parse_styles();
        memo->box_trace = nullptr;
        bool filed = tabular.size() > n_tabular;
        if (!memo->box_trace_bad && memo->boxes.size() < max_box_entries)
            memo->boxes.push_back(style_memo::box_entry{&box, disp_str, parent_font, filed,
                                                        std::move(reads)});
    }
    // Boxes kept to share from, tried in order (display and parent font
    // size first, then the reads until one differs): on the 11
    // trafilatura pages 309 boxes, of which 158 shared when 16 were kept,
    // 272 with 64 (css_flex's rows under containers of many colours and
    // fonts).
    static const size_t max_box_entries = 64;

    litehtml::element::ptr make_box(const litehtml::element::ptr &parent, const char *disp_str)
    {
        auto box = std::make_shared<litehtml::html_tag>(d.shared_from_this());
        box->add_style(litehtml::tstring("display:") + disp_str, "");
        box->parent(parent);
        memo->boxes_made++;
        style_box(*box, disp_str);
        return box;
    }

    // document::fix_table_children
    void children(const litehtml::element::ptr &el, litehtml::style_display disp,
                  const char *disp_str)
    {
        litehtml::elements_vector &ch = kids(el);
        litehtml::elements_vector tmp;
        auto first_iter = ch.begin();
        auto cur_iter = ch.begin();
        auto flush = [&]() {
            litehtml::element::ptr box = make_box(el, disp_str);
            for (const litehtml::element::ptr &t : tmp)
                box->appendChild(t);
            first_iter = ch.insert(first_iter, box);
            cur_iter = first_iter + 1;
            while (cur_iter != ch.end() && (*cur_iter)->parent() != el)
                cur_iter = ch.erase(cur_iter);
            first_iter = cur_iter;
            tmp.clear();
        };
        while (cur_iter != ch.end()) {
            if ((*cur_iter)->get_display() != disp) {
                if (!(*cur_iter)->is_table_skip() || !tmp.empty()) {
                    if (disp != litehtml::display_table_row_group ||
                        (*cur_iter)->get_display() != litehtml::display_table_caption) {
                        if (tmp.empty())
                            first_iter = cur_iter;
                        tmp.push_back(*cur_iter);
                    }
                }
                cur_iter++;
            } else if (!tmp.empty()) {
                flush();
            } else {
                cur_iter++;
            }
        }
        if (!tmp.empty())
            flush();
    }

    // document::fix_table_parent
    void parent_of(const litehtml::element::ptr &el, litehtml::style_display disp,
                   const char *disp_str)
    {
        litehtml::element::ptr parent = el->parent();
        if (parent->get_display() == disp)
            return;
        litehtml::elements_vector &ch = kids(parent);
        auto this_el = std::find(ch.begin(), ch.end(), el);
        if (this_el == ch.end())
            return;
        litehtml::style_display el_disp = el->get_display();
        auto first = this_el, last = this_el, cur = this_el;
        while (cur != ch.begin()) {
            --cur;
            if ((*cur)->is_table_skip() || (*cur)->get_display() == el_disp)
                first = cur;
            else
                break;
        }
        cur = this_el;
        for (;;) {
            ++cur;
            if (cur == ch.end())
                break;
            if ((*cur)->is_table_skip() || (*cur)->get_display() == el_disp)
                last = cur;
            else
                break;
        }
        litehtml::element::ptr box = make_box(parent, disp_str);
        for (auto it = first; it != last + 1; ++it)
            box->appendChild(*it);
        first = ch.erase(first, last + 1);
        ch.insert(first, box);
    }

    // document::fix_tables_layout
    void run()
    {
        litehtml::elements_vector &tabular = d.*member_of(doc_tabular{});
        for (size_t i = 0; i < tabular.size(); i++) {
            litehtml::element::ptr el = tabular[i];
            switch (el->get_display()) {
            case litehtml::display_inline_table:
            case litehtml::display_table:
                children(el, litehtml::display_table_row_group, "table-row-group");
                break;
            case litehtml::display_table_footer_group:
            case litehtml::display_table_row_group:
            case litehtml::display_table_header_group: {
                litehtml::element::ptr parent = el->parent();
                if (parent && parent->get_display() != litehtml::display_inline_table)
                    parent_of(el, litehtml::display_table, "table");
                children(el, litehtml::display_table_row, "table-row");
                break;
            }
            case litehtml::display_table_row:
                parent_of(el, litehtml::display_table_row_group, "table-row-group");
                children(el, litehtml::display_table_cell, "table-cell");
                break;
            case litehtml::display_table_cell:
                parent_of(el, litehtml::display_table_row, "table-row");
                break;
            default:
                break;
            }
        }
    }
};

void fix_tables(litehtml::document &d, style_memo *memo)
{
    if (memo && memo->share)
        table_fixer{d, memo}.run();
    else // litehtml's classes, or the render sb_render_check_style_sharing compares with
        (d.*member_of(doc_fix_tables_layout{}))();
}

// memo_element::own_only's names, made when the program starts: a
// function's static would be made during the first render that asks, on
// that page's heap (dom/base/page_heap.h), and keep its pages from reuse.
const std::unordered_set<litehtml::tstring> own_only_names = {
    "position", "overflow", "display", "box-sizing", "z-index", "float", "clear",
    "width", "height", "min-width", "min-height", "max-width", "max-height",
    "left", "right", "top", "bottom",
    "margin-left", "margin-right", "margin-top", "margin-bottom",
    "padding-left", "padding-right", "padding-top", "padding-bottom",
    "border-left-width", "border-right-width", "border-top-width",
    "border-bottom-width", "border-left-style", "border-right-style",
    "border-top-style", "border-bottom-style", "border-left-color",
    "border-right-color", "border-top-color", "border-bottom-color",
    "border-top-left-radius-x", "border-top-left-radius-y",
    "border-top-right-radius-x", "border-top-right-radius-y",
    "border-bottom-right-radius-x", "border-bottom-right-radius-y",
    "border-bottom-left-radius-x", "border-bottom-left-radius-y",
    "background-color", "background-position", "background-image",
    "background-image-baseurl", "background-attachment", "background-repeat",
    "background-clip", "background-origin", "background-size"};

// The empty declarations pseudo_rule below hands litehtml.  At namespace
// scope, made when the program starts: as a function's static it was
// made by the first render that asked, once per element class (a
// template's static), each registering its destructor with the C library
// then, which on a page past the first 32 such registrations allocates a
// new list of them (1,040 bytes) on that page's heap, kept there to the
// program's end (dom/base/page_heap.h).
const litehtml::tstring no_declarations;

// The box of an element that its parent reads after its render.
struct layout_box {
    litehtml::position pos;
    litehtml::margins margins, padding, borders;
};

// Layouts answered from earlier ones.
//
// litehtml 0.6 lays a table cell out at least twice per layout of its
// table (html_tag::render_table: at width 1 for its narrowest, at the
// table's width for its widest, then at its column's width unless that
// equals the last), and a table in a cell is laid out again at each
// layout of the cell, so nested tables multiply: a cell four tables
// deep is laid out dozens of times, mostly at widths it had before.
//
// An element that holds its floats (is_floats_holder: a cell, an
// inline-block, a float, an absolutely placed box, overflow other than
// visible, the root), and a table (laid out by render_table, whose
// cells hold theirs), is laid out by its own render alone: its
// descendants' line and float queries stop at it, and what render reads
// from outside it (its own and its ancestors' declarations, the
// container's fonts and sizes) does not change during the layout.  So
// render(x, y, w, second_pass) leaves the same subtree and returns the
// same width for the same w and second_pass, wherever x and y put it,
// and of the element's own state its parent reads only its box (m_pos,
// moved by x and y; margins, padding, borders), and its boxes through
// get_base_line and apply_vertical_align (memo_element's, which lay a
// pending subtree out first).
//
// So a render asked again at a w and second_pass the element was laid
// out at during this layout is answered from that layout: the return
// value and the box set as that layout set them, without laying the
// subtree out.  The subtree is then what an earlier layout left
// (placed_), and is laid out as asked (pending_, materialize) only when
// something reads it: get_base_line, apply_vertical_align, or the end
// of the root's layout (style_memo::pending), unless a later render at the
// placed_ width makes it right again, or a render laid out replaces it.
// Its box is kept as its parent has left it since.  Most answered
// renders are a cell's narrowest and widest passes, of which
// render_table reads only the width.  A render of the element from
// inside its own layout (render_box's second pass) is laid out; so is
// every render after the root's layout (render_positioned's).
// sb_render_check_render_memo compares every node with a render that
// answers none.
class layout_pending
{
  public:
    virtual ~layout_pending()
    {
        std::free(answers_);
    }
    int answered_render(style_memo &mm, int x, int y, int max_width, bool second_pass);
    // The subtree laid out as the last answered render asked, the
    // element's own box kept as its parent has left it since.
    void materialize(style_memo &mm)
    {
        if (pending_)
            materialize_now(mm);
    }
    void materialize_listed(style_memo &mm)
    {
        listed_ = false;
        materialize(mm);
    }
    void boxes_moved()
    {
        placed_ = false;
    }
    // Known to be laid out as litehtml asks: after the root's layout, or
    // an element not laid out alone.
    bool never_answered(const style_memo &mm) const
    {
        return mm.layout == 2 || contained_ == 0;
    }

  protected:
    explicit layout_pending(litehtml::element *self) : self_(self)
    {
    }
    virtual int base_render(int x, int y, int max_width, bool second_pass) = 0;

  private:
    // Laid out by its own render alone: it holds its floats, or it is a
    // table.
    bool self_contained() const
    {
        litehtml::style_display d = self_->get_display();
        return d == litehtml::display_table || d == litehtml::display_inline_table ||
               self_->is_floats_holder();
    }
    void read_box(layout_box &b) const
    {
        b.pos = self_->*member_of(elem_pos{});
        b.margins = self_->*member_of(elem_margins{});
        b.padding = self_->*member_of(elem_padding{});
        b.borders = self_->*member_of(elem_borders{});
    }
    void write_box(const layout_box &b)
    {
        self_->*member_of(elem_pos{}) = b.pos;
        self_->*member_of(elem_margins{}) = b.margins;
        self_->*member_of(elem_padding{}) = b.padding;
        self_->*member_of(elem_borders{}) = b.borders;
    }

    struct render_answer {
        int width;
        bool second_pass;
        int ret;
        layout_box box; // its pos less the x and y asked
    };
    static constexpr unsigned max_answers = 16;
    int render_now(style_memo &mm, int x, int y, int max_width, bool second_pass, bool keep);
    void materialize_now(style_memo &mm);

    litehtml::element *self_;
    render_answer *answers_ = nullptr;
    unsigned n_answers_ = 0, cap_answers_ = 0;
    signed char contained_ = -1; // self_contained(), once read
    bool in_render_ = false;
    bool placed_ = false; // the subtree is a layout at placed_width_, placed_second_
    bool placed_second_ = false;
    int placed_width_ = 0;
    bool pending_ = false; // the last render was answered: lay out as it asked
    bool listed_ = false;  // in mm.pending
    bool pend_second_ = false;
    int pend_x_ = 0, pend_y_ = 0, pend_width_ = 0;
};

int layout_pending::answered_render(style_memo &mm, int x, int y, int max_width, bool second_pass)
{
    if (mm.layout == 0) {
        if (no_render_memo || no_layout_shortcuts || self_->have_parent())
            return base_render(x, y, max_width, second_pass);
        mm.layout = 1; // the root: the layout starts here
        int ret = render_now(mm, x, y, max_width, second_pass, false);
        // what is still pending laid out, the last listed first (any order
        // gives the same boxes: laying a subtree out lays out again what it
        // holds, and what that answers is listed and laid out in turn)
        while (!mm.pending.empty()) {
            layout_pending *el = mm.pending.back();
            mm.pending.pop_back();
            el->materialize_listed(mm);
        }
        mm.layout = 2;
        return ret;
    }
    if (mm.layout != 1)
        return base_render(x, y, max_width, second_pass);
    if (contained_ < 0) // its display and position do not change in the layout
        contained_ = self_contained() ? 1 : 0;
    if (!contained_)
        return base_render(x, y, max_width, second_pass);
    if (in_render_)
        return render_now(mm, x, y, max_width, second_pass, false);
    const render_answer *a = nullptr;
    for (unsigned k = 0; k < n_answers_; k++)
        if (answers_[k].width == max_width && answers_[k].second_pass == second_pass) {
            a = &answers_[k];
            break;
        }
    if (!a) // asked at this width for the first time
        return render_now(mm, x, y, max_width, second_pass, true);
    layout_box b = a->box;
    b.pos.x = wrap_add(b.pos.x, x);
    b.pos.y = wrap_add(b.pos.y, y);
    write_box(b);
    if (placed_ && placed_width_ == max_width && placed_second_ == second_pass) {
        pending_ = false;
    } else {
        pending_ = true;
        if (!listed_) {
            listed_ = true;
            mm.pending.push_back(this);
        }
        pend_x_ = x;
        pend_y_ = y;
        pend_width_ = max_width;
        pend_second_ = second_pass;
    }
    mm.renders_answered++;
    return a->ret;
}

void layout_pending::materialize_now(style_memo &mm)
{
    layout_box kept;
    read_box(kept);
    render_now(mm, pend_x_, pend_y_, pend_width_, pend_second_, false);
    write_box(kept);
}

// litehtml's render, its answer kept when keep (a width not answered yet;
// not the root's one layout, nor a render from inside its own, nor one
// laid out as an answered one asked).
int layout_pending::render_now(style_memo &mm, int x, int y, int max_width, bool second_pass,
                               bool keep)
{
    bool was_in = in_render_;
    in_render_ = true;
    pending_ = false;
    struct restore {
        bool &flag, was;
        ~restore()
        {
            flag = was;
        }
    } r{in_render_, was_in};
    int ret = base_render(x, y, max_width, second_pass);
    placed_ = true;
    placed_width_ = max_width;
    placed_second_ = second_pass;
    if (!keep || mm.layout != 1 || n_answers_ == max_answers)
        return ret;
    if (n_answers_ == cap_answers_) { // a cell is mostly asked at three widths
        cap_answers_ = cap_answers_ ? 2 * cap_answers_ : 4;
        answers_ = (render_answer *)sb_xrealloc(answers_, cap_answers_ * sizeof *answers_);
    }
    render_answer &a = answers_[n_answers_++];
    a.width = max_width;
    a.second_pass = second_pass;
    a.ret = ret;
    read_box(a.box);
    a.box.pos.x = wrap_sub(a.box.pos.x, x);
    a.box.pos.y = wrap_sub(a.box.pos.y, y);
    return ret;
}

// Our class for every litehtml element class derived from html_tag (the
// ones that have declarations of their own).

template <class Base> class memo_element : public Base, public line_linked, public layout_pending
{
    static_assert(std::is_base_of<litehtml::html_tag, Base>::value, "own_property reads m_style");

public:
    memo_element(const std::shared_ptr<litehtml::document> &doc, style_memo *memo)
        : Base(doc), layout_pending(this), memo_(memo)
    {
        line_.floats_left = &this->m_floats_left;
        line_.floats_right = &this->m_floats_right;
    }
    ~memo_element() override
    {
        std::free(found_);
        std::free(own_);
    }

    // line_link above.
    void get_line_left_right(int y, int def_right, int &ln_left, int &ln_right) override
    {
        line_left_right(this->line_, this, y, def_right, ln_left, ln_right);
    }

    // html_tag::set_tagName of litehtml 0.6 (from its disassembly): the
    // name copied into m_tag, then each character replaced by
    // std::tolower(c, std::locale::classic()), a locale and facet lookup
    // per character (about 200 instructions each); the classic locale's
    // tolower changes 'A'..'Z' and nothing else.  No litehtml class below
    // memo_element overrides it.
    void set_tagName(const litehtml::tchar_t *tag) override
    {
        if (!memo_->parse_once) {
            Base::set_tagName(tag);
            return;
        }
        this->m_tag = tag;
        for (char &c : this->m_tag)
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
    }

    // Layouts answered from earlier ones (layout_pending above).
    int render(int x, int y, int max_width, bool second_pass) override
    {
        if (never_answered(*memo_))
            return Base::render(x, y, max_width, second_pass);
        return answered_render(*memo_, x, y, max_width, second_pass);
    }
    // What reads the subtree from outside its own layout lays it out
    // first: the table's vertical alignment of a cell (which then moves the
    // cell's boxes: what it moved is no longer a layout's own state) and a
    // line's baseline.  Its float queries (get_line_left, add_float,
    // get_floats_height...) are asked only by itself and its descendants
    // during its own layout, when nothing of it is pending.
    void apply_vertical_align() override
    {
        materialize(*memo_);
        Base::apply_vertical_align();
        boxes_moved();
    }
    int get_base_line() override
    {
        materialize(*memo_);
        return Base::get_base_line();
    }

  protected:
    int base_render(int x, int y, int max_width, bool second_pass) override
    {
        return Base::render(x, y, max_width, second_pass);
    }

  public:
    // What litehtml's html_tag::get_style_property answers, by the same
    // rule: the element's own value unless it is "inherit"; else, when
    // there is a parent and the value is "inherit" or the property is
    // inherited and not set here, the parent's answer; else def (or
    // "inherit" itself at the root).  Inherited answers are remembered.
    const litehtml::tchar_t *get_style_property(const litehtml::tchar_t *name, bool inherited,
                                                const litehtml::tchar_t *def) const override
    {
        if (!name || !memo_->open)
            return Base::get_style_property(name, inherited, def);
        int id = memo_->id_of(name);
        if (id < 0) {
            if (memo_->recording == this)
                memo_->trace_bad = true;
            return Base::get_style_property(name, inherited, def);
        }
        if (inherited) {
            for (unsigned k = 0; k < n_found_; k++)
                if (found_[k].id == id)
                    return found_[k].value ? found_[k].value : def;
        }
        const litehtml::tchar_t *own = own_property(id);
        if (own && !is_inherit(own))
            return remember(inherited, id, own, def);
        if (!own && !inherited)
            return def;
        litehtml::element::ptr parent = this->parent();
        if (!parent)
            return inherited ? remember(true, id, own, def) : own ? own : def;
        if (!inherited)
            return record(id, false, def, parent->get_style_property(name, false, def));
        return remember(true, id,
                        record(id, true, nullptr, parent->get_style_property(name, true, nullptr)),
                        def);
    }

    // A read of the parent made by this element's own parse, kept while
    // the parse is recorded (parse_styles).
    const litehtml::tchar_t *record(int id, bool inherited, const litehtml::tchar_t *def,
                                    const litehtml::tchar_t *value) const
    {
        if (memo_->recording == this)
            memo_->trace.push_back(
                style_memo::parent_read{id, inherited, def, value == nullptr, value ? value : ""});
        return value;
    }

    // The sheet being applied from the root, reduced to this element's
    // candidates (sheet_index).  litehtml hands the children the sheet it
    // was given, here the reduced one: each child takes the whole sheet
    // from the index again.
    void apply_stylesheet(const litehtml::css &sheet) override
    {
        if (!memo_->index) {
            Base::apply_stylesheet(sheet);
            return;
        }
        sheet_index &ix = *memo_->index;
        size_t from = ix.anc_keys.size(); // this element's keys, not yet counted
        // made for the first sheet applied (the user-agent sheet) and kept
        // for the page's: its tag, id and classes do not change between
        // the two (parse_attributes, run between them, reads attributes
        // into declarations and sets none)
        if (!keys_made_) {
            sheet_index::element_keys(*this, keys_);
            keys_made_ = true;
        }
        ix.anc_keys.insert(ix.anc_keys.end(), keys_.begin(), keys_.end());
        litehtml::element::ptr parent = this->parent();
        const litehtml::element *last = ix.anc_el.empty() ? nullptr : ix.anc_el.back();
        ix.candidates(ix.anc_keys.data() + from, ix.anc_keys.size() - from,
                      !ix.broken && last == parent.get(), ix.picked);
        for (int i : ix.never_out) // only when checked
            check_never(*ix.full->selectors()[(size_t)i]);
        ix.enter(*this, parent.get(), from);
        if (memo_->parse_once) {
            // el_anchor::apply_stylesheet's own step before litehtml's loop
            // (from its disassembly): a "link" pseudo-class for an anchor
            // with an href, added each time a sheet is applied
            if (std::is_same<Base, litehtml::el_anchor>::value && this->get_attr("href", nullptr))
                this->m_pseudo_classes.push_back("link");
            apply_rules(ix.full->selectors(), ix.picked, sheet);
        } else {
            litehtml::css mine;
            litehtml::css_selector::vector &dst = mine.*member_of(css_selectors{});
            for (int i : ix.picked)
                dst.push_back(ix.full->selectors()[(size_t)i]);
            Base::apply_stylesheet(mine);
        }
        ix.leave();
    }

    // sb_render_check_never_applied: litehtml does not apply sel here
    // (sheet_index::never_applied): its select(sel, false) fails, or
    // answers select_match_pseudo_class and select(sel, true) fails.
    void check_never(const litehtml::css_selector &sel)
    {
        int first = this->select(sel, false);
        bool applied = first != litehtml::select_no_match &&
                       (!(first & litehtml::select_match_pseudo_class) ||
                        this->select(sel, true) != litehtml::select_no_match);
        never_check->pairs++;
        if (applied && never_check->bad++ == 0)
            std::snprintf(never_check->first, sizeof never_check->first,
                          "<%s class=\"%s\">: a rule on <%s> left out, litehtml applies it (%d)",
                          this->get_tagName(), this->get_attr("class", ""),
                          sel.m_right.m_tag.c_str(), first);
    }

    // A matched rule's declarations, parsed once per rule.  litehtml keeps
    // a rule's declarations as text and html_tag::add_style parses it
    // again for every element the rule matches (style::parse: split on
    // ';', trimmed, lower-cased, shorthands expanded, values checked),
    // writing each result with style::add_parsed_property, which keeps an
    // !important value against a later plain one and otherwise overwrites.
    // Writing a rule's writes in turn, or only the last write of each name
    // (what parsing the rule into an empty map leaves), gives the same
    // map whatever the element already holds: the first !important write
    // of a name wins over a plain value held, the first plain write loses
    // to an !important one held, and from there both sequences agree.  So
    // the rule is parsed once into an empty map and its names are written
    // here by that rule.  The parse reads the element only to substitute
    // var() (style::subst_vars), so a rule whose text holds "var(" is
    // parsed for each element as before.
    void add_style(const litehtml::tstring &style, const litehtml::tstring &baseurl) override
    {
        if (!memo_->parse_once || style.find("var(") != litehtml::tstring::npos) {
            Base::add_style(style, baseurl);
            return;
        }
        write_rule(props_of(this->m_style), parsed_rule(style, baseurl));
    }

    // The declarations of a rule's text parsed into an empty map, once per
    // rule (add_style above).
    const litehtml::props_map &parsed_rule(const litehtml::tstring &style,
                                           const litehtml::tstring &baseurl)
    {
        style_memo::parsed_rule &rule = memo_->rules[&style];
        if (rule.text != style || rule.baseurl != baseurl || style.empty()) {
            // new, or another text at a freed rule's address
            rule.text = style;
            rule.baseurl = baseurl;
            litehtml::props_map *kept = nullptr;
            std::string key;
            if (memo_->applying_ua) {
                key.reserve(baseurl.size() + 1 + style.size());
                key.append(baseurl).append(1, '\0').append(style);
                auto it = ua_rules.find(key);
                if (it != ua_rules.end())
                    kept = &it->second;
            }
            if (kept) {
                rule.props = *kept;
            } else {
                litehtml::style parsed;
                parsed.add(style.c_str(), baseurl.c_str(), this);
                rule.props = props_of(parsed);
                if (memo_->applying_ua) {
                    on_thread_heap keep; // kept past the page
                    if (ua_rules.size() >= ua_rules_max)
                        ua_rules.clear();
                    // a copy of the key: its bytes were made on the page's heap
                    ua_rules.emplace(std::string(key), rule.props);
                }
            }
        } else {
            memo_->rules_reused++;
        }
        return rule.props;
    }

    // A parsed rule's names written into an element's map, each as
    // style::add_parsed_property writes it (add_style above).
    static void write_rule(litehtml::props_map &mine, const litehtml::props_map &rule)
    {
        // An element's first rule (the map is empty): writing the rule's
        // names one by one into an empty map leaves a copy of the rule's
        // map, made here in one copy without a search per name.
        if (mine.empty()) {
            mine = rule;
            return;
        }
        for (const auto &kv : rule) {
            auto it = mine.lower_bound(kv.first);
            if (it == mine.end() || it->first != kv.first)
                mine.emplace_hint(it, kv.first, kv.second);
            else if (!it->second.m_important || kv.second.m_important)
                it->second = kv.second;
        }
    }

    // litehtml 0.6's html_tag::apply_stylesheet (read from liblitehtml's
    // disassembly), for the rules of a ::before or ::after: that loop
    // hands each of them to litehtml's own el_before/el_after element
    // (html_tag::get_element_before/after, not virtual, so the element is
    // none of our classes), whose add_style parses the rule's text again
    // for every element it styles (style::parse; about 7,000 instructions
    // a rule on the trafilatura pages) before reading its "content".
    // Here the rule, parsed once (parsed_rule), is written into that
    // element's map as html_tag::add_style would write it (write_rule),
    // and the element's add_style is then called with an empty text: its
    // parse of "" writes nothing, and its "content" part reads the same
    // map as before.  Everything else is litehtml's loop in its order:
    // the pseudo-elements dropped first, each rule selected once without
    // its pseudo-classes and once with them when it has any, the media
    // query checked, the ::after tested before the ::before, then the
    // children that are not inline text styled (each of ours takes its
    // candidates from the index, whatever sheet it is handed).  A rule
    // whose text holds "var(" goes to the element's add_style as before
    // (its parse reads the element's custom properties).  The rules are
    // read from the sheet by their places (sheet_index::candidates),
    // without a list of shared pointers made per element.
    // Left out: litehtml notes each matched rule in m_used_styles (a
    // used_selector allocated per element and rule, holding a shared
    // pointer to it).  Only html_tag::refresh_styles and
    // find_styles_changes read that list (liblitehtml's disassembly: no
    // other function reads the member), for a change of media or of a
    // pseudo-class by the mouse (document::media_changed, on_mouse_over
    // and the like), none of which a render here calls.
    void apply_rules(const litehtml::css_selector::vector &sels, const std::vector<int> &picked,
                     const litehtml::css &sheet)
    {
        this->remove_before_after();
        for (int i : picked) {
            const litehtml::css_selector &sel = *sels[(size_t)i];
            int apply = this->select(sel, false);
            if (apply == litehtml::select_no_match || !sel.is_media_valid())
                continue;
            if ((apply & litehtml::select_match_pseudo_class) && !this->select(sel, true))
                continue;
            if (apply & litehtml::select_match_with_after)
                pseudo_rule(this->get_element_after(), sel);
            else if (apply & litehtml::select_match_with_before)
                pseudo_rule(this->get_element_before(), sel);
            else
                this->add_style(sel.m_style, sel.m_baseurl);
        }
        for (const litehtml::element::ptr &el : this->m_children)
            if (el->get_display() != litehtml::display_inline_text)
                el->apply_stylesheet(sheet);
    }

    // A ::before or ::after element given a rule (apply_rules).
    void pseudo_rule(const litehtml::element::ptr &el, const litehtml::css_selector &sel)
    {
        if (!el)
            return;
        if (sel.m_style.empty() || sel.m_style.find("var(") != litehtml::tstring::npos) {
            el->add_style(sel.m_style, sel.m_baseurl);
            return;
        }
        auto *tag = static_cast<litehtml::html_tag *>(el.get());
        write_rule(props_of(tag->*member_of(tag_style{})), parsed_rule(sel.m_style, sel.m_baseurl));
        el->add_style(no_declarations, sel.m_baseurl);
    }

    // html_tag::set_attr, with the name lower-cased by ASCII: litehtml's
    // own folds each character through std::tolower with the classic
    // locale (a facet lookup per character, the larger part of setting an
    // attribute), which changes A-Z only.  The rest is litehtml's: the
    // value stored under the folded name, and a class attribute split into
    // the element's class values on spaces.
    // html_tag::get_attr: the value stored under name in m_attrs, else def.
    // litehtml's builds a std::string of the name for the map's find (a
    // strlen, a copy, a string compare per level of the tree): about 210
    // instructions a call on the 40 readability pages around the median,
    // 48 M in all, asked by litehtml's selector matching (each attribute
    // and class condition), our candidates' keys (sheet_index), the style
    // memo and our walk.  Here the map is read in its order with strcmp:
    // its names come from C strings (set_attr, ours and litehtml's, the
    // only writers of an element's attributes), so they hold no NUL, and
    // for such strings strcmp orders as std::string's compare does
    // (bytes unsigned, a prefix first); so the walk stops at the first
    // name past the one asked.  Elements hold a few attributes.  A NULL
    // name goes to litehtml's (which throws, as std::string does).
    // sb_render_check_style_lookups compares every element's matched
    // rules with litehtml's own classes, whose matching asks litehtml's.
    const litehtml::tchar_t *get_attr(const litehtml::tchar_t *name,
                                      const litehtml::tchar_t *def = nullptr) const override
    {
        if (!name)
            return Base::get_attr(name, def);
        // strcmp's order, its first byte told apart without the call (most
        // names differ there)
        unsigned char first = (unsigned char)name[0];
        for (const auto &kv : this->m_attrs) {
            unsigned char k = (unsigned char)kv.first[0];
            if (k != first) {
                if (k > first)
                    break;
                continue;
            }
            int c = std::strcmp(kv.first.c_str(), name);
            if (c == 0)
                return kv.second.c_str();
            if (c > 0)
                break;
        }
        return def;
    }

    void set_attr(const litehtml::tchar_t *name, const litehtml::tchar_t *val) override
    {
        if (!memo_->parse_once) {
            Base::set_attr(name, val);
            return;
        }
        if (!name || !val)
            return;
        litehtml::tstring key(name);
        for (char &c : key)
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
        // make_nodes sets an element's attributes in the order of their
        // names: a key past the map's last goes in at the end without a
        // search (the map's content as with operator[]); any other (names
        // out of order once folded, or set again) as before.
        litehtml::string_map &attrs = this->m_attrs;
        bool is_class = key == "class"; // t_strcasecmp(name, "class"): key is name folded
        if (attrs.empty() || attrs.rbegin()->first < key)
            attrs.emplace_hint(attrs.end(), std::move(key), val);
        else
            attrs[key] = val;
        if (is_class) {
            this->m_class_values.resize(0);
            split_classes(val, this->m_class_values);
        }
    }

    // litehtml::split_string(val, out, " ") as html_tag::set_attr calls it:
    // the runs between spaces, empty ones dropped.  Its general form (kept
    // delimiters, quotes and brackets; a double quote keeps the spaces up to
    // the next one in the token) builds its delimiter string, a token copy
    // and find_first_of calls per class: a value with a double quote still
    // goes to it, the others are cut here on the same spaces.
    static void split_classes(const char *val, litehtml::string_vector &out)
    {
        if (std::strchr(val, '"')) {
            litehtml::split_string(val, out, " ");
            return;
        }
        const char *p = val;
        while (*p) {
            while (*p == ' ')
                p++;
            const char *start = p;
            while (*p && *p != ' ')
                p++;
            if (p > start)
                out.emplace_back(start, (size_t)(p - start));
        }
    }

    // Elements inside a display:none one are never laid out, and our walk
    // (extract_nodes) stops at the hidden element, so their styles are
    // never read: litehtml computes a parent's style, display included,
    // before its children's, and here a child of a hidden element skips
    // computing its own and so its whole subtree's.  (Text directly in the
    // hidden element is litehtml's own class and is still styled.)  Menus,
    // dialogs and panels hidden by the stylesheet, a style="" attribute or
    // [hidden] are a few percent of a news page's elements, up to half.
    //
    // Computed styles shared.  html_tag::parse_styles computes an element's
    // style from nothing but its own declarations (m_style, style="" added
    // first), its parent's answers to inherited lookups, and its parent's
    // font size; it starts from the values the constructor set and writes
    // the same members every time.  Two elements of the same class whose
    // own declarations are equal and whose parents are of one style class
    // (share_id: the same holds for them, up to the root, which has a class
    // of its own) therefore get equal computed styles, and the second one
    // copies the first's (copy_computed) instead of computing about sixty
    // properties from strings.  Siblings in a list, the paragraphs of a
    // story, the links of a menu are such elements.  A style="" attribute
    // is added to the declarations during the parse, so an element with
    // one keys on its text too, and the first one keeps its declarations
    // from before it (before_style_).  A parent's style class is finer
    // than what its children read of it: their parse reads its answers to
    // inherited lookups and its font size, and its own declarations only
    // through a value "inherit".  So an element with no such value keys on
    // its parent's inherit class instead (inherit_class: equal for parents
    // whose declarations differ only in their box, position or
    // background), and cards boxed differently share their paragraphs.
    // Left out: el_table, whose
    // parse_styles does more (see shareable), and tabular elements (tables, inline tables and their
    // parts), which the parse also files in the document for
    // fix_tables_layout.  The children of a copied element are styled one
    // by one as before; sb_render_check_style_sharing compares whole
    // renders with and without sharing.
    void parse_styles(bool is_reparse) override
    {
        memo_->open = true;
        n_found_ = 0;    // this element's declarations are complete from here
        std::free(own_); // style="" (or limit_floats) adds to them: read anew
        own_ = nullptr;
        litehtml::element::ptr parent = this->parent();
        if (parent && parent->get_display() == litehtml::display_none) {
            memo_->unstyled++;
            return;
        }
        if (is_reparse || !memo_->share) {
            Base::parse_styles(is_reparse);
            return;
        }
        // the parent's style class, when it is the element styling its
        // children now (0: unknown, nothing shared)
        int parent_id = parent && parent.get() == memo_->share_parent ? memo_->share_parent_id : 0;
        bool keyed = parent_id && shareable();
        const litehtml::tchar_t *style = keyed ? this->get_attr("style") : nullptr;
        // keyed on the parent's inherit class when no own value is
        // "inherit" (which reads the parent's own declarations), else on
        // its style class
        int parent_inh = parent_id ? memo_->share_parent_inh : 0;
        key_parent_ = parent_inh && !reads_parent_own(style) ? -parent_inh : parent_id;
        uint64_t key = keyed ? share_key(key_parent_, style) : 0;
        if (keyed) {
            auto it = memo_->share_first.find(key);
            // the element read through a plain pointer: typeid of an
            // iterator's operator-> result is an expression with side
            // effects to clang (-Wpotentially-evaluated-expression)
            const litehtml::element *first_el =
                it != memo_->share_first.end() ? it->second : nullptr;
            if (first_el && typeid(*first_el) == typeid(*this)) {
                const memo_element &first = static_cast<const memo_element &>(*first_el);
                if (first.share_id_ && first.key_parent_ == key_parent_ &&
                    same_declarations(first, style)) {
                    // what litehtml's parse would add first
                    if (style)
                        this->m_style.add(style, nullptr, this);
                    copy_computed(first);
                    image_loaded();
                    share_id_ = first.share_id_;
                    inh_id_ = first.inh_id_;
                    memo_->shared++;
                    style_children();
                    return;
                }
            }
        }
        // Second chance: an element of this class with these declarations
        // (no style="") was styled in full before, under another parent.
        // litehtml's parse of an element reads nothing but its own
        // declarations, its parent's font size and its parent's answers
        // to the lookups it makes (each lookup chosen by the declarations
        // and the answers before it), so when this parent gives the same
        // font size and the same answer to each lookup that parse made,
        // the parse would write the same members here.  The element takes
        // them, with a style class of its own (its children may ask the
        // parent what the first one's parse did not) and its inherit class
        // found anew.
        bool traceable = keyed && !style;
        uint64_t tkey = traceable ? share_key(0, nullptr) : 0;
        if (traceable && memo_->trace_on) {
            auto it = memo_->trace_first.find(tkey);
            // the first element read through a plain pointer: typeid of an
            // iterator's member is an operand with side effects (clang)
            const auto *first_seen = it != memo_->trace_first.end() ? it->second.first : nullptr;
            if (first_seen && typeid(*first_seen) == typeid(*this) &&
                same_trace(it->second, parent.get())) {
                const memo_element &first = static_cast<const memo_element &>(*it->second.first);
                if (same_declarations(first, nullptr)) {
                    copy_computed(first);
                    image_loaded();
                    share_id_ = memo_->next_share_id++;
                    inh_id_ = inherit_class(parent_inh);
                    memo_->shared++;
                    memo_->traced++;
                    style_children();
                    memo_->share_first.emplace(key, this);
                    return;
                }
            }
        }
        share_id_ = memo_->next_share_id++;
        const litehtml::element *outer = memo_->share_parent;
        int outer_id = memo_->share_parent_id;
        int outer_inh = memo_->share_parent_inh;
        memo_->share_parent = this;
        memo_->share_parent_id = share_id_;
        memo_->share_parent_inh = 0; // not known until the parse is done
        // litehtml files a tabular element (tables, inline tables, their
        // parts) before it styles the children: such an element is at
        // this index afterwards, and is not copied
        litehtml::elements_vector *tabular =
            memo_->doc ? &(memo_->doc->*member_of(doc_tabular{})) : nullptr;
        size_t n_tabular = tabular ? tabular->size() : 0;
        // style="" is added to the declarations by the parse: the ones
        // before it are kept for comparing (same_declarations)
        if (keyed && style)
            before_style_.reset(new litehtml::props_map(props_of(this->m_style)));
        bool recorded = false;
        std::vector<style_memo::parent_read> reads;
        if (shareable()) {
            // html_tag::parse_styles styles the children last, one by one:
            // done here instead (style_children), words included
            litehtml::elements_vector kids;
            kids.swap(this->m_children);
            recorded = traceable && memo_->trace_on && !memo_->recording &&
                       !memo_->trace_first.count(tkey);
            if (recorded) {
                memo_->recording = this;
                memo_->trace.clear();
                memo_->trace_bad = false;
            }
            if (memo_->port) {
                style_in_full(
                    *this, memo_, false, [this] { Base::parse_styles(false); },
                    [this] {
                        n_found_ = 0;
                        std::free(own_);
                        own_ = nullptr;
                    });
                image_loaded();
            } else {
                Base::parse_styles(false);
            }
            if (recorded) {
                memo_->recording = nullptr;
                reads.swap(memo_->trace); // before the children record theirs
            }
            kids.swap(this->m_children);
            inh_id_ = inherit_class(parent_inh);
            style_children();
        } else {
            Base::parse_styles(false);
        }
        memo_->share_parent = outer;
        memo_->share_parent_id = outer_id;
        memo_->share_parent_inh = outer_inh;
        bool filed =
            !tabular || (tabular->size() > n_tabular && (*tabular)[n_tabular].get() == this);
        if (recorded && !filed && !memo_->trace_bad)
            memo_->trace_first.emplace(
                tkey, style_memo::trace_entry{this, parent->get_font_size(), std::move(reads)});
        if (!keyed || filed || !memo_->share_first.emplace(key, this).second)
            before_style_.reset();
    }

    // Whether parent gives the font size and the answers the parse of
    // the trace's element read of its own parent.
    bool same_trace(const style_memo::trace_entry &t, litehtml::element *parent) const
    {
        if (parent->get_font_size() != t.parent_font)
            return false;
        for (const style_memo::parent_read &r : t.reads) {
            const litehtml::tchar_t *v =
                parent->get_style_property(memo_->keys[r.id].c_str(), r.inherited, r.def);
            if (!v != r.null || (v && r.value != v))
                return false;
        }
        return true;
    }

    // The value this element's own declarations give the property, NULL
    // when they do not set it (exposed for sb_render_check_style_lookups).
    const litehtml::tchar_t *own_property(int id) const
    {
        if (!own_)
            own_ = own_table::build(props_of(this->m_style), *memo_);
        if (own_ && id < own_->n_known) {
            uint64_t word = own_->bits[id >> 6], bit = 1ull << (id & 63);
            if (!(word & bit))
                return nullptr;
            unsigned rank = own_->rank[id >> 6] + (unsigned)__builtin_popcountll(word & (bit - 1));
            return own_->values[rank];
        }
        const litehtml::props_map &props = props_of(this->m_style);
        auto it = props.find(memo_->keys[id]);
        return it == props.end() ? nullptr : it->second.m_value.c_str();
    }

private:
    struct found {
        int id;
        const litehtml::tchar_t *value; // NULL: set nowhere up to the root
    };
    std::vector<uint64_t> keys_; // sheet_index::element_keys, once (apply_stylesheet)
    bool keys_made_ = false;
    style_memo *memo_;
    int share_id_ = 0; // style class (parse_styles); 0: not styled yet
    int inh_id_ = 0;   // inherit class (inherit_class); 0: unknown
    // The parent class its key used: the parent's style class, or minus
    // its inherit class.
    int key_parent_ = 0;
    // Its own declarations before style="" was added, while it is the
    // first of its key and has a style attribute.
    std::unique_ptr<litehtml::props_map> before_style_;

    // Classes whose parse_styles is html_tag's, or el_image's, which adds
    // only a call of the container's load_image (image_loaded); el_table
    // adds its own steps.
    static constexpr bool shareable()
    {
        return !std::is_base_of<litehtml::el_table, Base>::value;
    }

    // What el_image::parse_styles does after html_tag's: ask the container
    // to load the picture, to be redrawn when ready if its width and
    // height are both given.  (Our container's load_image does nothing;
    // a copied image makes the same call all the same.)
    void image_loaded()
    {
        if constexpr (std::is_base_of<litehtml::el_image, Base>::value) {
            const litehtml::tstring &src = (*this).*member_of(image_src{});
            if (!src.empty())
                this->get_document()->container()->load_image(
                    src.c_str(), nullptr,
                    !this->m_css_height.is_predefined() && !this->m_css_width.is_predefined());
        }
    }

    // Whether the parse would read the parent's own declarations: a value
    // "inherit" (a non-inherited property set to it asks the parent's own
    // value), in the declarations or in style="" (looked for as text).
    bool reads_parent_own(const litehtml::tchar_t *style) const
    {
        for (const auto &kv : props_of(this->m_style))
            if (is_inherit(kv.second.m_value.c_str()))
                return true;
        return style && strcasestr(style, "inherit");
    }

    // Properties litehtml's parse (html_tag::parse_styles, init_font,
    // parse_background, el_text's, el_image's and el_table's) reads of an
    // element only as its own, never through a child's inherited lookup:
    // the box, position and background.  A child reads one of them from
    // its parent only when its own value is "inherit" (reads_parent_own).
    static bool own_only(const litehtml::tstring &name)
    {
        return own_only_names.count(name) != 0;
    }

    // This element's inherit class, once its own style is computed: what
    // its children can read of it (its answers to inherited lookups, its
    // font size) is the same for two elements whose parents are of one
    // inherit class and whose declarations are equal but for own_only
    // properties, with equal font sizes.  A class of its own when the
    // parent's is unknown.
    int inherit_class(int parent_inh) const
    {
        if (!parent_inh)
            return memo_->next_inh_id++;
        uint64_t h = 14695981039346656037ull;
        auto mix = [&h](const void *p, size_t n) { mix_bytes(h, p, n); };
        int font_size = this->m_font_size;
        mix(&parent_inh, sizeof parent_inh);
        mix(&font_size, sizeof font_size);
        const litehtml::props_map &mine = props_of(this->m_style);
        for (const auto &kv : mine) {
            if (own_only(kv.first))
                continue;
            mix(kv.first.data(), kv.first.size() + 1);
            mix(kv.second.m_value.data(), kv.second.m_value.size() + 1);
            mix(&kv.second.m_important, sizeof kv.second.m_important);
        }
        auto it = memo_->inh_first.find(h);
        if (it == memo_->inh_first.end()) {
            int id = memo_->next_inh_id++;
            memo_->inh_first.emplace(h, style_memo::inherit_entry{this, parent_inh, font_size, id});
            return id;
        }
        const style_memo::inherit_entry &e = it->second;
        if (e.parent_inh != parent_inh || e.font_size != font_size)
            return memo_->next_inh_id++;
        const litehtml::props_map &theirs = props_of(e.first->*member_of(tag_style{}));
        auto i = mine.begin(), j = theirs.begin();
        for (;;) {
            while (i != mine.end() && own_only(i->first))
                ++i;
            while (j != theirs.end() && own_only(j->first))
                ++j;
            if (i == mine.end() || j == theirs.end())
                break;
            if (i->first != j->first || i->second.m_value != j->second.m_value ||
                i->second.m_important != j->second.m_important)
                return memo_->next_inh_id++;
            ++i;
            ++j;
        }
        return i == mine.end() && j == theirs.end() ? e.id : memo_->next_inh_id++;
    }

    // A hash of the parent's style class, this class and the element's own
    // declarations (names, values, !important); equal keys are confirmed
    // by same_declarations.
    uint64_t share_key(int parent_id, const litehtml::tchar_t *style) const
    {
        uint64_t h = 14695981039346656037ull;
        auto mix = [&h](const void *p, size_t n) { mix_bytes(h, p, n); };
        size_t type = typeid(*this).hash_code();
        mix(&parent_id, sizeof parent_id);
        mix(&type, sizeof type);
        for (const auto &kv : props_of(this->m_style)) {
            mix(kv.first.data(), kv.first.size() + 1);
            mix(kv.second.m_value.data(), kv.second.m_value.size() + 1);
            mix(&kv.second.m_important, sizeof kv.second.m_important);
        }
        if (style)
            mix(style, std::strlen(style) + 1);
        return h;
    }

    // This element's declarations (style="" not added yet) and style=""
    // against the first element's, as they were before its parse.
    bool same_declarations(const memo_element &other, const litehtml::tchar_t *style) const
    {
        const litehtml::tchar_t *other_style = other.get_attr("style");
        if (!style != !other_style || (style && std::strcmp(style, other_style) != 0))
            return false;
        if (style && !other.before_style_)
            return false;
        const litehtml::props_map &a = props_of(this->m_style);
        const litehtml::props_map &b = style ? *other.before_style_ : props_of(other.m_style);
        if (a.size() != b.size())
            return false;
        for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
            if (i->first != j->first || i->second.m_value != j->second.m_value ||
                i->second.m_important != j->second.m_important)
                return false;
        return true;
    }

    // Every member html_tag::parse_styles (with init_font and
    // parse_background) writes, from an element it gave the same values.
    void copy_computed(const memo_element &s) { computed_access::copy(*this, s); }

    // What html_tag::parse_styles ends with: the children, each styled
    // with this element as the parent whose class they key on.
    void style_children()
    {
        const litehtml::element *outer = memo_->share_parent;
        int outer_id = memo_->share_parent_id;
        int outer_inh = memo_->share_parent_inh;
        memo_->share_parent = this;
        memo_->share_parent_id = share_id_;
        memo_->share_parent_inh = inh_id_;
        words w;
        for (auto &el : this->m_children) {
            const litehtml::element *child = el.get(); // typeid through a plain pointer
            const std::type_info &type = typeid(*child);
            if (type == typeid(word_text) || type == typeid(litehtml::el_text))
                style_word(static_cast<litehtml::el_text &>(*el), false, w);
            else if (type == typeid(word_space) || type == typeid(litehtml::el_space))
                style_word(static_cast<litehtml::el_text &>(*el), true, w);
            else if (type == typeid(litehtml::el_before) || type == typeid(litehtml::el_after))
                style_pseudo(static_cast<litehtml::html_tag &>(*el));
            else
                el->parse_styles();
        }
        memo_->share_parent = outer;
        memo_->share_parent_id = outer_id;
        memo_->share_parent_inh = outer_inh;
    }

    // A ::before or ::after element of this one (litehtml's el_before and
    // el_after, made while the sheet was applied), styled like our own
    // elements: its parse (html_tag::parse_styles, not overridden) reads
    // its own declarations, which a pseudo-element holds only from rules
    // (no attributes), and this element's answers and font size.  So one
    // of the same class with equal declarations under a parent of the
    // same inherit class (the same style class when a value is "inherit")
    // copies the first one's computed style; its children (the content's
    // words) are styled by their own parse as litehtml would.  One filed
    // as tabular (display: table...) is not copied, as in parse_styles.
    void style_pseudo(litehtml::html_tag &p)
    {
        const litehtml::props_map &decls = props_of(p.*member_of(tag_style{}));
        bool reads_own = false;
        for (const auto &kv : decls)
            if (is_inherit(kv.second.m_value.c_str()))
                reads_own = true;
        int key_parent = inh_id_ && !reads_own ? -inh_id_ : share_id_;
        uint64_t h = 14695981039346656037ull;
        auto mix = [&h](const void *b, size_t n) { mix_bytes(h, b, n); };
        size_t type = typeid(p).hash_code();
        mix(&key_parent, sizeof key_parent);
        mix(&type, sizeof type);
        for (const auto &kv : decls) {
            mix(kv.first.data(), kv.first.size() + 1);
            mix(kv.second.m_value.data(), kv.second.m_value.size() + 1);
            mix(&kv.second.m_important, sizeof kv.second.m_important);
        }
        auto it = memo_->pseudo_first.find(h);
        if (it != memo_->pseudo_first.end() && it->second.key_parent == key_parent) {
            litehtml::html_tag &first = *it->second.first;
            const litehtml::props_map &theirs = props_of(first.*member_of(tag_style{}));
            bool same = typeid(first) == typeid(p) && theirs.size() == decls.size();
            for (auto i = decls.begin(), j = theirs.begin(); same && i != decls.end(); ++i, ++j)
                same = i->first == j->first && i->second.m_value == j->second.m_value &&
                       i->second.m_important == j->second.m_important;
            if (same) {
                computed_access::copy(p, first);
                memo_->shared++;
                for (int i = 0; i < (int)p.get_children_count(); i++)
                    p.get_child(i)->parse_styles();
                return;
            }
        }
        litehtml::elements_vector *tabular =
            memo_->doc ? &(memo_->doc->*member_of(doc_tabular{})) : nullptr;
        size_t n_tabular = tabular ? tabular->size() : 0;
        if (memo_->port)
            style_in_full(p, memo_, true, [&p] { p.parse_styles(); }, [] {});
        else
            p.parse_styles();
        bool filed =
            !tabular || (tabular->size() > n_tabular && (*tabular)[n_tabular].get() == &p);
        if (!filed)
            memo_->pseudo_first.emplace(h, style_memo::pseudo_entry{&p, key_parent});
    }

    // What el_text::parse_styles reads of its parent, asked once for all
    // the words of this element instead of once per word: the inherited
    // text-transform (through the parent, as el_text's own lookup goes),
    // the font and its metrics, white-space (el_space's is_white_space and
    // is_break), and the width of a collapsed space.
    struct words {
        bool known = false;
        bool transformed = false; // text-transform other than none
        litehtml::uint_ptr font = 0;
        litehtml::font_metrics fm;
        litehtml::white_space ws = litehtml::white_space_normal;
        litehtml::document_container *cont = nullptr;
        int space_width = -1;
    };

    // el_text::parse_styles (and el_space's, which is el_text's with its
    // own is_white_space and is_break), member by member, for a word or
    // space whose parent is this element.  A text-transform sends every
    // word to litehtml's own parse.
    void style_word(litehtml::el_text &t, bool space, words &w)
    {
        if (!w.known) {
            w.known = true;
            w.transformed =
                litehtml::value_index(this->get_style_property("text-transform", true, "none"),
                                      text_transform_strings, litehtml::text_transform_none) !=
                litehtml::text_transform_none;
            w.font = this->get_font(&w.fm);
            w.ws = this->get_white_space();
            w.cont = this->get_document()->container();
        }
        if (w.transformed) {
            t.parse_styles(false);
            return;
        }
        const litehtml::tstring &text = t.*member_of(text_text{});
        litehtml::tstring &shown = t.*member_of(text_transformed{});
        bool &use_shown = t.*member_of(text_use_transformed{});
        t.*member_of(text_transform{}) = litehtml::text_transform_none;
        bool collapsed = space && (w.ws == litehtml::white_space_normal ||
                                   w.ws == litehtml::white_space_nowrap ||
                                   w.ws == litehtml::white_space_pre_line);
        if (collapsed) {
            shown = " ";
            use_shown = true;
        } else if (text.size() == 1 && (text[0] == '\t' || text[0] == '\n' || text[0] == '\r')) {
            shown = text[0] == '\t' ? "    " : "";
            use_shown = true;
        }
        bool is_break =
            space &&
            (w.ws == litehtml::white_space_pre || w.ws == litehtml::white_space_pre_line ||
             w.ws == litehtml::white_space_pre_wrap) &&
            text == "\n";
        litehtml::size &sz = t.*member_of(text_size{});
        if (is_break) {
            sz.height = 0;
            sz.width = 0;
        } else {
            sz.height = w.fm.height;
            if (collapsed) {
                if (w.space_width < 0)
                    w.space_width = w.cont->text_width(" ", w.font);
                sz.width = w.space_width;
            } else {
                sz.width = w.cont->text_width(use_shown ? shown.c_str() : text.c_str(), w.font);
            }
        }
        t.*member_of(text_draw_spaces{}) = w.fm.draw_spaces;
    }
    mutable own_table *own_ = nullptr; // built at the first lookup
    mutable found *found_ = nullptr;
    mutable unsigned n_found_ = 0, cap_found_ = 0;

    // Returns value (or def when it is NULL), remembered when inherited.
    const litehtml::tchar_t *remember(bool inherited, int id, const litehtml::tchar_t *value,
                                      const litehtml::tchar_t *def = nullptr) const
    {
        if (inherited && n_found_ == cap_found_) {
            unsigned cap = cap_found_ ? cap_found_ * 2 : 8;
            void *grown = std::realloc(found_, cap * sizeof *found_);
            if (!grown)
                return value ? value : def; // not remembered
            found_ = static_cast<found *>(grown);
            cap_found_ = cap;
        }
        if (inherited)
            found_[n_found_++] = found{id, value};
        return value ? value : def;
    }
};

// The element litehtml 0.6 would make for a tag (document::create_element),
// with memoised style lookups, chosen by the tag's gumbo id rather than by
// comparing its name with each tag's in turn: for a tag gumbo knows,
// make_nodes' name is gumbo_normalized_tagname(tag), and those names are
// distinct, so the name is "br" exactly when the tag is GUMBO_TAG_BR, and
// so on; an unknown tag's name (its original text) is none of the names
// below (gumbo would have known it): a plain html_tag, as litehtml makes.
litehtml::element::ptr create_memo_element(GumboTag tag,
                                           const std::shared_ptr<litehtml::document> &doc,
                                           style_memo *memo)
{
    arena_alloc<char> arena(&memo->arena);
    switch (tag) {
    case GUMBO_TAG_BR:
        return std::allocate_shared<memo_element<litehtml::el_break>>(arena, doc, memo);
    case GUMBO_TAG_P:
        return std::allocate_shared<memo_element<litehtml::el_para>>(arena, doc, memo);
    case GUMBO_TAG_IMG:
        return std::allocate_shared<memo_element<litehtml::el_image>>(arena, doc, memo);
    case GUMBO_TAG_TABLE:
        return std::allocate_shared<memo_element<litehtml::el_table>>(arena, doc, memo);
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TH:
        return std::allocate_shared<memo_element<litehtml::el_td>>(arena, doc, memo);
    case GUMBO_TAG_LINK:
        return std::allocate_shared<memo_element<litehtml::el_link>>(arena, doc, memo);
    case GUMBO_TAG_TITLE:
        return std::allocate_shared<memo_element<litehtml::el_title>>(arena, doc, memo);
    case GUMBO_TAG_A:
        return std::allocate_shared<memo_element<litehtml::el_anchor>>(arena, doc, memo);
    case GUMBO_TAG_TR:
        return std::allocate_shared<memo_element<litehtml::el_tr>>(arena, doc, memo);
    case GUMBO_TAG_STYLE:
        return std::allocate_shared<litehtml::el_style>(arena, doc);
    case GUMBO_TAG_BASE:
        return std::allocate_shared<memo_element<litehtml::el_base>>(arena, doc, memo);
    case GUMBO_TAG_BODY:
        return std::allocate_shared<memo_element<litehtml::el_body>>(arena, doc, memo);
    case GUMBO_TAG_DIV:
        return std::allocate_shared<memo_element<litehtml::el_div>>(arena, doc, memo);
    case GUMBO_TAG_SCRIPT:
        return std::allocate_shared<litehtml::el_script>(arena, doc);
    case GUMBO_TAG_FONT:
        return std::allocate_shared<memo_element<litehtml::el_font>>(arena, doc, memo);
    default:
        return std::allocate_shared<memo_element<litehtml::html_tag>>(arena, doc, memo);
    }
}

// container::split_text's cuts (below), each word handed as its bytes and
// length, each space as its character: on_word(const char *, size_t),
// on_space(char).  A word ends at a space (' ', '\t', '\n', '\r', '\f')
// and around every CJK ideograph (U+4E00..U+9FCC, three bytes in UTF-8),
// which is a word of its own.
template <class Word, class Space> void split_words(const char *text, Word on_word, Space on_space)
{
    // by count_text_runs' byte classes (run_class: the spaces are
    // is_html_space's, these five): the bytes of a word (class 0) are
    // passed in a tight loop, the others tested as before
    const char *p = text, *word = text;
    while (*p) {
        unsigned char c = (unsigned char)*p;
        unsigned char k = run_class.of[c];
        if (k == 0) {
            do
                p++;
            while (run_class.of[(unsigned char)*p] == 0);
        } else if (k == 1) {
            if (p > word)
                on_word(word, (size_t)(p - word));
            on_space((char)c);
            word = ++p;
        } else if ((p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) { // k == 2: E4..E9
            unsigned cp = ((c & 0x0Fu) << 12) | (((unsigned char)p[1] & 0x3Fu) << 6) |
                          ((unsigned char)p[2] & 0x3Fu);
            if (cp >= 0x4E00 && cp <= 0x9FCC) {
                if (p > word)
                    on_word(word, (size_t)(p - word));
                on_word(p, 3);
                word = p + 3;
            }
            p += 3;
        } else {
            p++;
        }
    }
    if (p > word)
        on_word(word, (size_t)(p - word));
}

// litehtml 0.6's document::create_node over the prepared tree, for the
// two kinds of node the tree holds (prep_tree.h: elements and texts; any
// other goes to create_node itself), making the same elements in the same
// order.  create_node copies an element's attributes into a std::map and
// hands it to document::create_element, which asks the container for the
// element (ours: create_memo_element, whatever the tag), sets its tag name
// and then each attribute in the map's order, the last of equal names
// winning, each set_attr copying name and value again; and it decodes
// every text to wide characters before cutting it (container::split_text),
// a conversion whose result it never reads.  Here the attributes are set
// from the tree in the map's order without the map, and texts are cut as
// they are.
void make_nodes(GumboNode *node, const litehtml::document::ptr &doc,
                litehtml::document_container *cont, style_memo *memo,
                litehtml::elements_vector &out, bool parse_text)
{
    if (node->type == GUMBO_NODE_TEXT) {
        if (!parse_text) { // inside <script> (never in the prepared tree)
            out.push_back(std::make_shared<litehtml::el_text>(node->v.text.text, doc));
            return;
        }
        // What cont->split_text (ours, container::split_text: make_nodes
        // runs only with our container) would hand el_text's constructor
        // as a C string, copied into m_text there, is written into m_text
        // from the text itself: no copy to terminate it, no strlen, no
        // std::function call.  el_text's constructor given NULL leaves
        // m_text empty and sets the rest as with a text.
        arena_alloc<char> arena(&memo->arena);
        split_words(
            node->v.text.text,
            [&](const char *word, size_t n) {
                auto w = std::allocate_shared<word_text>(arena, nullptr, doc);
                ((*w).*member_of(text_text{})).assign(word, n);
                out.push_back(std::move(w));
            },
            [&](char c) {
                auto w = std::allocate_shared<word_space>(arena, nullptr, doc);
                ((*w).*member_of(text_text{})).assign(1, c);
                out.push_back(std::move(w));
            });
        return;
    }
    if (node->type != GUMBO_NODE_ELEMENT) {
        ((*doc).*member_of(doc_create_node{}))(node, out, parse_text);
        return;
    }
    GumboElement &e = node->v.element;
    const char *tag = gumbo_normalized_tagname(e.tag);
    std::string unknown;
    if (!tag[0]) {
        if (!e.original_tag.data || !e.original_tag.length)
            return; // create_node makes nothing either
        gumbo_tag_from_original_text(&e.original_tag);
        unknown.assign(e.original_tag.data, e.original_tag.length);
    }
    const char *name = tag[0] ? tag : unknown.c_str();
    litehtml::element::ptr el = create_memo_element(e.tag, doc, memo);
    el->set_tagName(name);
    // std::map<std::string, std::string>'s order (bytes compared unsigned,
    // as strcmp compares them), the last of equal names kept as its
    // operator[] keeps it.
    GumboAttribute *few[16];
    std::vector<GumboAttribute *> many;
    GumboAttribute **attrs = few;
    unsigned n = e.attributes.length;
    if (n > 16) {
        many.resize(n);
        attrs = many.data();
    }
    for (unsigned i = 0; i < n; i++)
        attrs[i] = static_cast<GumboAttribute *>(e.attributes.data[i]);
    // Up to 16 attributes (the prepared tree's elements carry data-sbid,
    // so nearly every element has one or more), a stable insertion sort: the order std::stable_sort gives,
    // without the temporary buffer it allocated and freed for every
    // element, one attribute included.  An attribute moves left only past
    // those whose name sorts strictly above its own, so equal names keep
    // their order.  More than 16 go to std::stable_sort as before (an
    // insertion sort's n*n compares are not bounded by a page's markup).
    if (n <= 16) {
        for (unsigned i = 1; i < n; i++) {
            GumboAttribute *a = attrs[i];
            unsigned j = i;
            for (; j > 0 && std::strcmp(a->name, attrs[j - 1]->name) < 0; j--)
                attrs[j] = attrs[j - 1];
            attrs[j] = a;
        }
    } else {
        std::stable_sort(attrs, attrs + n, [](const GumboAttribute *a, const GumboAttribute *b) {
            return std::strcmp(a->name, b->name) < 0;
        });
    }
    for (unsigned i = 0; i < n; i++)
        if (i + 1 == n || std::strcmp(attrs[i]->name, attrs[i + 1]->name) != 0)
            el->set_attr(attrs[i]->name, attrs[i]->value);
    if (e.tag == GUMBO_TAG_SCRIPT) // tag is "script" (create_memo_element above)
        parse_text = false;
    // The children are made onto the end of `out` itself, which serves the
    // whole walk as one stack (no vector per element, each grown word by
    // word), and handed to the element once all are made, so its list of
    // children is allocated once at the size it ends with rather than
    // doubled from one (an element's texts are cut into a word and a space
    // each: a paragraph of 100 words had 8 reallocations).  Capacity only:
    // appendChild still decides what is kept, in the same order (el_table
    // keeps its row groups; el_style keeps a list of its own and el_script
    // only its text, so no room is made in theirs).
    size_t base = out.size();
    for (unsigned i = 0; i < e.children.length; i++)
        make_nodes(static_cast<GumboNode *>(e.children.data[i]), doc, cont, memo, out, parse_text);
    size_t made = out.size() - base;
    if (made > 1 && e.tag != GUMBO_TAG_STYLE && e.tag != GUMBO_TAG_SCRIPT)
        (el.get()->*member_of(elem_children{})).reserve(made);
    // html_tag::appendChild (litehtml 0.6, from its disassembly) sets the
    // child's parent to shared_from_this() and appends a copy of the
    // pointer; for the elements create_memo_element makes by a known tag,
    // all but el_table, el_style and el_script (the classes that override
    // it), that is done here from `el` itself (the same owner as
    // shared_from_this()) and the child's pointer moved, not copied: no
    // weak_ptr lock and no count changed twice per child.
    bool tag_append = e.tag != GUMBO_TAG_UNKNOWN && e.tag != GUMBO_TAG_TABLE &&
                      e.tag != GUMBO_TAG_STYLE && e.tag != GUMBO_TAG_SCRIPT;
    if (tag_append) {
        litehtml::elements_vector &kids = el.get()->*member_of(elem_children{});
        for (size_t i = base; i < out.size(); i++) {
            if (!out[i])
                continue; // appendChild does nothing with none
            out[i]->parent(el);
            kids.push_back(std::move(out[i]));
        }
    } else {
        for (size_t i = base; i < out.size(); i++)
            el->appendChild(out[i]);
    }
    out.resize(base);
    out.push_back(std::move(el));
}

class container : public litehtml::document_container {
public:
    sb_fonts *fonts = nullptr;
    const sb_css_names *names = nullptr;
    const sb_prep_sheets *sheets = nullptr; // the page's <style> texts (prep.h)
    style_memo *memo = nullptr;   // NULL: litehtml's own element classes
    int vw = SB_DEFAULT_WIDTH, vh = 800;
    std::string css_dir, base_url;
    sb_render_resource_fn resource = nullptr;
    void *resource_ctx = nullptr;
    bool (*image_size)(void *, const char *, int *, int *) = nullptr;
    std::unordered_map<std::string, std::pair<int, int>> image_sizes; // by URL; 0 x 0 unknown
    double deadline = 0;
    int imports = 0;
    size_t css_bytes = 0;    // external stylesheet bytes read so far
    size_t elements = 0;     // emitted, for the selector cap
    size_t selectors = 0;    // kept so far, page and imported stylesheets
    unsigned width_calls = 0;
    std::vector<std::unique_ptr<font_handle>> handles;

    void check_time() const
    {
        if (sb_clock_ms() > deadline)
            throw budget_exceeded();
    }

    litehtml::uint_ptr create_font(const litehtml::tchar_t *face, int size, int weight,
                                   litehtml::font_style italic, unsigned int decoration,
                                   litehtml::font_metrics *fm) override
    {
        check_time();
        sb_font *f = sb_fonts_get(fonts, face, weight, italic == litehtml::fontStyleItalic, size);
        sb_font_metrics m;
        sb_font_get_metrics(f, &m);
        if (fm) {
            fm->ascent = m.ascent;
            fm->descent = m.descent;
            fm->height = m.height;
            fm->x_height = m.x_height;
            fm->draw_spaces = italic == litehtml::fontStyleItalic || decoration != 0;
        }
        handles.push_back(std::unique_ptr<font_handle>(new font_handle{f, weight, size, -1}));
        return reinterpret_cast<litehtml::uint_ptr>(handles.back().get());
    }

    void delete_font(litehtml::uint_ptr) override {}

    int text_width(const litehtml::tchar_t *text, litehtml::uint_ptr h) override
    {
        if ((++width_calls & 15) == 0)
            check_time();
        const font_handle *fh = reinterpret_cast<const font_handle *>(h);
        if (!fh || !text)
            return 0;
        const char *join = std::strstr(text, SB_PREP_WORD_JOIN);
        if (!join)
            return sb_font_text_width(fh->font, text, std::strlen(text));
        // Words joined by prep.c: each word and each joiner (a space)
        // measured as litehtml measured them one element at a time, so the
        // widths come from the same cache entries.
        int width = 0;
        for (;;) {
            width += sb_font_text_width(fh->font, text, (size_t)(join - text));
            if (!*join)
                return width;
            width += sb_font_text_width(fh->font, " ", 1);
            text = join + SB_PREP_WORD_JOIN_LEN;
            join = std::strstr(text, SB_PREP_WORD_JOIN);
            if (!join)
                join = text + std::strlen(text);
        }
    }

    int pt_to_px(int pt) const override { return (int)std::lround(pt * 96.0 / 72.0); }
    int get_default_font_size() const override
    {
        check_time(); // asked once per element while styles are computed
        return 16;
    }
    const litehtml::tchar_t *get_default_font_name() const override { return "serif"; }

    // Never fetched or decoded.  An image without a width/height attribute
    // or CSS size gets the size its file's header says, when the page came
    // with it (a data: URI, or image_size: an MHTML part, a saved page's
    // folder), else the size of a replaced element without intrinsic
    // dimensions.
    void load_image(const litehtml::tchar_t *, const litehtml::tchar_t *, bool) override {}
    void get_image_size(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl,
                        litehtml::size &sz) override;

    void draw_text(litehtml::uint_ptr, const litehtml::tchar_t *, litehtml::uint_ptr,
                   litehtml::web_color, const litehtml::position &) override {}
    void draw_list_marker(litehtml::uint_ptr, const litehtml::list_marker &) override {}
    void draw_background(litehtml::uint_ptr, const litehtml::background_paint &) override {}
    void draw_borders(litehtml::uint_ptr, const litehtml::borders &, const litehtml::position &,
                      bool) override {}
    void set_caption(const litehtml::tchar_t *) override {}
    void set_base_url(const litehtml::tchar_t *url) override
    {
        if (url && base_url.empty())
            base_url = url;
    }
    void link(const std::shared_ptr<litehtml::document> &, const litehtml::element::ptr &) override {}
    void on_anchor_click(const litehtml::tchar_t *, const litehtml::element::ptr &) override {}
    void set_cursor(const litehtml::tchar_t *) override {}
    void transform_text(litehtml::tstring &, litehtml::text_transform) override {}
    void set_clip(const litehtml::position &, const litehtml::border_radiuses &, bool, bool) override {}
    void del_clip() override {}

    void get_client_rect(litehtml::position &client) const override
    {
        client.x = 0;
        client.y = 0;
        client.width = vw;
        client.height = vh;
    }

    std::shared_ptr<litehtml::element> create_element(const litehtml::tchar_t *tag,
                                                      const litehtml::string_map &,
                                                      const std::shared_ptr<litehtml::document> &doc) override
    {
        // No throwing here: litehtml holds its gumbo parse in a raw pointer
        // while it creates elements, so unwinding now would leak it.  The
        // next font or width callback (after the parse is freed) throws.
        // (Allocation failure is as fatal here as in litehtml's own.)
        if (!memo || !tag)
            return nullptr; // litehtml's own element classes
        // By name, as litehtml compares it: exactly a lower-case tag name
        // (gumbo_tag_enum ignores case; litehtml's strcmp does not).
        GumboTag id = gumbo_tag_enum(tag);
        if (id != GUMBO_TAG_UNKNOWN && std::strcmp(gumbo_normalized_tagname(id), tag) != 0)
            id = GUMBO_TAG_UNKNOWN;
        return create_memo_element(id, doc, memo);
    }

    void get_media_features(litehtml::media_features &m) const override
    {
        m.type = litehtml::media_type_screen;
        m.width = vw;
        m.height = vh;
        m.device_width = vw;
        m.device_height = vh;
        m.color = 8;
        m.color_index = 256;
        m.monochrome = 0;
        m.resolution = 96;
    }

    void get_language(litehtml::tstring &language, litehtml::tstring &culture) const override
    {
        language = "en";
        culture = "";
    }

    void import_css(litehtml::tstring &text, const litehtml::tstring &url,
                    litehtml::tstring &baseurl) override;

    void split_text(const char *text,
                    const std::function<void(const litehtml::tchar_t *)> &on_word,
                    const std::function<void(const litehtml::tchar_t *)> &on_space) override;

private:
    std::string split_word; // split_text's word, reused
    bool read_css(const std::string &path, std::string &out);
    bool ask_resource(const std::string &url, std::string &out);
};

// Splits an absolute or relative URL into host and path, resolved against
// base.  Returns false for URLs we refuse to map to files.
bool resolve_url(const std::string &url, const std::string &base, std::string &host,
                 std::string &path)
{
    std::string u = url.substr(0, url.find_first_of("?#"));
    auto split_abs = [&](const std::string &s, std::string &h, std::string &p) {
        size_t start = s.find("//");
        if (start == std::string::npos)
            return false;
        size_t slash = s.find('/', start + 2);
        h = s.substr(start + 2, slash == std::string::npos ? std::string::npos : slash - start - 2);
        p = slash == std::string::npos ? "/" : s.substr(slash);
        return true;
    };
    size_t colon = u.find(':');
    size_t first_slash = u.find('/');
    bool has_scheme = colon != std::string::npos &&
                      (first_slash == std::string::npos || colon < first_slash);
    if (has_scheme || u.compare(0, 2, "//") == 0) {
        if (!split_abs(u, host, path))
            return false;
    } else {
        std::string bh, bp;
        std::string b = base.substr(0, base.find_first_of("?#"));
        if (!split_abs(b, bh, bp)) {
            // no host: a stylesheet of a page without a base URL is known
            // by its path alone, and its @imports are relative to it
            bh.clear();
            bp = !b.empty() && b[0] == '/' ? b : "/";
        }
        host = bh;
        if (!u.empty() && u[0] == '/')
            path = u;
        else
            path = bp.substr(0, bp.rfind('/') + 1) + u;
    }
    if (path.find("..") != std::string::npos || host.find("..") != std::string::npos ||
        host.find('/') != std::string::npos)
        return false;
    return true;
}

bool container::read_css(const std::string &path, std::string &out)
{
    sb_buf b = SB_BUF_INIT;
    bool ok = sb_read_file(path.c_str(), max_css_file, &b) == SB_READ_OK;
    out.assign(b.data ? b.data : "", b.len);
    sb_buf_free(&b);
    return ok;
}

// The scheme an absolute URL names ("https" for "https://..."), else the
// base's, else "http".
std::string scheme_of(const std::string &url, const std::string &base)
{
    for (const std::string *u : {&url, &base}) {
        size_t colon = u->find("://");
        if (colon != std::string::npos && colon > 0 &&
            u->find_first_of("/?#") > colon)
            return u->substr(0, colon);
    }
    return "http";
}

// The absolute URL a provider is asked for: resolve_url's host and path,
// with the query of the URL as the page wrote it (saved parts and WARC
// records are stored under their full URL: "site.css?v=3"); "cid:" URLs
// (MHTML Content-IDs) as they are.  Empty when the URL is refused.
std::string provider_url(const std::string &url, const std::string &base)
{
    if (strncasecmp(url.c_str(), "cid:", 4) == 0)
        return url.substr(0, url.find('#'));
    std::string host, path;
    if (!resolve_url(url, base, host, path))
        return std::string();
    std::string absolute = host.empty() ? path : scheme_of(url, base) + "://" + host + path;
    size_t hash = url.find('#');
    size_t query = url.find('?');
    if (query < hash)
        absolute += url.substr(query, hash == std::string::npos ? hash : hash - query);
    return absolute;
}

bool container::ask_resource(const std::string &url, std::string &out)
{
    size_t left = max_css_total - css_bytes;
    size_t len = 0;
    // The caller's provider runs on the thread's own heap: what it keeps
    // between pages must not be on the page's (dom/base/page_heap.h).
    void *bytes = nullptr;
    {
        on_thread_heap keep;
        bytes = resource(resource_ctx, url.c_str(), std::min(left, max_css_file), &len);
    }
    if (!bytes)
        return false;
    bool ok = len <= std::min(left, max_css_file);
    if (ok)
        out.assign(static_cast<const char *>(bytes), len);
    std::free(bytes);
    return ok;
}

// How litehtml cuts a text into its elements: a word per run of other
// characters, a space per white-space character, a word per CJK ideograph
// (U+4E00..U+9FCC).  litehtml's own split_text decodes the whole text to
// wide characters and encodes every word back to UTF-8 (a quarter of its
// element creation); the text here is the prepared tree's, valid UTF-8
// from gumbo, which that round trip returns unchanged, so the same cuts
// are made on the bytes.
void container::split_text(const char *text,
                           const std::function<void(const litehtml::tchar_t *)> &on_word,
                           const std::function<void(const litehtml::tchar_t *)> &on_space)
{
    split_words(
        text,
        [&](const char *word, size_t n) {
            split_word.assign(word, n);
            on_word(split_word.c_str());
        },
        [&](char c) {
            const char space[2] = {c, '\0'};
            on_space(space);
        });
}

void container::import_css(litehtml::tstring &text, const litehtml::tstring &url,
                           litehtml::tstring &baseurl)
{
    // A <style> element's own text, moved out of the page when serialised
    // (already prepared and counted); the base URL stays the page's.
    if (const char *sheet = sb_prep_sheet_of_url(sheets, url.c_str())) {
        text = sheet;
        return;
    }
    text.clear();
    if ((css_dir.empty() && !resource) || ++imports > max_imports ||
        css_bytes >= max_css_total)
        return;
    check_time();
    std::string host, path;
    const std::string &base = baseurl.empty() ? base_url : baseurl;
    if (!resolve_url(url, base, host, path))
        return;
    std::string absolute = host.empty() ? path : scheme_of(url, base) + "://" + host + path;
    std::string raw;
    // by its full URL first ("site.css?v=3", as MHTML parts and WARC
    // records store it), then without the query
    std::string full = provider_url(url, base);
    bool found = resource && full != absolute && !full.empty() && ask_resource(full, raw);
    found = found || (resource && ask_resource(absolute, raw));
    if (!found && !css_dir.empty()) {
        found = !host.empty() && read_css(css_dir + "/" + host + path, raw);
        if (!found) {
            std::string name = path.substr(path.rfind('/') + 1);
            found = !name.empty() && read_css(css_dir + "/" + name, raw);
        }
    }
    if (!found)
        return;
    css_bytes += raw.size();
    if (css_bytes > max_css_total)
        return;
    sb_css_stats cs{};
    char *css = sb_css_prepare(raw.data(), raw.size(), names, &cs);
    text = css;
    std::free(css);
    selectors += cs.selectors_kept;
    if (elements * selectors > max_selector_tests)
        throw too_much_css();
    baseurl = absolute;
}

void container::get_image_size(const litehtml::tchar_t *src, const litehtml::tchar_t *baseurl,
                               litehtml::size &sz)
{
    sz.width = 300;
    sz.height = 150;
    if (!src || !*src)
        return;
    int w = 0, h = 0;
    if (const char *b64 = data_uri_base64(src)) {
        // decoded only as far as the header (dom/base/image_size.h); a
        // tiny inline picture is a lazy-loading placeholder (the page's
        // script swaps in the real one), whose size says nothing
        if (sb_image_base64_size(b64, strnlen(b64, 16384), &w, &h) &&
            (w >= min_inline_side || h >= min_inline_side)) {
            sz.width = w;
            sz.height = h;
        }
        return;
    }
    if (!image_size)
        return;
    std::string key = src;
    auto known = image_sizes.find(key);
    if (known == image_sizes.end()) {
        check_time();
        const std::string base = baseurl && *baseurl ? std::string(baseurl) : base_url;
        std::string absolute =
            image_sizes.size() < max_images ? provider_url(key, base) : std::string();
        bool sized = false;
        if (!absolute.empty()) {
            on_thread_heap keep; // the caller's, as ask_resource's
            sized = image_size(resource_ctx, absolute.c_str(), &w, &h);
        }
        if (!sized || w <= 0 || h <= 0 || w > SB_IMAGE_MAX_SIDE || h > SB_IMAGE_MAX_SIDE)
            w = h = 0;
        known = image_sizes.emplace(key, std::make_pair(w, h)).first;
    }
    if (known->second.first > 0) {
        sz.width = known->second.first;
        sz.height = known->second.second;
    }
}

sb_rdisplay map_display(litehtml::style_display d)
{
    switch (d) {
    case litehtml::display_inline: return SB_RDISP_INLINE;
    case litehtml::display_inline_block:
    case litehtml::display_inline_table: return SB_RDISP_INLINE_BLOCK;
    case litehtml::display_list_item: return SB_RDISP_LIST_ITEM;
    case litehtml::display_table: return SB_RDISP_TABLE;
    case litehtml::display_table_caption:
    case litehtml::display_table_cell:
    case litehtml::display_table_column:
    case litehtml::display_table_column_group:
    case litehtml::display_table_footer_group:
    case litehtml::display_table_header_group:
    case litehtml::display_table_row:
    case litehtml::display_table_row_group: return SB_RDISP_TABLE_PART;
    case litehtml::display_inline_text: return SB_RDISP_TEXT;
    default: return SB_RDISP_BLOCK;
    }
}

// Characters other than white space and prep.c's word joiners.
// count_chars' byte classes: 1 for a byte counted (not a UTF-8
// continuation byte, not one of the five spaces), 2 more for 0xF4, the
// joiner's first byte.
struct char_classes {
    unsigned char of[256];
    char_classes()
    {
        for (int c = 0; c < 256; c++)
            of[c] =
                (c & 0xC0) != 0x80 && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f';
        of[0xF4] |= 2;
    }
};
const char_classes char_class;

unsigned count_chars(const std::string &s)
{
    unsigned n = 0;
    for (size_t i = 0; i < s.size(); i++) {
        unsigned k = char_class.of[(unsigned char)s[i]];
        if ((k & 2) && s.compare(i, SB_PREP_WORD_JOIN_LEN, SB_PREP_WORD_JOIN) == 0) {
            i += SB_PREP_WORD_JOIN_LEN - 1;
            continue;
        }
        n += k & 1;
    }
    return n;
}

// A token's text as the page has it: joiners back to spaces.
void unjoin_words(std::string &s)
{
    size_t at = 0;
    while ((at = s.find(SB_PREP_WORD_JOIN, at)) != std::string::npos) {
        s.replace(at, SB_PREP_WORD_JOIN_LEN, " ");
        at++;
    }
}

int elem_id_of(const litehtml::element *el, const sb_doc *doc)
{
    const char *v = el->get_attr("data-sbid");
    if (!v || !*v)
        return -1;
    char *end;
    long id = std::strtol(v, &end, 10);
    if (*end || id < 0 || (size_t)id >= doc->n_elems)
        return -1;
    return (int)id;
}

// litehtml keeps positions in int and CSS can ask for offsets near 2^31
// px: sums of such offsets overflow (undefined behaviour).  Positions and
// sizes are added in 64 bits and clamped to the layout's coordinate range,
// so every later sum of two coordinates (x + w) stays far from overflow.
int clamp_coord(long long v)
{
    if (v < -SB_COORD_LIMIT)
        return -SB_COORD_LIMIT;
    if (v > SB_COORD_LIMIT)
        return SB_COORD_LIMIT;
    return (int)v;
}

// html_tag's borders as the stylesheet set them (style and colour; the
// element's border_left()... give only the widths laid out).
SB_MEMBER_OF(tag_css_borders, litehtml::css_borders litehtml::html_tag::*, litehtml::html_tag::m_css_borders);
#undef SB_MEMBER_OF

bool border_shows(const litehtml::css_border &b, int width)
{
    return width > 0 && b.style != litehtml::border_style_none &&
           b.style != litehtml::border_style_hidden && b.color.alpha != 0;
}

// What the walk asks of an element's class: generated content (litehtml's
// ::before and ::after), a word or space, a picture, an html_tag.  The
// answers depend on the element's dynamic type only, so they are found by
// dynamic_cast once per type and kept by its type_info: a page's tree has
// some twenty types, and four dynamic_casts per node (each a walk of the
// class hierarchy, some 230 instructions) were half of the walk's cost.
// Two type_info objects for one type (one per shared object) only make two
// entries with the same answers.
struct kind_cache {
    enum : unsigned char { generated = 1, text = 2, image = 4, tag = 8 };
    struct entry {
        const std::type_info *type;
        unsigned char kind;
    };
    std::vector<entry> entries;

    unsigned char of(litehtml::element *el)
    {
        const std::type_info *t = &typeid(*el);
        for (const entry &e : entries)
            if (e.type == t)
                return e.kind;
        unsigned char k =
            (unsigned char)((dynamic_cast<litehtml::el_before_after_base *>(el) ? generated : 0) |
                            (dynamic_cast<litehtml::el_text *>(el) ? text : 0) |
                            (dynamic_cast<litehtml::el_image *>(el) ? image : 0) |
                            (dynamic_cast<litehtml::html_tag *>(el) ? tag : 0));
        entries.push_back(entry{t, k});
        return k;
    }
};

// sb_rnode's bg_color and border_sides: how the element's own box is
// painted (render.h).  bg is its own background (get_background(true)),
// or NULL; tag is el as an html_tag, or NULL.
void paint_facts(litehtml::element *el, litehtml::html_tag *tag, const litehtml::background *bg,
                 sb_rnode &n)
{
    if (bg && bg->m_color.alpha)
        n.bg_color = (unsigned)bg->m_color.red << 24 | (unsigned)bg->m_color.green << 16 |
                     (unsigned)bg->m_color.blue << 8 | bg->m_color.alpha;
    if (!tag)
        return;
    const litehtml::css_borders &b = tag->*member_of(tag_css_borders());
    n.border_sides = (unsigned char)((border_shows(b.top, el->border_top()) ? SB_RSIDE_TOP : 0) |
                                     (border_shows(b.right, el->border_right()) ? SB_RSIDE_RIGHT : 0) |
                                     (border_shows(b.bottom, el->border_bottom()) ? SB_RSIDE_BOTTOM : 0) |
                                     (border_shows(b.left, el->border_left()) ? SB_RSIDE_LEFT : 0));
}

struct walk_frame {
    litehtml::element *el;
    int node;      // node index of el, -1 if el itself produced no node
    int ax, ay;    // absolute position of el's content box
    bool in_link, fixed;
    bool clips;    // el or an ancestor clips its content to nothing
    size_t next;   // next child
    // el's children when it is an html_tag (whose get_children_count and
    // get_child, litehtml 0.6's, answer m_children's size and elements),
    // read in place without a shared_ptr copy per child; NULL: asked by
    // the virtual calls
    const litehtml::elements_vector *kids;
};

// litehtml places each float by scanning the floats already placed in its
// formatting context, with no callback on the way: 20,000 floated boxes
// without text take minutes that no time budget can interrupt.  Floats
// after the first max_floats of the page are turned into normal flow.
// Returns how many were changed.
size_t limit_floats(litehtml::element *root)
{
    size_t floats = 0, changed = 0;
    std::vector<std::pair<litehtml::element *, size_t>> stack;
    stack.push_back({root, 0});
    while (!stack.empty()) {
        auto &top = stack.back();
        litehtml::element *el = top.first;
        if (top.second == 0 && el->get_float() != litehtml::float_none &&
            el->get_display() != litehtml::display_none && ++floats > max_floats) {
            el->add_style("float: none !important", "");
            el->parse_styles(true);
            changed++;
        }
        // nothing inside a hidden element has a computed style (or a box)
        if (top.second >= el->get_children_count() || el->get_display() == litehtml::display_none) {
            stack.pop_back();
            continue;
        }
        // get_children_count is overridden by html_tag alone (litehtml
        // 0.6's element.h and html_tag.h; none of our classes does), so a
        // count above top.second is html_tag's, the size of m_children,
        // and its get_child(i) is m_children[i]: read in place, without a
        // shared_ptr copy per child (the stack holds plain pointers already)
        litehtml::element *c = (el->*member_of(elem_children{}))[top.second++].get();
        if (c)
            stack.push_back({c, 0});
    }
    return changed;
}

// White space that cannot place anything: an el_space beside blocks in a
// block container whose floats holder has no float.  litehtml 0.6 lays
// such a space out as follows (html_tag::render_box, place_element,
// new_box, finish_last_box, line_box): it opens a new line box (the box
// before it, if any, is a block's), where, as the line's first item, it is
// skipped (no position, no width, nothing added to the line); the next
// block, or the end of the container, finishes that line box, which holds
// nothing that is not skipped, so it is popped, and the block is placed at
// the bottom of the box before it, or, first in the container, at the
// popped line's top, which is 0 as without the space.  The space gives the
// line's width nothing (place_element returns 0 for a skipped item),
// counts for no margin collapsing (the popped box leaves the boxes as they
// were), and render_box's "was_space" flag it sets is cleared by the block
// after it.  What it could still change goes through floats: a line that
// floats leave narrower than a space moves the empty line's top below them
// (new_box's find_next_line_top), which the block first in its container
// inherits; and the line queries it makes (get_line_left_right at the
// line's top, twice) fill its floats holder's one-entry caches, whose
// right-hand entry litehtml reuses for a later query at the same y with
// another right edge.  With no float in the holder's lists, every line
// query answers (0, its own right edge) whatever the caches hold and no
// line moves, so none of this can happen; a holder's lists hold only the
// floats placed below it (add_float passes a float up from its
// container), so a holder that no float below it can reach has none.  Our walk reads no white
// space (extract_nodes returns at is_white_space).  So the boxes are the
// same without such a space, and it is taken out of its container's
// children before the layout, which then neither places it nor asks for
// its position in fetch_positioned, nor does the walk.
//
// The conditions, each needed by the reasoning above: the space is
// collapsible white space and not a break (is_white_space, !is_break:
// white-space normal, nowrap, or a space under pre-line); its container
// lays its children out by render_box (display block, list-item,
// inline-block, table-cell: not inline elements, whose children go into
// their container's lines, nor tables and their parts); each neighbour is
// an in-flow block (display block or list-item, not floated, not
// absolutely or fixed positioned, not a break) or the container's edge;
// the nearest floats holder of the container (itself included, as
// litehtml's is_floats_holder says) is not one that a float laid out
// below it could be handed to (mark_float_holders).  Tables and their parts are fixed (fix_tables_layout gathers
// white space next to table parts into anonymous boxes) before this runs,
// and floats are final (limit_floats).  Display none subtrees are not laid
// out and are left as they are.  The spaces taken out are kept in `out`
// until the document is released.
bool in_flow_block(litehtml::element *el)
{
    litehtml::style_display d = el->get_display();
    if (d != litehtml::display_block && d != litehtml::display_list_item)
        return false;
    if (el->get_float() != litehtml::float_none || el->is_break())
        return false;
    litehtml::element_position p = el->get_element_position();
    return p == litehtml::element_position_static || p == litehtml::element_position_relative;
}

// The floats holders that can receive a float that is laid out.  litehtml
// places a float from its container (the nearest ancestor that is not
// display inline: render_inline hands inline content to it), which passes
// it up to the first ancestor, itself included, that holds floats
// (add_float).  Marked: every holder from the float up to that one (the
// inline holders between the float and its container too, which is more
// than needed).  path: the ancestors of el's children, el last.
struct path_step {
    litehtml::element *el;
    bool holder, is_inline;
};

void mark_float_holders(litehtml::element *el, std::vector<path_step> &path,
                        std::unordered_set<const litehtml::element *> &marked)
{
    for (const litehtml::element::ptr &k : el->*member_of(elem_children{})) {
        litehtml::element *c = k.get();
        if (!c->get_children_count() && c->get_float() == litehtml::float_none)
            continue; // words, spaces, empty elements
        litehtml::style_display d = c->get_display();
        if (d == litehtml::display_none)
            continue;
        if (c->get_float() != litehtml::float_none) {
            bool past_container = false;
            for (size_t i = path.size(); i-- > 0;) {
                past_container = past_container || !path[i].is_inline;
                if (path[i].holder) {
                    marked.insert(path[i].el);
                    if (past_container)
                        break;
                }
            }
        }
        if (!c->get_children_count())
            continue;
        path.push_back(path_step{c, c->is_floats_holder(), d == litehtml::display_inline});
        mark_float_holders(c, path, marked);
        path.pop_back();
    }
}

void drop_spaces_below(litehtml::element *el, bool float_free,
                       const std::unordered_set<const litehtml::element *> &marked,
                       litehtml::elements_vector &out)
{
    litehtml::style_display d = el->get_display();
    if (d == litehtml::display_none)
        return;
    if (el->is_floats_holder())
        float_free = !marked.count(el);
    litehtml::elements_vector &kids = el->*member_of(elem_children{});
    if (float_free && (d == litehtml::display_block || d == litehtml::display_list_item ||
                       d == litehtml::display_inline_block || d == litehtml::display_table_cell)) {
        size_t w = 0;
        litehtml::element *prev = nullptr; // the child before, as it was
        for (size_t i = 0; i < kids.size(); i++) {
            litehtml::element *k = kids[i].get();
            const std::type_info &type = typeid(*k);
            bool drop = (type == typeid(word_space) || type == typeid(litehtml::el_space)) &&
                        k->is_white_space() && !k->is_break() && (!prev || in_flow_block(prev)) &&
                        (i + 1 == kids.size() || in_flow_block(kids[i + 1].get()));
            prev = k;
            if (drop) {
                out.push_back(std::move(kids[i]));
            } else {
                if (w != i)
                    kids[w] = std::move(kids[i]);
                w++;
            }
        }
        kids.resize(w);
    }
    for (const litehtml::element::ptr &k : kids) {
        if (k->get_children_count()) {
            drop_spaces_below(k.get(), float_free, marked, out);
            continue;
        }
        // the words' parent (known_parent), read once here; typeid reads
        // the element through a plain pointer (clang's
        // -Wpotentially-evaluated-expression: shared_ptr's operator* is a call)
        litehtml::element *word = k.get();
        const std::type_info &type = typeid(*word);
        if (type == typeid(word_text))
            static_cast<word_text &>(*k).up_ = k->parent().get();
        else if (type == typeid(word_space))
            static_cast<word_space &>(*k).up_ = k->parent().get();
    }
}

size_t drop_block_spaces(litehtml::element *root, litehtml::elements_vector &out)
{
    if (no_layout_shortcuts)
        return 0;
    std::unordered_set<const litehtml::element *> marked;
    std::vector<path_step> path{
        path_step{root, root->is_floats_holder(), root->get_display() == litehtml::display_inline}};
    mark_float_holders(root, path, marked);
    size_t before = out.size();
    drop_spaces_below(root, false, marked, out);
    return out.size() - before;
}

void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        std::snprintf(err, errlen, "%s", msg);
}

// strcmp(tag, lit) == 0, the first bytes compared before the call.
inline bool tag_is(const char *tag, const char *lit)
{
    return tag[0] == lit[0] && std::strcmp(tag, lit) == 0;
}

// The render's nodes, grown on the thread's heap: they are the result
// (sb_render.nodes), which outlives the page, and are handed over as they
// are.  They were collected in a std::vector on the page's heap and copied
// into the result at the end (a copy of every node; on pages with more
// words than the vector was reserved for, copies as it grew too).  Room
// for one node more than held is kept, as the result always had.
struct node_list {
    sb_rnode *data = nullptr;
    size_t n = 0, cap = 0;

    node_list() = default;
    node_list(const node_list &) = delete;
    node_list &operator=(const node_list &) = delete;
    ~node_list() { std::free(data); }

    void reserve(size_t want)
    {
        if (want + 1 <= cap)
            return;
        on_thread_heap in_result;
        data = static_cast<sb_rnode *>(sb_xrealloc(data, (want + 1) * sizeof *data));
        cap = want + 1;
    }
    void push_back(const sb_rnode &node)
    {
        if (n + 1 >= cap)
            reserve(cap ? cap * 2 : 16);
        data[n++] = node;
    }
    size_t size() const { return n; }
    sb_rnode &operator[](size_t i) { return data[i]; }
    // The nodes, now the caller's (at least one slot, as sb_render had).
    sb_rnode *release()
    {
        reserve(n);
        sb_rnode *d = data;
        data = nullptr;
        n = cap = 0;
        return d;
    }
};

// Appends the nodes of the laid-out tree in pre-order.
void extract_nodes(litehtml::element *root, const sb_doc *doc, node_list &out, kept_text *keep)
{
    std::vector<walk_frame> stack;
    // Nodes whose box is rebuilt from their children: inline elements, and
    // table rows and row groups, which litehtml lays out through its table
    // grid without giving them a position.
    std::vector<bool> derived;
    kind_cache kinds;
    auto enter = [&](litehtml::element *el, const walk_frame *parent) {
        if (el->skip() || el->is_comment())
            return;
        unsigned char kind = kinds.of(el);
        if (kind & kind_cache::generated)
            return; // generated content is not page text
        litehtml::style_display disp = el->get_display();
        if (disp == litehtml::display_none ||
            el->get_visibility() != litehtml::visibility_visible)
            return;
        const litehtml::position &pos = el->get_position();
        bool fixed = parent ? parent->fixed : false;
        int ax, ay;
        // A word's position is its inline ancestors' (el_text's
        // get_element_position walks them up, locking each parent): static
        // or relative, never fixed, so words are not asked.
        if (!(kind & kind_cache::text) &&
            el->get_element_position() == litehtml::element_position_fixed) {
            // litehtml places fixed boxes relative to the viewport, not to
            // their parent.
            fixed = true;
            ax = clamp_coord(pos.x);
            ay = clamp_coord(pos.y);
        } else {
            ax = clamp_coord((long long)(parent ? parent->ax : 0) + pos.x);
            ay = clamp_coord((long long)(parent ? parent->ay : 0) + pos.y);
        }
        int parent_node = parent ? parent->node : -1;
        bool in_link = parent ? parent->in_link : false;
        auto *text = (kind & kind_cache::text) ? static_cast<litehtml::el_text *>(el) : nullptr;
        if (text) {
            if (el->is_white_space())
                return;
            // The word as el_text::get_text gives it (its m_text; el_space
            // does not override it), read in place: a copy per word was a
            // heap allocation for every joined group of words.
            const std::string &text_of = text->*member_of(text_text{});
            unsigned chars = count_chars(text_of);
            if (!chars)
                return;
            sb_rnode n{};
            n.parent = parent_node;
            n.elem = -1;
            n.tag = "#text";
            n.x = ax;
            n.y = ay;
            n.w = clamp_coord(pos.width);
            n.h = clamp_coord(pos.height);
            const font_handle *fh = reinterpret_cast<const font_handle *>(el->get_font());
            n.font_size = fh ? fh->size : el->get_font_size();
            n.font_weight = fh ? fh->weight : 400;
            n.chars = chars;
            n.display = SB_RDISP_TEXT;
            n.is_text = true;
            n.in_link = in_link;
            n.is_fixed = fixed;
            // Text litehtml left unplaced (no size) says nothing either way.
            n.unseen = (parent && parent->clips) ||
                       (n.w > 0 && n.h > 0 &&
                        ((long long)n.x + n.w <= 0 || (long long)n.y + n.h <= 0));
            n.font = -1;
            if (keep) {
                n.text_off = (unsigned)keep->text.size();
                std::string word = text_of;
                unjoin_words(word);
                n.text_len = (unsigned)word.size();
                keep->text += word;
                font_handle *kh = reinterpret_cast<font_handle *>(el->get_font());
                if (kh && kh->font) {
                    if (kh->draw_id < 0) {
                        kh->draw_id = (int)keep->fonts.size();
                        char *file;
                        {
                            on_thread_heap in_result; // the result outlives the page
                            file = sb_xstrdup(sb_font_file(kh->font));
                        }
                        keep->fonts.push_back(sb_render_font{file, sb_font_face_index(kh->font)});
                    }
                    n.font = kh->draw_id;
                }
            }
            out.push_back(n);
            return;
        }
        sb_rnode n{};
        n.font = -1;
        n.parent = parent_node;
        n.elem = elem_id_of(el, doc);
        n.tag = n.elem >= 0 ? sb_tag_name(doc->elems[n.elem]) : "#anon";
        n.x = clamp_coord((long long)ax - el->padding_left() - el->border_left());
        n.y = clamp_coord((long long)ay - el->padding_top() - el->border_top());
        n.w = clamp_coord((long long)pos.width + el->padding_left() + el->padding_right() +
                          el->border_left() + el->border_right());
        n.h = clamp_coord((long long)pos.height + el->padding_top() + el->padding_bottom() +
                          el->border_top() + el->border_bottom());
        const font_handle *fh = reinterpret_cast<const font_handle *>(el->get_font());
        n.font_size = fh ? fh->size : el->get_font_size();
        n.font_weight = fh ? fh->weight : 400;
        n.display = map_display(disp);
        n.is_inline = disp == litehtml::display_inline;
        if (n.elem >= 0 && tag_is(n.tag, "a") && el->get_attr("href"))
            in_link = true;
        n.in_link = in_link;
        n.is_fixed = fixed;
        n.is_image = (kind & kind_cache::image) != 0 ||
                     (n.elem >= 0 &&
                      (tag_is(n.tag, "svg") || tag_is(n.tag, "video") || tag_is(n.tag, "canvas")));
        if (n.elem >= 0 && !tag_is(n.tag, "html") && !tag_is(n.tag, "body")) {
            const litehtml::background *bg = el->get_background(true);
            // Lead pictures are often a box painted with a background image.
            if (!n.is_image)
                n.is_image = bg && !bg->m_image.empty();
            paint_facts(el,
                        (kind & kind_cache::tag) ? static_cast<litehtml::html_tag *>(el) : nullptr,
                        bg, n);
        }
        bool row = disp == litehtml::display_table_row ||
                   disp == litehtml::display_table_row_group ||
                   disp == litehtml::display_table_header_group ||
                   disp == litehtml::display_table_footer_group;
        // A block that clips its overflow and is at most 1 px wide or tall
        // shows nothing of what it holds (inline boxes and table rows,
        // whose boxes are rebuilt below, do not clip).
        bool clips = parent ? parent->clips : false;
        if (!clips && !n.is_inline && !row && el->get_overflow() != litehtml::overflow_visible &&
            (n.w <= 1 || n.h <= 1))
            clips = true;
        n.unseen = clips;
        out.push_back(n);
        derived.resize(out.size(), false);
        derived.back() = n.is_inline || (row && pos.width == 0 && pos.height == 0);
        const litehtml::elements_vector *kids =
            (kind & kind_cache::tag) ? &(el->*member_of(elem_children{})) : nullptr;
        stack.push_back(
            walk_frame{el, (int)out.size() - 1, ax, ay, in_link, fixed, clips, 0, kids});
    };

    enter(root, nullptr);
    while (!stack.empty()) {
        walk_frame &f = stack.back();
        if (f.next >= (f.kids ? f.kids->size() : f.el->get_children_count())) {
            stack.pop_back();
            continue;
        }
        // the walk changes no list of children: an element held by its
        // parent's list stays alive while it is entered
        litehtml::element::ptr held;
        litehtml::element *child;
        if (f.kids) {
            child = (*f.kids)[f.next++].get();
        } else {
            held = f.el->get_child((int)f.next++);
            child = held.get();
        }
        walk_frame parent = f; // enter() may grow the stack
        if (child)
            enter(child, &parent);
    }

    // Derived boxes: the union of what they contain, children first (they
    // come later in pre-order).
    derived.resize(out.size(), false);
    std::vector<bool> has_box(out.size(), false);
    for (size_t i = out.size(); i-- > 0;) {
        sb_rnode &n = out[i];
        bool own = n.is_text || !derived[i] || has_box[i];
        if (!own || n.parent < 0)
            continue;
        if (!n.is_text && n.elem >= 0 && tag_is(n.tag, "br"))
            continue; // a block in litehtml, a line end in the page
        sb_rnode &p = out[(size_t)n.parent];
        if (!derived[(size_t)n.parent])
            continue;
        if (!has_box[(size_t)n.parent]) {
            p.x = n.x;
            p.y = n.y;
            p.w = n.w;
            p.h = n.h;
            has_box[(size_t)n.parent] = true;
        } else {
            int x0 = std::min(p.x, n.x), y0 = std::min(p.y, n.y);
            int x1 = std::max(p.x + p.w, n.x + n.w), y1 = std::max(p.y + p.h, n.y + n.h);
            p.x = x0;
            p.y = y0;
            p.w = clamp_coord((long long)x1 - x0);
            p.h = clamp_coord((long long)y1 - y0);
        }
    }
}

} // namespace

static sb_render *render_page(const sb_doc *doc, const sb_render_opts *opts, sb_fonts *fonts,
                              char *err, size_t errlen)
{
    set_err(err, errlen, "");
    if (!doc) {
        set_err(err, errlen, "render: no document");
        return nullptr;
    }
    sb_render_opts o{};
    if (opts)
        o = *opts;
    if (o.width <= 0)
        o.width = SB_DEFAULT_WIDTH;
    if (o.width > 10000)
        o.width = 10000;
    if (o.height <= 0)
        o.height = 800;
    if (o.time_budget_ms <= 0)
        o.time_budget_ms = 10000;

    // Without a context from the caller, the thread's own: font files,
    // fontconfig matches and shaped words carry over from page to page
    // (a fresh context cost about a third of a small page's render).
    if (!fonts) {
        fonts = sb_fonts_thread();
        if (!fonts) {
            set_err(err, errlen, "render: no fonts available (fontconfig found none)");
            return nullptr;
        }
    }
    sb_render *r = nullptr;
    sb_css_names *names = nullptr;
    sb_prep_sheets sheets{};
    sb_ptree *tree = nullptr;
    double t0 = sb_clock_ms();
    try {
        container cont;
        cont.fonts = fonts;
        cont.vw = o.width;
        cont.vh = o.height;
        cont.deadline = t0 + o.time_budget_ms;
        if (o.css_dir)
            cont.css_dir = o.css_dir;
        if (o.base_url)
            cont.base_url = o.base_url;
        cont.resource = o.resource;
        cont.resource_ctx = o.resource_ctx;
        cont.image_size = o.image_size;

        // litehtml's own parse runs before any callback can check the
        // clock, and it holds about a kilobyte per element: pages beyond
        // these sizes are refused up front instead of running away.
        if (doc->n_elems > max_elements || doc->html_len > max_doc_bytes) {
            if (err && errlen)
                std::snprintf(err, errlen,
                              "render: page too large for layout (%zu elements, %zu bytes; "
                              "limits %zu, %zu)",
                              doc->n_elems, doc->html_len, max_elements, max_html_bytes);
            return nullptr;
        }
        names = sb_css_names_from_doc(doc);
        cont.names = names;
        sb_prep_stats st{};
        tree = sb_render_prepare_tree(doc, names, o.max_depth, &st, &sheets);
        size_t html_len = sb_ptree_bytes(tree);
        if (html_len > max_html_bytes) {
            if (err && errlen)
                std::snprintf(err, errlen,
                              "render: page too large for layout (%zu elements, %zu bytes; "
                              "limits %zu, %zu)",
                              doc->n_elems, html_len, max_elements, max_html_bytes);
            sb_ptree_free(tree);
            sb_prep_sheets_free(&sheets);
            sb_css_names_free(names);
            return nullptr;
        }
        cont.sheets = &sheets;
        style_memo memo; // outlives ldoc (declared before it)
        memo.share = !no_style_sharing;
        memo.parse_once = !no_style_sharing;
        memo.trace_on = !no_style_sharing;
        memo.port = !no_style_sharing;
        cont.memo = &memo;
        GumboNode *root = sb_ptree_root(tree);
        size_t runs = root ? count_tree_runs(root) : 0;
        if (runs + element_weight * st.elems_emitted > max_layout_weight) {
            if (err && errlen)
                std::snprintf(err, errlen,
                              "render: page too large for layout (%zu words and spaces + %zu x "
                              "%zu elements > %zu)",
                              runs, element_weight, st.elems_emitted, max_layout_weight);
            sb_ptree_free(tree);
            sb_prep_sheets_free(&sheets);
            sb_css_names_free(names);
            return nullptr;
        }
        cont.elements = st.elems_emitted;
        cont.selectors = st.css.selectors_kept;
        if (cont.elements * cont.selectors > max_selector_tests) {
            if (err && errlen)
                std::snprintf(err, errlen,
                              "render: too much CSS for layout (%zu elements x %zu selectors > "
                              "%zu)",
                              cont.elements, cont.selectors, max_selector_tests);
            sb_ptree_free(tree);
            sb_prep_sheets_free(&sheets);
            sb_css_names_free(names);
            return nullptr;
        }
        double t1 = sb_clock_ms();

        // The user-agent stylesheet goes through the same pruning as the
        // page's own (css_prep.h): litehtml tests every selector against
        // every element, and most of the 161 selectors of ua_css.c name
        // tags a page does not use (dialog, xmp, frameset, h5...).  The
        // pruned sheet is kept per thread (render/ua_sheet.h).
        litehtml::context ctx;
        const char *ua_sheet;
        {
            on_thread_heap keep; // the thread's kept rules
            ua_sheet = sb_render_ua_sheet(names);
        }
        ctx.load_master_stylesheet(ua_sheet); // parsed here, not kept
        litehtml::elements_vector dropped_spaces;              // drop_block_spaces
        litehtml::document::ptr ldoc;
        if (root)
            ldoc = document_from_tree(root, &cont, &ctx, cont.memo, &tree);
        sb_ptree_free(tree); // litehtml keeps nothing of it (freed already if built)
        tree = nullptr;
        double t2 = sb_clock_ms();
        if (!ldoc || !ldoc->root()) {
            set_err(err, errlen, "render: litehtml could not build the document");
        } else {
            size_t unfloated = limit_floats(ldoc->root().get());
            size_t dropped = drop_block_spaces(ldoc->root().get(), dropped_spaces);
            // The result's nodes (untouched until extract_nodes fills them)
            // are reserved before the layout, not after it: under mimalloc
            // the block then comes from the span the prepared tree freed
            // (document_from_tree), which is resident already, where after
            // the layout's allocations it took new memory (wikipedia-2's
            // peak RSS 63.9 -> 62.7 MB; docs/render_cost.md, fifteenth
            // round, task h1b).
            node_list nodes;
            nodes.reserve(doc->n_elems * 4 + 16);
            ldoc->render(o.width);
            double t3 = sb_clock_ms();
            kept_text keep;
            extract_nodes(ldoc->root().get(), doc, nodes, o.keep_text ? &keep : nullptr);
            double t4 = sb_clock_ms();
            on_thread_heap keep_result; // the result outlives the page
            r = (sb_render *)sb_xcalloc(1, sizeof *r);
            r->n_nodes = nodes.size();
            r->nodes = nodes.release();
            r->width = clamp_coord(std::max(ldoc->width(), o.width));
            r->height = clamp_coord(ldoc->height());
            r->prep_ms = t1 - t0;
            r->parse_ms = t2 - t1;
            r->layout_ms = t3 - t2;
            r->extract_ms = t4 - t3;
            r->css_rules_in = st.css.rules_in;
            r->css_rules_kept = st.css.rules_kept;
            r->floats_removed = unfloated;
            r->spaces_dropped = dropped;
            r->renders_answered = memo.renders_answered;
            r->unstyled = memo.unstyled;
            r->shared_styles = memo.shared;
            if (o.keep_text) {
                r->text_len = keep.text.size();
                r->text = (char *)sb_xmalloc(keep.text.size() + 1);
                std::memcpy(r->text, keep.text.c_str(), keep.text.size() + 1);
                r->n_fonts = keep.fonts.size();
                r->fonts = (sb_render_font *)sb_xcalloc(keep.fonts.size() + 1, sizeof *r->fonts);
                if (!keep.fonts.empty())
                    std::memcpy(r->fonts, keep.fonts.data(), keep.fonts.size() * sizeof *r->fonts);
                keep.fonts.clear();
            }
        }
        ldoc.reset(); // before the container and context it refers to
    } catch (const budget_exceeded &) {
        if (err && errlen)
            std::snprintf(err, errlen, "render: time budget of %d ms exceeded", o.time_budget_ms);
        sb_render_free(r);
        r = nullptr;
    } catch (const too_much_css &) {
        if (err && errlen)
            std::snprintf(err, errlen,
                          "render: too much CSS for layout (with the imported stylesheets, "
                          "elements x selectors > %zu)",
                          max_selector_tests);
        sb_render_free(r);
        r = nullptr;
    } catch (const std::bad_alloc &) {
        set_err(err, errlen, "render: out of memory in litehtml");
        sb_render_free(r);
        r = nullptr;
    } catch (const std::exception &e) {
        if (err && errlen)
            std::snprintf(err, errlen, "render: litehtml failed: %s", e.what());
        sb_render_free(r);
        r = nullptr;
    } catch (...) {
        set_err(err, errlen, "render: litehtml failed");
        sb_render_free(r);
        r = nullptr;
    }
    sb_ptree_free(tree);
    sb_prep_sheets_free(&sheets);
    sb_css_names_free(names);
    return r;
}

extern "C" sb_render *sb_render_page(const sb_doc *doc, const sb_render_opts *opts,
                                     sb_fonts *fonts, char *err, size_t errlen)
{
    // The thread's own render state is made before the page's heap: the
    // C library registers a thread_local's destructor by allocating, at
    // its first use on the thread, a block that would outlive the page.
    static_cast<void>(ua_rules.size() + parses.lengths.used);
    void *heap = sb_page_heap_begin(); // dom/base/page_heap.h
    sb_render *r = render_page(doc, opts, fonts, err, errlen);
    sb_page_heap_end(heap);
    return r;
}

extern "C" void sb_render_free(sb_render *r)
{
    if (!r)
        return;
    std::free(r->nodes);
    for (size_t i = 0; i < r->n_fonts; i++)
        std::free(r->fonts[i].file);
    std::free(r->fonts);
    std::free(r->text);
    std::free(r);
}

// True when `rendered` is the cut a long data: URI gets in the
// serialisation (prep.c keeps its first SB_PREP_DATA_URI_KEEP bytes).
static bool data_uri_cut(const char *original, const char *rendered)
{
    while (*original == ' ' || *original == '\t' || *original == '\n' || *original == '\r' ||
           *original == '\f')
        original++;
    return strncasecmp(original, "data:", 5) == 0 &&
           std::strlen(original) > SB_PREP_DATA_URI_KEEP &&
           std::strlen(rendered) == SB_PREP_DATA_URI_KEEP &&
           std::strncmp(original, rendered, SB_PREP_DATA_URI_KEEP) == 0;
}

extern "C" long sb_render_check_mapping(const sb_doc *doc, size_t *checked, char *err,
                                        size_t errlen)
{
    set_err(err, errlen, "");
    if (checked)
        *checked = 0;
    if (!doc)
        return 0;
    long bad = 0;
    sb_fonts *fonts = sb_fonts_new();
    char *html = sb_render_serialize(doc, nullptr, 0, nullptr, nullptr);
    auto report = [&](const char *fmt, int id, const char *a, const char *b) {
        if (bad++ == 0 && err && errlen)
            std::snprintf(err, errlen, fmt, id, a, b);
    };
    try {
        container cont;
        cont.fonts = fonts;
        cont.deadline = sb_clock_ms() + 600000.0;
        litehtml::context ctx;
        ctx.load_master_stylesheet(sb_render_ua_css);
        litehtml::document::ptr ldoc = litehtml::document::createFromUTF8(html, &cont, &ctx);
        std::vector<char> seen(doc->n_elems, 0);
        std::vector<std::pair<litehtml::element *, size_t>> stack;
        if (ldoc && ldoc->root())
            stack.push_back({ldoc->root().get(), 0});
        while (!stack.empty()) {
            auto &top = stack.back();
            litehtml::element *el = top.first;
            if (top.second == 0) {
                const char *v = el->get_attr("data-sbid");
                if (v) {
                    int id = elem_id_of(el, doc);
                    if (id < 0) {
                        report("element with bad id %d (%s%s)", -1, v, "");
                    } else if (seen[(size_t)id]++) {
                        report("id %d used twice (%s%s)", id, el->get_tagName(), "");
                    } else {
                        if (checked)
                            (*checked)++;
                        const GumboNode *g = doc->elems[id];
                        const char *tag = sb_tag_name(g);
                        if (strcasecmp(tag, el->get_tagName()) != 0)
                            report("id %d: tag %s became %s", id, tag, el->get_tagName());
                        const GumboVector *attrs = &g->v.element.attributes;
                        for (unsigned i = 0; i < attrs->length; i++) {
                            const GumboAttribute *a = (const GumboAttribute *)attrs->data[i];
                            if (!std::strcmp(a->name, "data-sbid") || !std::strcmp(a->name, "style") ||
                                !std::strcmp(a->name, "colspan") || !std::strcmp(a->name, "rowspan") ||
                                std::strpbrk(a->name, " \t\n\r\f\"'<>/=") || !*a->name)
                                continue; // not serialised (prep.c) or rewritten
                            // litehtml lower-cases attribute names (SVG's viewBox...)
                            std::string lname(a->name);
                            for (char &ch : lname)
                                ch = (char)std::tolower((unsigned char)ch);
                            const char *lv = el->get_attr(lname.c_str());
                            if (!lv)
                                report("id %d: attribute %s missing (%s)", id, a->name, tag);
                            else if (std::strcmp(lv, a->value) != 0 && !data_uri_cut(a->value, lv))
                                report("id %d: attribute %s differs (%s)", id, a->name, tag);
                        }
                    }
                }
            }
            if (top.second >= el->get_children_count()) {
                stack.pop_back();
                continue;
            }
            litehtml::element::ptr c = el->get_child((int)top.second++);
            if (c)
                stack.push_back({c.get(), 0});
        }
        ldoc.reset();
    } catch (...) {
        set_err(err, errlen, "litehtml failed while parsing");
        bad++;
    }
    std::free(html);
    sb_fonts_free(fonts);
    return bad;
}

extern "C" bool sb_render_check_split(const char *text)
{
    container ours;
    std::vector<std::string> a, b;
    ours.split_text(
        text, [&](const char *w) { a.push_back(std::string("w:") + w); },
        [&](const char *w) { a.push_back(std::string("s:") + w); });
    ours.litehtml::document_container::split_text(
        text, [&](const char *w) { b.push_back(std::string("w:") + w); },
        [&](const char *w) { b.push_back(std::string("s:") + w); });
    return a == b;
}

// One property lookup of two parses of the same page, as strings (NULL and
// the default sentinel kept apart).
static bool same_answer(const char *a, const char *b)
{
    return a == b || (a && b && std::strcmp(a, b) == 0);
}

extern "C" long sb_render_check_style_lookups(const sb_doc *doc, size_t *checked, char *err,
                                              size_t errlen)
{
    set_err(err, errlen, "");
    if (checked)
        *checked = 0;
    if (!doc)
        return 0;
    // Names litehtml does not ask while computing styles, and spellings
    // that only a page could write, beside every name it did ask.
    static const char *const extra[] = {"color", "font-size", "margin-left", "width",
                                        "display", "no-such-property", "Color", nullptr};
    static const char sentinel[] = "(default)";
    long bad = 0;
    sb_fonts *fonts = sb_fonts_new();
    char *html = sb_render_serialize(doc, nullptr, 0, nullptr, nullptr);
    try {
        style_memo memo;
        container ours, theirs;
        ours.fonts = theirs.fonts = fonts;
        ours.deadline = theirs.deadline = sb_clock_ms() + 600000.0;
        // ours: our element classes, made from the prepared tree and
        // matched by candidates (document_from_tree); theirs: litehtml's
        // own, from the same page as HTML
        ours.memo = &memo;
        litehtml::context ctx;
        ctx.load_master_stylesheet(sb_render_ua_css);
        std::unique_ptr<sb_ptree, void (*)(sb_ptree *)> tree(
            sb_render_prepare_tree(doc, nullptr, 0, nullptr, nullptr), sb_ptree_free);
        GumboNode *root = sb_ptree_root(tree.get());
        litehtml::document::ptr a =
            root ? document_from_tree(root, &ours, &ctx, &memo) : litehtml::document::ptr();
        litehtml::document::ptr b = litehtml::document::createFromUTF8(html, &theirs, &ctx);
        std::vector<const char *> names;
        for (int k = 0; k < memo.n_names; k++)
            names.push_back(memo.keys[k].c_str());
        for (const char *const *e = extra; *e; e++)
            names.push_back(*e);
        std::vector<std::pair<litehtml::element *, litehtml::element *>> stack;
        if (a && b && a->root() && b->root())
            stack.push_back({a->root().get(), b->root().get()});
        while (!stack.empty()) {
            auto pair = stack.back();
            stack.pop_back();
            litehtml::element *x = pair.first, *y = pair.second;
            if (x->get_children_count() != y->get_children_count() ||
                std::strcmp(x->get_tagName(), y->get_tagName()) != 0) {
                if (bad++ == 0 && err && errlen)
                    std::snprintf(err, errlen, "the two parses differ at <%s>", x->get_tagName());
                continue;
            }
            for (const char *name : names) {
                for (int inherited = 0; inherited < 2; inherited++) {
                    const char *u = x->get_style_property(name, inherited, sentinel);
                    const char *v = y->get_style_property(name, inherited, sentinel);
                    if (checked)
                        (*checked)++;
                    if (!same_answer(u, v) && bad++ == 0 && err && errlen)
                        std::snprintf(err, errlen, "<%s> %s (%s): \"%s\", litehtml \"%s\"",
                                      x->get_tagName(), name, inherited ? "inherited" : "own",
                                      u ? u : "NULL", v ? v : "NULL");
                }
            }
            // the whole map of own declarations, names nothing asks
            // included (memo_element::add_style writes parsed rules)
            const auto *xt = dynamic_cast<const litehtml::html_tag *>(x);
            const auto *yt = dynamic_cast<const litehtml::html_tag *>(y);
            if (!xt != !yt) {
                if (bad++ == 0 && err && errlen)
                    std::snprintf(err, errlen, "<%s>: not of one kind", x->get_tagName());
            } else if (xt) {
                // the attributes and class values (memo_element::set_attr)
                if ((xt->*member_of(tag_attrs{}) != yt->*member_of(tag_attrs{}) ||
                     xt->*member_of(tag_classes{}) != yt->*member_of(tag_classes{})) &&
                    bad++ == 0 && err && errlen)
                    std::snprintf(err, errlen, "<%s>: attributes or classes differ",
                                  x->get_tagName());
                const litehtml::props_map &u = props_of(xt->*member_of(tag_style{}));
                const litehtml::props_map &v = props_of(yt->*member_of(tag_style{}));
                auto i = u.begin(), j = v.begin();
                for (; i != u.end() && j != v.end(); ++i, ++j)
                    if (i->first != j->first || i->second.m_value != j->second.m_value ||
                        i->second.m_important != j->second.m_important)
                        break;
                if (checked)
                    (*checked)++;
                if ((i != u.end() || j != v.end()) && bad++ == 0 && err && errlen)
                    std::snprintf(err, errlen,
                                  "<%s> declarations differ at %s: \"%s\"%s, litehtml %s: "
                                  "\"%s\"%s",
                                  x->get_tagName(), i != u.end() ? i->first.c_str() : "(end)",
                                  i != u.end() ? i->second.m_value.c_str() : "",
                                  i != u.end() && i->second.m_important ? " !important" : "",
                                  j != v.end() ? j->first.c_str() : "(end)",
                                  j != v.end() ? j->second.m_value.c_str() : "",
                                  j != v.end() && j->second.m_important ? " !important" : "");
            }
            // what is inside a hidden element keeps no computed style
            // (memo_element::parse_styles), and nothing asks it
            if (x->get_display() == litehtml::display_none)
                continue;
            for (size_t i = 0; i < x->get_children_count(); i++)
                stack.push_back({x->get_child((int)i).get(), y->get_child((int)i).get()});
        }
        a.reset();
        b.reset();
    } catch (...) {
        set_err(err, errlen, "litehtml failed while parsing");
        bad++;
    }
    std::free(html);
    sb_fonts_free(fonts);
    return bad;
}

// Two renders of one page, with one of the render's shortcuts on and with
// it off (*off set for the second): the same nodes, field by field.  The
// shortcut's own count (*counted, from the first render) must be zero in the
// second, which is how a switch that does not switch shows up.  `other`
// names the second render in the error.
static long renders_compare(const sb_doc *doc, bool *off,
                            size_t sb_render::*count, size_t *counted, const char *other,
                            char *err, size_t errlen)
{
    set_err(err, errlen, "");
    if (counted)
        *counted = 0;
    sb_render_opts o{};
    o.time_budget_ms = 600000;
    o.keep_text = true;
    char e1[200], e2[200];
    sb_render *a = sb_render_page(doc, &o, nullptr, e1, sizeof e1);
    *off = true;
    sb_render *b = sb_render_page(doc, &o, nullptr, e2, sizeof e2);
    *off = false;
    long bad = 0;
    if (!a || !b) {
        if (err && errlen)
            std::snprintf(err, errlen, "render failed: %s / %s", a ? "" : e1, b ? "" : e2);
        bad = 1;
    } else {
        if (counted)
            *counted = a->*count;
        if (b->*count)
            bad++;
        if (a->n_nodes != b->n_nodes || a->width != b->width || a->height != b->height ||
            a->text_len != b->text_len ||
            (a->text_len && std::memcmp(a->text, b->text, a->text_len) != 0)) {
            bad++;
            if (err && errlen)
                std::snprintf(err, errlen, "%zu nodes, %d x %d px; %s %zu, %d x %d", a->n_nodes,
                              a->width, a->height, other, b->n_nodes, b->width, b->height);
        }
        for (size_t i = 0; !bad && i < a->n_nodes; i++) {
            const sb_rnode &x = a->nodes[i], &y = b->nodes[i];
            bool same =
                x.parent == y.parent && x.elem == y.elem && std::strcmp(x.tag, y.tag) == 0 &&
                x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h &&
                x.font_size == y.font_size && x.font_weight == y.font_weight &&
                x.chars == y.chars && x.display == y.display && x.is_text == y.is_text &&
                x.in_link == y.in_link && x.is_fixed == y.is_fixed && x.unseen == y.unseen &&
                x.is_image == y.is_image && x.is_inline == y.is_inline &&
                x.bg_color == y.bg_color && x.border_sides == y.border_sides &&
                x.text_off == y.text_off && x.text_len == y.text_len && x.font == y.font;
            if (!same) {
                bad++;
                if (err && errlen)
                    std::snprintf(err, errlen, "node %zu <%s>: %d,%d %dx%d; %s <%s> %d,%d %dx%d",
                                  i, x.tag, x.x, x.y, x.w, x.h, other, y.tag, y.x, y.y, y.w,
                                  y.h);
            }
        }
    }
    sb_render_free(a);
    sb_render_free(b);
    return bad;
}

// Computed styles shared (the memo) against each computed in full.
extern "C" long sb_render_check_style_sharing(const sb_doc *doc, size_t *shared, char *err,
                                              size_t errlen)
{
    return renders_compare(doc, &no_style_sharing, &sb_render::shared_styles, shared,
                           "without sharing", err, errlen);
}

// The layout's shortcuts (drop_block_spaces, line_link) against
// litehtml's own layout.
extern "C" long sb_render_check_layout_shortcuts(const sb_doc *doc, size_t *dropped, char *err,
                                                 size_t errlen)
{
    return renders_compare(doc, &no_layout_shortcuts, &sb_render::spaces_dropped, dropped,
                           "litehtml's own", err, errlen);
}

// Layouts answered from earlier ones (memo_element::render) against every
// element laid out each time litehtml asks.
extern "C" long sb_render_check_render_memo(const sb_doc *doc, size_t *answered, char *err,
                                            size_t errlen)
{
    return renders_compare(doc, &no_render_memo, &sb_render::renders_answered, answered,
                           "laid out every time", err, errlen);
}

extern "C" long sb_render_check_style_port(const sb_doc *doc, size_t *compared, char *err,
                                          size_t errlen)
{
    set_err(err, errlen, "");
    port_check_state st;
    port_check = &st;
    sb_render_opts o{};
    o.time_budget_ms = 600000;
    char e1[200];
    sb_render *r = sb_render_page(doc, &o, nullptr, e1, sizeof e1);
    port_check = nullptr;
    if (compared)
        *compared = st.compared;
    if (!r) {
        if (err && errlen)
            std::snprintf(err, errlen, "render failed: %s", e1);
        return 1;
    }
    sb_render_free(r);
    if (st.bad && err && errlen)
        std::snprintf(err, errlen, "%s", st.first);
    return (long)st.bad;
}

// Two parses of a selector, field by field (the left parts included).
static bool same_selector(const litehtml::css_selector &a, const litehtml::css_selector &b)
{
    if (a.m_specificity != b.m_specificity || a.m_order != b.m_order ||
        a.m_combinator != b.m_combinator || a.m_style != b.m_style || a.m_baseurl != b.m_baseurl ||
        !a.m_media_query != !b.m_media_query ||
        (a.m_media_query && a.m_media_query->is_used() != b.m_media_query->is_used()) ||
        a.m_right.m_tag != b.m_right.m_tag ||
        a.m_right.m_attrs.size() != b.m_right.m_attrs.size() || !a.m_left != !b.m_left)
        return false;
    for (size_t i = 0; i < a.m_right.m_attrs.size(); i++) {
        const litehtml::css_attribute_selector &x = a.m_right.m_attrs[i], &y = b.m_right.m_attrs[i];
        if (x.attribute != y.attribute || x.val != y.val || x.class_val != y.class_val ||
            x.condition != y.condition)
            return false;
    }
    return !a.m_left || same_selector(*a.m_left, *b.m_left);
}

extern "C" long sb_render_check_sheet_parse(const sb_doc *doc, size_t *selectors, char *err,
                                            size_t errlen)
{
    set_err(err, errlen, "");
    if (selectors)
        *selectors = 0;
    litehtml::css theirs, ours;
    sheet_parse_check = &theirs;
    sheet_parse_ours = &ours;
    sb_render_opts o{};
    o.time_budget_ms = 600000;
    char e1[200];
    sb_render *r = sb_render_page(doc, &o, nullptr, e1, sizeof e1);
    sheet_parse_check = nullptr;
    sheet_parse_ours = nullptr;
    long bad = 0;
    if (!r) {
        if (err && errlen)
            std::snprintf(err, errlen, "render failed: %s", e1);
        return 1;
    }
    sb_render_free(r);
    const litehtml::css_selector::vector &a = ours.selectors(), &b = theirs.selectors();
    if (selectors)
        *selectors = a.size();
    if (a.size() != b.size()) {
        if (err && errlen)
            std::snprintf(err, errlen, "%zu selectors, litehtml %zu", a.size(), b.size());
        return 1;
    }
    for (size_t i = 0; i < a.size(); i++)
        if (!same_selector(*a[i], *b[i]) && bad++ == 0 && err && errlen)
            std::snprintf(err, errlen, "selector %zu (%s) differs from litehtml's (%s)", i,
                          a[i]->m_right.m_tag.c_str(), b[i]->m_right.m_tag.c_str());
    return bad;
}

extern "C" long sb_render_check_never_applied(const sb_doc *doc, size_t *pairs, char *err,
                                              size_t errlen)
{
    set_err(err, errlen, "");
    never_check_state st;
    never_check = &st;
    sb_render_opts o{};
    o.time_budget_ms = 600000;
    char e1[200];
    sb_render *r = sb_render_page(doc, &o, nullptr, e1, sizeof e1);
    never_check = nullptr;
    if (pairs)
        *pairs = st.pairs;
    if (!r) {
        if (err && errlen)
            std::snprintf(err, errlen, "render failed: %s", e1);
        return 1;
    }
    sb_render_free(r);
    if (st.bad && err && errlen)
        std::snprintf(err, errlen, "%s", st.first);
    return (long)st.bad;
}
