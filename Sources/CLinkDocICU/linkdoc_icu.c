// ICU calls for LinkDocURL. See include/linkdoc_icu.h for why this lives in C.
#include "linkdoc_icu.h"

#include <pthread.h>
#include <string.h>
#if defined(__APPLE__)
// macOS has ICU only as libicucore, without headers: see icu_apple.h.
#include "icu_apple.h"
#else
#include <unicode/uidna.h>
#include <unicode/uspoof.h>
#include <unicode/utypes.h>
#endif

// ICU objects are opened once (pthread_once) and then only used through const, thread-safe
// entry points: uidna_nameTo*_UTF8 and uspoof_checkUTF8 may be called concurrently on one object.
// The spoof checker has a once of its own: opening it parses ICU's identifier sets (over a
// million instructions and ICU data pages), and only a host with a non-ASCII label needs it,
// while every compile checks the manifest's URLs through IDNA.
static pthread_once_t g_idna_once = PTHREAD_ONCE_INIT;
static pthread_once_t g_spoof_once = PTHREAD_ONCE_INIT;
static UIDNA *g_idna_lenient;   // UseSTD3ASCIIRules=false (beStrict=false)
static UIDNA *g_idna_strict;    // UseSTD3ASCIIRules=true  (beStrict=true)
static USpoofChecker *g_spoof;
static pthread_once_t g_confusable_once = PTHREAD_ONCE_INIT;
static USpoofChecker *g_confusable;  // USPOOF_CONFUSABLE checks, for skeletons and whole-script pairs

static void open_idna_objects(void) {
    // Non-transitional processing for both directions, CheckBidi, CheckJoiners (ContextJ).
    // ContextO is not part of UTS #46 and stays off. ICU has no "CheckHyphens=false" option;
    // hyphen errors are masked below instead.
    uint32_t common = UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                      UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;
    UErrorCode status = U_ZERO_ERROR;
    g_idna_lenient = uidna_openUTS46(common, &status);
    if (U_FAILURE(status)) g_idna_lenient = NULL;
    status = U_ZERO_ERROR;
    g_idna_strict = uidna_openUTS46(common | UIDNA_USE_STD3_RULES, &status);
    if (U_FAILURE(status)) g_idna_strict = NULL;
}

static void open_spoof_checker(void) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *sc = uspoof_open(&status);
    if (U_SUCCESS(status)) {
        uspoof_setChecks(sc, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS, &status);
        uspoof_setRestrictionLevel(sc, USPOOF_MODERATELY_RESTRICTIVE);
    }
    if (U_FAILURE(status)) {
        if (sc) uspoof_close(sc);
        sc = NULL;
    }
    g_spoof = sc;
}

static void open_confusable_checker(void) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *sc = uspoof_open(&status);
    if (U_SUCCESS(status)) uspoof_setChecks(sc, USPOOF_CONFUSABLE, &status);
    if (U_FAILURE(status)) {
        if (sc) uspoof_close(sc);
        sc = NULL;
    }
    g_confusable = sc;
}

// Error bits the URL Standard does not want reported, per mode.
// CheckHyphens=false: ICU always checks hyphens, so its hyphen errors are ignored.
// VerifyDnsLength=beStrict: empty labels and length limits only count when strict.
static uint32_t ignored_errors(int be_strict) {
    uint32_t ignored = UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;
    if (!be_strict) {
        ignored |= UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
    }
    return ignored;
}

int linkdoc_domain_to_ascii(const char *src, int32_t src_len, int be_strict,
                            char *dest, int32_t dest_capacity, int32_t *dest_len,
                            uint32_t *error_bits) {
    pthread_once(&g_idna_once, open_idna_objects);
    *dest_len = 0;
    *error_bits = 0;
    UIDNA *idna = be_strict ? g_idna_strict : g_idna_lenient;
    if (idna == NULL) return LINKDOC_ICU_FAILURE;

    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uidna_nameToASCII_UTF8(idna, src, src_len, dest, dest_capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        *dest_len = n;
        return LINKDOC_ICU_BUFFER_TOO_SMALL;
    }
    if (U_FAILURE(status)) return LINKDOC_ICU_FAILURE;
    *dest_len = n;
    uint32_t errors = info.errors & ~ignored_errors(be_strict);
    *error_bits = errors;
    return errors == 0 ? LINKDOC_ICU_OK : LINKDOC_ICU_INVALID;
}

int linkdoc_domain_to_unicode(const char *src, int32_t src_len,
                              char *dest, int32_t dest_capacity, int32_t *dest_len) {
    pthread_once(&g_idna_once, open_idna_objects);
    *dest_len = 0;
    if (g_idna_lenient == NULL) return LINKDOC_ICU_FAILURE;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uidna_nameToUnicodeUTF8(g_idna_lenient, src, src_len, dest, dest_capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        *dest_len = n;
        return LINKDOC_ICU_BUFFER_TOO_SMALL;
    }
    if (U_FAILURE(status)) return LINKDOC_ICU_FAILURE;
    *dest_len = n;
    return LINKDOC_ICU_OK;
}

int linkdoc_label_is_suspicious(const char *label, int32_t label_len) {
    pthread_once(&g_spoof_once, open_spoof_checker);
    if (g_spoof == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = uspoof_checkUTF8(g_spoof, label, label_len, NULL, &status);
    if (U_FAILURE(status)) return -1;
    return (result & (USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS)) != 0 ? 1 : 0;
}

int linkdoc_label_latin_lookalike(const char *label, int32_t label_len,
                                  char *dest, int32_t dest_capacity, int32_t *dest_len) {
    pthread_once(&g_confusable_once, open_confusable_checker);
    if (g_confusable == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uspoof_getSkeletonUTF8(g_confusable, 0, label, label_len, dest, dest_capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return 0;
    if (U_FAILURE(status)) return -1;
    if (n == 0 || (n == label_len && memcmp(dest, label, (size_t)n) == 0)) return 0;
    for (int32_t i = 0; i < n; i++) {
        char c = dest[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return 0;
    }
    int32_t result = uspoof_areConfusableUTF8(g_confusable, label, label_len, dest, n, &status);
    if (U_FAILURE(status)) return -1;
    if ((result & USPOOF_WHOLE_SCRIPT_CONFUSABLE) == 0) return 0;
    *dest_len = n;
    return 1;
}
