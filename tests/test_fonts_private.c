/* The renderer's fonts do not depend on the machine's fontconfig set-up.
 *
 * This process's default fontconfig configuration is pointed (through
 * FONTCONFIG_FILE, before anything loads it) at a directory holding a
 * competing face: a copy of DejaVu Serif renamed at scan time to "Arial",
 * "Helvetica" and "Liberation Sans", the way fonts-urw-base35 brings in
 * Nimbus Sans for Helvetica and Arial.  The test first proves that the
 * default configuration now picks the competitor, then that sb_fonts still
 * resolves and measures exactly as on a clean machine: it uses a private
 * configuration that knows only the files the project installs. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fontconfig/fontconfig.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fonts/fonts.h"

static const char fox[] = "The quick brown fox";
static const char project_serif[] = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf";
static char tmpdir[] = "/tmp/sb_fonts_private_XXXXXX";
static char competitor[512];

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    FILE *out = in ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n;
    int ok = in && out;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok;
}

/* The default configuration: only the competing directory, its cache kept
 * inside the temporary directory. */
static int write_config(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 0;
    fprintf(f,
            "<?xml version=\"1.0\"?>\n<fontconfig>\n<dir>%s</dir>\n<cachedir>%s/cache</cachedir>\n"
            "<match target=\"scan\"><test name=\"file\"><string>%s</string></test>"
            "<edit name=\"family\" mode=\"assign\" binding=\"same\"><string>Arial</string>"
            "<string>Helvetica</string><string>Liberation Sans</string></edit></match>\n"
            "</fontconfig>\n",
            tmpdir, tmpdir, competitor);
    return fclose(f) == 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static void test_default_config_sees_competitor(void **state)
{
    (void)state;
    FcPattern *pat = FcNameParse((const FcChar8 *)"Arial");
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res;
    FcPattern *best = FcFontMatch(NULL, pat, &res);
    assert_non_null(best);
    FcChar8 *file = NULL;
    assert_int_equal(FcPatternGetString(best, FC_FILE, 0, &file), FcResultMatch);
    assert_string_equal((const char *)file, competitor);
    FcPatternDestroy(best);
    FcPatternDestroy(pat);
}

static void test_private_config_ignores_it(void **state)
{
    (void)state;
    sb_fonts *fc = sb_fonts_new();
    assert_non_null(fc);
    sb_font *arial = sb_fonts_get(fc, "Arial", 400, false, 16);
    assert_string_equal(sb_font_family(arial), "Liberation Sans");
    assert_string_equal(sb_font_file(arial),
                        "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf");
    assert_int_equal(sb_font_text_width(arial, fox, strlen(fox)), 143);
    sb_font *named = sb_fonts_get(fc, "'Liberation Sans', serif", 700, false, 16);
    assert_string_equal(sb_font_file(named),
                        "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf");
    assert_int_equal(sb_font_text_width(named, fox, strlen(fox)), 156);
    /* Helvetica reaches Liberation only behind the page's generic family,
     * as with stock fontconfig. */
    sb_font *helv = sb_fonts_get(fc, "Helvetica, sans-serif", 400, false, 16);
    assert_string_equal(sb_font_family(helv), "DejaVu Sans");
    sb_font *helv_alone = sb_fonts_get(fc, "Helvetica", 400, false, 16);
    assert_string_equal(sb_font_file(helv_alone), project_serif);
    sb_font *serif = sb_fonts_get(fc, "Georgia, serif", 400, false, 16);
    assert_string_equal(sb_font_file(serif), project_serif);
    sb_fonts_free(fc);
}

int main(void)
{
    if (access(project_serif, R_OK) != 0 ||
        access("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", R_OK) != 0) {
        fprintf(stderr, "test_fonts_private: project fonts not installed "
                        "(fonts-liberation2, fonts-dejavu-core); skipped\n");
        return 77;
    }
    if (!mkdtemp(tmpdir)) {
        perror("test_fonts_private: mkdtemp");
        return 1;
    }
    char conf[512];
    snprintf(competitor, sizeof competitor, "%s/Arial.ttf", tmpdir);
    snprintf(conf, sizeof conf, "%s/fonts.conf", tmpdir);
    int rc = 1;
    if (copy_file(project_serif, competitor) && write_config(conf)) {
        setenv("FONTCONFIG_FILE", conf, 1);
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_default_config_sees_competitor),
            cmocka_unit_test(test_private_config_ignores_it),
        };
        rc = cmocka_run_group_tests(tests, NULL, NULL);
    } else {
        fprintf(stderr, "test_fonts_private: cannot write %s\n", tmpdir);
    }
    nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return rc;
}
