// The few ICU declarations linkdoc_icu.c, linkdoc_icu_linebreak.c, linkdoc_icu_bidi.c and linkdoc_icu_plural.c need, for Apple platforms.
//
// macOS ships ICU only as libicucore, without headers (the SDK has none under unicode/), and
// Homebrew's icu4c would be a second, different ICU. libicucore is built without ICU's symbol
// renaming, so its C functions have their plain names (uidna_openUTS46, not uidna_openUTS46_72):
// declaring them here and linking `icucore` is enough. The types, constants and signatures are
// ICU's stable C API (ICU 4.6+ for UTS #46, 51+ for uspoof restriction levels), written out to
// match <unicode/uidna.h>, <unicode/uspoof.h>, <unicode/ubrk.h>, <unicode/ubidi.h>, <unicode/uchar.h>,
// <unicode/utf16.h>, <unicode/ures.h>, <unicode/uloc.h>, <unicode/upluralrules.h>, <unicode/ustring.h> and <unicode/utypes.h>; the values were checked
// against ICU 72's headers. Private to this target: include/linkdoc_icu.h stays plain C.
#ifndef LINKDOC_ICU_APPLE_H
#define LINKDOC_ICU_APPLE_H

#include <stdint.h>

typedef int8_t UBool;

typedef enum UErrorCode {
    U_ZERO_ERROR = 0,
    U_INVALID_FORMAT_ERROR = 3,
    U_INDEX_OUTOFBOUNDS_ERROR = 8,
    U_BUFFER_OVERFLOW_ERROR = 15,
    U_ERROR_CODE_PLACEHOLDER = 0x7FFFFFFF  // keeps the enum int-sized, as ICU's is
} UErrorCode;

#define U_SUCCESS(x) ((x) <= U_ZERO_ERROR)
#define U_FAILURE(x) ((x) > U_ZERO_ERROR)

// uidna.h
typedef struct UIDNA UIDNA;

typedef struct UIDNAInfo {
    int16_t size;
    UBool isTransitionalDifferent;
    UBool reservedB3;
    uint32_t errors;
    int32_t reservedI2;
    int32_t reservedI3;
} UIDNAInfo;

#define UIDNA_INFO_INITIALIZER { (int16_t)sizeof(UIDNAInfo), 0, 0, 0, 0, 0 }

enum {
    UIDNA_USE_STD3_RULES = 2,
    UIDNA_CHECK_BIDI = 4,
    UIDNA_CHECK_CONTEXTJ = 8,
    UIDNA_NONTRANSITIONAL_TO_ASCII = 0x10,
    UIDNA_NONTRANSITIONAL_TO_UNICODE = 0x20,
};

enum {
    UIDNA_ERROR_EMPTY_LABEL = 1,
    UIDNA_ERROR_LABEL_TOO_LONG = 2,
    UIDNA_ERROR_DOMAIN_NAME_TOO_LONG = 4,
    UIDNA_ERROR_LEADING_HYPHEN = 8,
    UIDNA_ERROR_TRAILING_HYPHEN = 0x10,
    UIDNA_ERROR_HYPHEN_3_4 = 0x20,
};

UIDNA *uidna_openUTS46(uint32_t options, UErrorCode *pErrorCode);
int32_t uidna_nameToASCII_UTF8(const UIDNA *idna, const char *name, int32_t length, char *dest, int32_t capacity,
                               UIDNAInfo *pInfo, UErrorCode *pErrorCode);
int32_t uidna_nameToUnicodeUTF8(const UIDNA *idna, const char *name, int32_t length, char *dest, int32_t capacity,
                                UIDNAInfo *pInfo, UErrorCode *pErrorCode);

// uspoof.h
typedef struct USpoofChecker USpoofChecker;

enum {
    USPOOF_WHOLE_SCRIPT_CONFUSABLE = 4,
    USPOOF_CONFUSABLE = 7,
    USPOOF_RESTRICTION_LEVEL = 16,
    USPOOF_MIXED_NUMBERS = 128,
};

typedef enum URestrictionLevel {
    USPOOF_MODERATELY_RESTRICTIVE = 0x40000000,
} URestrictionLevel;

USpoofChecker *uspoof_open(UErrorCode *status);
void uspoof_close(USpoofChecker *sc);
void uspoof_setChecks(USpoofChecker *sc, int32_t checks, UErrorCode *status);
void uspoof_setRestrictionLevel(USpoofChecker *sc, URestrictionLevel restrictionLevel);
int32_t uspoof_checkUTF8(const USpoofChecker *sc, const char *id, int32_t length, int32_t *position, UErrorCode *status);
int32_t uspoof_getSkeletonUTF8(const USpoofChecker *sc, uint32_t type, const char *id, int32_t length, char *dest,
                               int32_t destCapacity, UErrorCode *status);
int32_t uspoof_areConfusableUTF8(const USpoofChecker *sc, const char *id1, int32_t length1, const char *id2,
                                 int32_t length2, UErrorCode *status);

// ubrk.h (for linkdoc_icu_linebreak.c). UChar is ICU's C type for UTF-16 units: uint16_t in C.
typedef uint16_t UChar;
typedef struct UBreakIterator UBreakIterator;

