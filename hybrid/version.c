/* version: sb_version, the library's version from the configured
 * storybox_version.h (CMake's project(storybox VERSION ...)). */
#include "storybox.h"

const char *sb_version(void)
{
    return STORYBOX_VERSION;
}
