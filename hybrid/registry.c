#include "hybrid/registry.h"

#include <stdlib.h>
#include <string.h>

#include "hybrid/methods/methods.h"
#include "hybrid/seed/seed_methods.h"

/* Row order is the order `storybox methods` and `eval` list them in. */
static const sb_method methods[] = {
    {{"hybrid", "layout region (proximity) + DOM extraction + similarity (default)", true},
     sb_method_hybrid},
    {{"dom", "the same DOM extraction over the whole page, no rendering", false},
     sb_method_dom},
    {{"next", "N-EXT: leaf div/table blocks weighted by size and title similarity", false},
     sb_method_next},
    {{"r2l", "R2L: line content/code density, right-to-left aware, gap 8", false},
     sb_method_r2l},
    {{"dana", "DANA: line density regions, gap 20, parse chosen lines", false},
     sb_method_dana},
    {{"danag", "DANAg: DANA with language-independent content/code counting", false}, sb_method_danag},
    {{"addanag", "AdDANAg: DANAg after hyperlink normalisation", false}, sb_method_addanag},
    {{"titlefinder", "TitleFinder: headline = text node most similar to <title>", false},
     sb_method_titlefinder},
    {{"lbnest-dom", "LBNEST DOM-only: p text, sentence similarity 0.20, image", false},
     sb_method_lbnest_dom},
    {{"lbnest-cluster", "LBNEST correlation clustering over rendered boxes", true},
     sb_method_lbnest_cluster},
};

#define N_METHODS (sizeof methods / sizeof methods[0])

size_t sb_method_count(void)
{
    return N_METHODS;
}

const sb_method_info *sb_method_at(size_t i)
{
    return i < N_METHODS ? &methods[i].info : NULL;
}

const sb_method *sb_method_lookup(const char *name)
{
    if (!name || !*name)
        name = "hybrid";
    for (size_t i = 0; i < N_METHODS; i++)
        if (strcmp(methods[i].info.name, name) == 0)
            return &methods[i];
    return NULL;
}

const sb_method_info *sb_method_find(const char *name)
{
    const sb_method *m = sb_method_lookup(name);
    return m ? &m->info : NULL;
}
