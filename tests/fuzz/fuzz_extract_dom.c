/* libFuzzer harness: sb_extract with the dom method (no rendering). */
#define FUZZ_METHOD "dom"
#include "fuzz_extract.h"
