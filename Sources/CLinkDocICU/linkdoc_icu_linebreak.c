// ICU line breaking for LinkDocLayout. See include/linkdoc_icu_linebreak.h for why this is C.
#include "linkdoc_icu_linebreak.h"

#if defined(__APPLE__)
// macOS has ICU only as libicucore, without headers: see icu_apple.h.
#include "icu_apple.h"
#else
#include <unicode/ubrk.h>
#include <unicode/utypes.h>
#endif

int linkdoc_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *offsets, uint8_t *kinds, int32_t capacity, int32_t *count) {
    *count = 0;
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    // ubrk_open caches the compiled rules per locale inside ICU, so opening per call is cheap
    // and keeps callers on different threads independent.
    UBreakIterator *it = ubrk_open(UBRK_LINE, (locale && *locale) ? locale : "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return 3;
    int32_t n = 0;
    for (int32_t at = ubrk_following(it, 0); at != UBRK_DONE; at = ubrk_next(it)) {
        if (n < capacity) {
            int32_t rule = ubrk_getRuleStatus(it);
            offsets[n] = at;
            kinds[n] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? LINKDOC_BREAK_HARD : LINKDOC_BREAK_SOFT;
        }
        n++;
    }
    ubrk_close(it);
    *count = n;
    return n > capacity ? 2 : 0;
}
