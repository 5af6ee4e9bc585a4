// ua_sheet.cpp: the user-agent sheet's preparations kept per thread
// (ua_sheet.h).  Preparing the whole sheet cost about 300,000 instructions
// per page, a third of a near-empty page's extraction (docs/render_cost.md,
// eleventh round).  Pages differ in which of the
// sheet's tags they use, so whole preparations rarely repeat; each rule's
// does (its selectors ask about a few tags), so the sheet is kept rule by
// rule: a page's sheet is each rule's kept preparation whose questions the
// page answers alike, and a rule is prepared again only when none does.
// Each rule alone gives what it gives inside the sheet: prepare_sheet
// carries no state from one top-level rule or group to the next but the
// grid items a sheet places, and no rule of this sheet places any
// (test_ua_sheet_kept compares the kept sheet with the whole sheet's
// preparation on every sample page).
extern "C" {
#include "render/ua_sheet.h"

#include "dom/base/strbuf.h"
#include "render/render.h"
}

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace
{

// A rule's selectors ask about one to a few dozen names, and a run of news
// pages gives each rule few distinct sets of answers; the oldest
// preparation goes when a rule holds this many.
constexpr size_t ua_rule_entries = 4;

struct ua_entry {
    std::string log; // the questions asked and their answers
    std::string css; // the rule as prepared
};

struct ua_rule {
    const char *text; // in sb_render_ua_css
    size_t len;
    std::vector<ua_entry> entries;
    size_t next = 0; // the entry replaced next when full
};

struct ua_memo {
    std::vector<ua_rule> rules;
    std::string sheet; // the last page's sheet
};

thread_local ua_memo memo;

// The sheet's top-level rules and groups: from one's end to the '}' that
// closes the next, outside quotes.
void split_rules(std::vector<ua_rule> &rules)
{
    const char *s = sb_render_ua_css;
    size_t n = std::strlen(s), b = 0;
    char quote = 0;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (quote) {
            if (s[i] == '\\' && i + 1 < n)
                i++;
            else if (s[i] == quote)
                quote = 0;
        } else if (s[i] == '"' || s[i] == '\'') {
            quote = s[i];
        } else if (s[i] == '{') {
            depth++;
        } else if (s[i] == '}' && depth > 0 && --depth == 0) {
            rules.push_back(ua_rule{s + b, i + 1 - b, {}, 0});
            b = i + 1;
        }
    }
}

} // namespace

extern "C" const char *sb_render_ua_sheet(const sb_css_names *names)
{
    if (memo.rules.empty())
        split_rules(memo.rules);
    memo.sheet.clear();
    for (ua_rule &r : memo.rules) {
        const ua_entry *hit = nullptr;
        for (const ua_entry &e : r.entries)
            if (sb_css_names_agree(names, e.log.data(), e.log.size())) {
                hit = &e;
                break;
            }
        if (!hit) {
            sb_buf log = SB_BUF_INIT;
            char *css = sb_css_prepare_logged(r.text, r.len, names, &log);
            ua_entry e{std::string(log.data ? log.data : "", log.len), std::string(css)};
            sb_buf_free(&log);
            std::free(css);
            if (r.entries.size() < ua_rule_entries) {
                r.entries.push_back(std::move(e));
                hit = &r.entries.back();
            } else {
                ua_entry &slot = r.entries[r.next];
                r.next = (r.next + 1) % ua_rule_entries;
                slot = std::move(e);
                hit = &slot;
            }
        }
        memo.sheet += hit->css;
    }
    return memo.sheet.c_str();
}
