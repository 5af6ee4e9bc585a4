/* lsan_suppressions: linked into every executable of a sanitizer build
 * (STORYBOX_SANITIZE), never into the libraries.
 *
 * fontconfig 2.14's FcInit leaks about a kilobyte once per process (it does
 * so in a three-line program that only calls FcInit; the fonts module's
 * private configuration is never freed, being process-wide and read-only),
 * and both the fonts module and cairo's overlay text call it.  This hook
 * tells LeakSanitizer about it, so every program stays clean; the sanitizer runtime calls it,
 * which is why it lives in an object every executable links rather than in
 * a static library an executable may not pull in.  Visible, because the
 * build hides every symbol libstorybox does not export and the runtime
 * finds the hook only by its dynamic symbol. */
__attribute__((visibility("default"))) const char *__lsan_default_suppressions(void);
__attribute__((visibility("default"))) const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}
