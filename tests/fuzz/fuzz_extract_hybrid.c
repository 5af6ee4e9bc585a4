/* libFuzzer harness: sb_extract with the hybrid method (render + DOM). */
#define FUZZ_METHOD "hybrid"
#include "fuzz_extract.h"
