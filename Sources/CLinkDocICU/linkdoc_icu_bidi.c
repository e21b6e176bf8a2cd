// ICU's bidi algorithm for LinkDocLayout. See include/linkdoc_icu_bidi.h for why this is C.
#include "linkdoc_icu_bidi.h"

#if defined(__APPLE__)
// macOS has ICU only as libicucore, without headers: see icu_apple.h.
#include "icu_apple.h"
#else
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/utypes.h>
#endif

static uint8_t kind_of(UChar32 c) {
    switch (u_charDirection(c)) {
    case U_WHITE_SPACE_NEUTRAL: case U_BOUNDARY_NEUTRAL:
    case U_LEFT_TO_RIGHT_EMBEDDING: case U_LEFT_TO_RIGHT_OVERRIDE: case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE: case U_POP_DIRECTIONAL_FORMAT:
    case U_FIRST_STRONG_ISOLATE: case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_POP_DIRECTIONAL_ISOLATE:
        return LINKDOC_BIDI_WHITESPACE;
    case U_SEGMENT_SEPARATOR:
        return LINKDOC_BIDI_SEGMENT;
    default:
        return LINKDOC_BIDI_OTHER;
    }
}

int linkdoc_bidi_levels(const uint16_t *text, int32_t length, int direction, uint8_t *levels, uint8_t *kinds) {
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(text, i, length, c);
        uint8_t kind = kind_of(c);
        for (int32_t k = start; k < i; k++) kinds[k] = kind;
    }
    if (length == 0) return direction == LINKDOC_BIDI_RTL ? 1 : 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel para = direction == LINKDOC_BIDI_RTL ? 1 : direction == LINKDOC_BIDI_LTR ? 0 : UBIDI_DEFAULT_LTR;
    ubidi_setPara(bidi, (const UChar *)text, length, para, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    int result = -1;
    if (U_SUCCESS(status) && resolved != NULL) {
        for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
        result = ubidi_getParaLevel(bidi) & 1;
    }
    ubidi_close(bidi);
    return result;
}

int linkdoc_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    if (count <= 0) return 0;
    ubidi_reorderVisual(levels, count, visual_to_logical);
    return 0;
}
