// Plain-C façade over ICU's line-break iterator (UAX #14 with ICU's CJK tailorings), for
// LinkDocLayout. Like linkdoc_icu.h it includes no ICU header: see that file for why.
#ifndef LINKDOC_ICU_LINEBREAK_H
#define LINKDOC_ICU_LINEBREAK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A break opportunity after which a line may end.
#define LINKDOC_BREAK_SOFT 0
/// A mandatory break (after LF, CR, NEL, U+2028, U+2029, …): the line must end there.
#define LINKDOC_BREAK_HARD 1

/// Finds the line-break opportunities of `text` (UTF-16, `length` units) under ICU's rules for
/// `locale` (NULL or "" for the root rules; "zh", "ja@lb=strict", … select CJK tailorings).
/// Writes each opportunity's UTF-16 offset (ascending, excluding 0, including `length` for a
/// non-empty text) to `offsets` and its kind (LINKDOC_BREAK_*) to `kinds`, at most `capacity`
/// of them; `*count` receives how many there are. Returns 0 on success, 2 when `capacity` was
/// too small (`*count` holds the size needed; call again), 3 when ICU failed.
/// Thread-safe: each call opens its own iterator from a shared, cached template.
int linkdoc_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *offsets, uint8_t *kinds, int32_t capacity, int32_t *count);

#ifdef __cplusplus
}
#endif

#endif
