// ICU's CLDR plural rules as text. See include/linkdoc_icu_plural.h for why this is C.
#include "linkdoc_icu_plural.h"

#include <limits.h>
#include <string.h>

#if defined(__APPLE__)
// macOS has ICU only as libicucore, without headers: see icu_apple.h.
#include "icu_apple.h"
#else
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#endif

/// Appends `bytes` to dest, counting what did not fit in *needed as well.
static void put(char *dest, int32_t capacity, int32_t *length, const char *bytes, int32_t count) {
    if (*length + count <= capacity) memcpy(dest + *length, bytes, (size_t)count);
    *length += count;
}

/// Appends a UTF-16 string from ICU's data as UTF-8.
static int put_uchars(char *dest, int32_t capacity, int32_t *length, const UChar *s, int32_t count) {
    char buffer[1024];
    int32_t written = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strToUTF8(buffer, (int32_t)sizeof buffer, &written, s, count, &status);
    if (U_FAILURE(status)) return 0;
    put(dest, capacity, length, buffer, written);
    return 1;
}

/// What the functions return for `length` bytes wanted in `capacity`.
static int32_t result(int32_t length, int32_t capacity) {
    return length <= capacity ? length : -length;
}

/// The name of the rule set (`set12`) of an ICU locale id or its nearest parent; 0 when none has one.
static int rule_set(UResourceBundle *locales, const char *locale, char *name, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    strncpy(id, locale, sizeof id - 1);
    id[sizeof id - 1] = 0;
    for (;;) {
        UErrorCode status = U_ZERO_ERROR;
        int32_t count = 0;
        const UChar *set = ures_getStringByKey(locales, id, &count, &status);
        if (U_SUCCESS(status) && set != NULL) {
            int32_t written = 0;
            status = U_ZERO_ERROR;
            u_strToUTF8(name, capacity - 1, &written, set, count, &status);
            if (U_FAILURE(status)) return 0;
            name[written] = 0;
            return 1;
        }
        status = U_ZERO_ERROR;
        char parent[ULOC_FULLNAME_CAPACITY];
        int32_t length = uloc_getParent(id, parent, (int32_t)sizeof parent, &status);
        if (U_FAILURE(status) || length <= 0) return 0;
        memcpy(id, parent, (size_t)length + 1);
    }
}

int32_t linkdoc_plural_rules(const char *language_tag, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    int32_t locale_length = uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || locale_length <= 0 || locale_length >= (int32_t)sizeof locale) return 0;
    locale[locale_length] = 0;

    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    if (U_FAILURE(status)) return INT32_MIN;
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &status);
    UResourceBundle *sets = ures_getByKey(plurals, "rules", NULL, &status);
    int32_t length = 0;
    char set_name[64];
    if (U_SUCCESS(status) && rule_set(locales, locale, set_name, (int32_t)sizeof set_name)) {
        UResourceBundle *set = ures_getByKey(sets, set_name, NULL, &status);
        while (U_SUCCESS(status)) {
            const char *category = NULL;
            int32_t count = 0;
            const UChar *rule = ures_getNextString(set, &count, &category, &status);
            if (status == U_INDEX_OUTOFBOUNDS_ERROR) { status = U_ZERO_ERROR; break; }
            if (U_FAILURE(status) || category == NULL) break;
            put(dest, capacity, &length, category, (int32_t)strlen(category));
            put(dest, capacity, &length, "\t", 1);
            if (!put_uchars(dest, capacity, &length, rule, count)) status = U_INVALID_FORMAT_ERROR;
            put(dest, capacity, &length, "\n", 1);
        }
        ures_close(set);
    }
    ures_close(sets);
    ures_close(locales);
    ures_close(plurals);
    return U_FAILURE(status) ? INT32_MIN : result(length, capacity);
}

int32_t linkdoc_plural_locales(char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &status);
    int32_t length = 0;
    while (U_SUCCESS(status)) {
        const char *locale = NULL;
        int32_t count = 0;
        ures_getNextString(locales, &count, &locale, &status);
        if (status == U_INDEX_OUTOFBOUNDS_ERROR) { status = U_ZERO_ERROR; break; }
        if (U_FAILURE(status) || locale == NULL) break;
        put(dest, capacity, &length, locale, (int32_t)strlen(locale));
        put(dest, capacity, &length, "\n", 1);
    }
    ures_close(locales);
    ures_close(plurals);
    return U_FAILURE(status) ? INT32_MIN : result(length, capacity);
}

int32_t linkdoc_plural_select(const char *language_tag, double number, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    int32_t locale_length = uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || locale_length >= (int32_t)sizeof locale) return -1;
    locale[locale_length] = 0;
    UPluralRules *rules = uplrules_open(locale, &status);
    UChar keyword[32];
    int32_t count = uplrules_select(rules, number, keyword, 32, &status);
    uplrules_close(rules);
    if (U_FAILURE(status)) return -1;
    int32_t written = 0;
    u_strToUTF8(dest, capacity, &written, keyword, count, &status);
    return U_FAILURE(status) ? -1 : written;
}
