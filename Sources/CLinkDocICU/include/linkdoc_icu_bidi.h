// Plain-C façade over ICU's bidi algorithm (ubidi, UAX #9), for LinkDocLayout. Like linkdoc_icu.h
// it includes no ICU header: see that file for why.
#ifndef LINKDOC_ICU_BIDI_H
#define LINKDOC_ICU_BIDI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The paragraph's base direction from its first strong character (UAX #9 rules P2 and P3),
/// left to right when it has none.
#define LINKDOC_BIDI_AUTO (-1)
#define LINKDOC_BIDI_LTR 0
#define LINKDOC_BIDI_RTL 1

/// Kinds of a code unit that rule L1 resets to the paragraph level at the end of a line.
#define LINKDOC_BIDI_OTHER 0
/// White space, isolate and embedding controls and boundary neutrals (L1 item 4).
#define LINKDOC_BIDI_WHITESPACE 1
/// A segment separator (a tab: L1 item 1).
#define LINKDOC_BIDI_SEGMENT 2

/// Resolves the embedding level of each of the `length` UTF-16 units of one paragraph (`text`
/// holds no line feed) with ICU's ubidi, in `direction` (LINKDOC_BIDI_*): `levels[i]` receives
/// unit i's level (both units of a surrogate pair the same), with rule L1 applied at the
/// paragraph's end and around segment separators, as ICU applies it; `kinds[i]` receives the
/// unit's LINKDOC_BIDI_WHITESPACE/SEGMENT/OTHER kind, for applying L1 at each line's end.
/// Returns the paragraph's level (0 left to right, 1 right to left), or -1 when ICU failed.
/// Thread-safe: each call has its own ubidi object.
int linkdoc_bidi_levels(const uint16_t *text, int32_t length, int direction, uint8_t *levels, uint8_t *kinds);

/// The visual order of `count` runs with embedding levels `levels` (UAX #9 rule L2, ICU's
/// ubidi_reorderVisual): `visual_to_logical[v]` receives the index of the run shown v-th from
/// the left. Returns 0, or -1 when ICU failed.
int linkdoc_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);

#ifdef __cplusplus
}
#endif

#endif
