// Plain-C façade over ICU's CLDR plural rules, for the bundles `linkdoc compile` writes. Like
// linkdoc_icu.h it includes only <stdint.h>: see there for why ICU is reached through C.
//
// The rules are read as text from ICU's own data (the `plurals` resource that ICU's PluralRules
// is built from), so that an app's LinkDocModel, which has no ICU, evaluates exactly what ICU
// would (LinkDocModel/PluralRules.swift). uplrules_select is here for the tests that compare.
#ifndef LINKDOC_ICU_PLURAL_H
#define LINKDOC_ICU_PLURAL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The cardinal plural rules ICU has for a BCP 47 language tag (`zh-Hans` finds `zh`'s rules, as
/// ICU's PluralRules does: the tag, then its parents), one category per line as
/// `CATEGORY TAB RULE LF`, the rule as in CLDR with its samples (`one\ti = 1 and v = 0 @integer 1`).
/// Returns the length written to dest (not NUL-terminated); 0 when ICU has no rules for the language
/// (ICU then selects `other` for every number); -(needed length) when dest is too small; INT32_MIN
/// when ICU failed.
int32_t linkdoc_plural_rules(const char *language_tag, char *dest, int32_t capacity);

/// Every locale that ICU's plural data names (`af`, `pt_PT`, …), one per line. Same returns as above.
int32_t linkdoc_plural_locales(char *dest, int32_t capacity);

/// The category uplrules_select gives `number` in a language tag's cardinal rules (`one`, `other`, …).
/// Returns its length in dest, or -1 when ICU failed.
int32_t linkdoc_plural_select(const char *language_tag, double number, char *dest, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