typedef enum UBreakIteratorType {
    UBRK_LINE = 2,
    UBRK_TYPE_PLACEHOLDER = 0x7FFFFFFF  // int-sized, as ICU's enum is
} UBreakIteratorType;

#define UBRK_DONE ((int32_t) -1)

enum {
    UBRK_LINE_HARD = 100,
    UBRK_LINE_HARD_LIMIT = 200,
};

UBreakIterator *ubrk_open(UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength,
                          UErrorCode *status);
void ubrk_close(UBreakIterator *bi);
int32_t ubrk_following(UBreakIterator *bi, int32_t offset);
int32_t ubrk_next(UBreakIterator *bi);
int32_t ubrk_getRuleStatus(UBreakIterator *bi);

// ubidi.h and uchar.h (for linkdoc_icu_bidi.c).
typedef int32_t UChar32;
typedef uint8_t UBiDiLevel;
typedef struct UBiDi UBiDi;

#define UBIDI_DEFAULT_LTR 0xfe

typedef enum UCharDirection {
    U_LEFT_TO_RIGHT = 0,
    U_SEGMENT_SEPARATOR = 8,
    U_WHITE_SPACE_NEUTRAL = 9,
    U_LEFT_TO_RIGHT_EMBEDDING = 11,
    U_LEFT_TO_RIGHT_OVERRIDE = 12,
    U_RIGHT_TO_LEFT_EMBEDDING = 14,
    U_RIGHT_TO_LEFT_OVERRIDE = 15,
    U_POP_DIRECTIONAL_FORMAT = 16,
    U_BOUNDARY_NEUTRAL = 18,
    U_FIRST_STRONG_ISOLATE = 19,
    U_LEFT_TO_RIGHT_ISOLATE = 20,
    U_RIGHT_TO_LEFT_ISOLATE = 21,
    U_POP_DIRECTIONAL_ISOLATE = 22,
    U_CHAR_DIRECTION_PLACEHOLDER = 0x7FFFFFFF  // int-sized, as ICU's enum is
} UCharDirection;

UCharDirection u_charDirection(UChar32 c);
UBiDi *ubidi_openSized(int32_t maxLength, int32_t maxRunCount, UErrorCode *pErrorCode);
void ubidi_close(UBiDi *pBiDi);
void ubidi_setPara(UBiDi *pBiDi, const UChar *text, int32_t length, UBiDiLevel paraLevel, UBiDiLevel *embeddingLevels,
                   UErrorCode *pErrorCode);
const UBiDiLevel *ubidi_getLevels(UBiDi *pBiDi, UErrorCode *pErrorCode);
UBiDiLevel ubidi_getParaLevel(const UBiDi *pBiDi);
void ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap);

// utf16.h: U16_NEXT, as ICU defines it (a macro, so not in libicucore).
#define U16_IS_LEAD(c) (((c)&0xfffffc00)==0xd800)
#define U16_IS_TRAIL(c) (((c)&0xfffffc00)==0xdc00)
#define U16_GET_SUPPLEMENTARY(lead, trail) (((UChar32)(lead)<<10UL)+(UChar32)(trail)-((0xd800<<10UL)+0xdc00-0x10000))
#define U16_NEXT(s, i, length, c) do { \
    (c)=(s)[(i)++]; \
    if(U16_IS_LEAD(c)) { \
        uint16_t __c2; \
        if((i)!=(length) && U16_IS_TRAIL(__c2=(s)[(i)])) { \
            ++(i); \
            (c)=U16_GET_SUPPLEMENTARY((c), __c2); \
        } \
    } \
} while (0)

// ures.h, uloc.h, upluralrules.h and ustring.h (for linkdoc_icu_plural.c).
typedef struct UResourceBundle UResourceBundle;
typedef struct UPluralRules UPluralRules;
#define ULOC_FULLNAME_CAPACITY 157

UResourceBundle *ures_openDirect(const char *packageName, const char *locale, UErrorCode *status);
UResourceBundle *ures_getByKey(const UResourceBundle *resourceBundle, const char *key, UResourceBundle *fillIn, UErrorCode *status);
const UChar *ures_getStringByKey(const UResourceBundle *resB, const char *key, int32_t *len, UErrorCode *status);
const UChar *ures_getNextString(UResourceBundle *resourceBundle, int32_t *len, const char **key, UErrorCode *status);
void ures_close(UResourceBundle *resourceBundle);
int32_t uloc_forLanguageTag(const char *langtag, char *localeID, int32_t localeIDCapacity, int32_t *parsedLength, UErrorCode *err);
int32_t uloc_getParent(const char *localeID, char *parent, int32_t parentCapacity, UErrorCode *err);
UPluralRules *uplrules_open(const char *locale, UErrorCode *status);
int32_t uplrules_select(const UPluralRules *uplrules, double number, UChar *keyword, int32_t capacity, UErrorCode *status);
void uplrules_close(UPluralRules *uplrules);
char *u_strToUTF8(char *dest, int32_t destCapacity, int32_t *pDestLength, const UChar *src, int32_t srcLength, UErrorCode *pErrorCode);

#endif
