// Runs linkdoc_icu.c's three entry points, linkdoc_icu_linebreak.c's one and linkdoc_icu_bidi.c's two and linkdoc_icu_plural.c's three on a fixed set of domains and labels and prints
// the results, one line each. check.sh builds it twice, once through the system ICU headers
// and once through icu_apple.h (the macOS declarations), and compares the two outputs.
#include <stdio.h>
#include <string.h>
#include "linkdoc_icu.h"
#include "linkdoc_icu_linebreak.h"
#include "linkdoc_icu_bidi.h"
#include "linkdoc_icu_plural.h"

int main(void) {
    const char *domains[] = {"example.com", "BÜCHER.example", "xn--bcher-kva.example", "例子.测试", "a..b", "-x.com",
                             "ab--c.com", "\xD8\xA7\xD9\x84\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\xA9.com", "a\xE2\x80\x8D" "b.com",
                             "xn--a.com", "straße.de", ""};
    char out[256];
    for (size_t i = 0; i < sizeof domains / sizeof *domains; i++) {
        for (int strict = 0; strict <= 1; strict++) {
            int32_t len = 0;
            uint32_t bits = 0;
            int rc = linkdoc_domain_to_ascii(domains[i], (int32_t)strlen(domains[i]), strict, out, sizeof out, &len, &bits);
            printf("ascii %d %s -> %d %.*s %u\n", strict, domains[i], rc, (int)len, out, bits);
        }
        int32_t len = 0;
        int rc = linkdoc_domain_to_unicode(domains[i], (int32_t)strlen(domains[i]), out, sizeof out, &len);
        printf("unicode %s -> %d %.*s\n", domains[i], rc, (int)len, out);
        // A buffer too small reports the size needed.
        rc = linkdoc_domain_to_ascii(domains[i], (int32_t)strlen(domains[i]), 0, out, 2, &len, &(uint32_t){0});
        printf("small %s -> %d %d\n", domains[i], rc, (int)len);
    }
    const char *labels[] = {"paypal", "pаypal" /* Cyrillic а */, "google", "gοogle" /* Greek ο */, "a1\xD9\xA2", "例子", "abc"};
    for (size_t i = 0; i < sizeof labels / sizeof *labels; i++) {
        printf("spoof %s -> %d\n", labels[i], linkdoc_label_is_suspicious(labels[i], (int32_t)strlen(labels[i])));
    }
    const char *lookalikes[] = {"\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5" /* Cyrillic аррӏе */, "apple", "b\xC3\xBC" "cher",
                                "\xD1\x81\xD0\xB0\xD0\xB9\xD1\x82" /* сайт */, "\xCE\xBF\xCE\xBF" /* Greek οο */, "例子"};
    for (size_t i = 0; i < sizeof lookalikes / sizeof *lookalikes; i++) {
        int32_t len = 0;
        int rc = linkdoc_label_latin_lookalike(lookalikes[i], (int32_t)strlen(lookalikes[i]), out, sizeof out, &len);
        printf("lookalike %s -> %d %.*s\n", lookalikes[i], rc, rc == 1 ? (int)len : 0, out);
    }
    // Line breaks: soft and hard (after LF), CJK, a too-small buffer, and the "zh" tailoring.
    const uint16_t text[] = {'S', 'e', 'e', ' ', 0x300A, 0x7528, 0x6237, 0x534F, 0x8BAE, 0x300B, 0x3002, '\n',
                             'h', 't', 't', 'p', 's', ':', '/', '/', 'e', '.', 'c', 'o', 'm', ' ', 0x201D, 0x6309};
    const int32_t length = (int32_t)(sizeof text / sizeof *text);
    const char *locales[] = {"", "zh", "ja@lb=strict"};
    for (size_t l = 0; l < sizeof locales / sizeof *locales; l++) {
        int32_t offsets[64], count = 0;
        uint8_t kinds[64];
        int rc = linkdoc_line_breaks(text, length, locales[l], offsets, kinds, 64, &count);
        printf("breaks '%s' -> %d %d:", locales[l], rc, (int)count);
        for (int32_t k = 0; k < count && k < 64; k++) printf(" %d%c", (int)offsets[k], kinds[k] == LINKDOC_BREAK_HARD ? 'h' : 's');
        printf("\n");
        rc = linkdoc_line_breaks(text, length, locales[l], offsets, kinds, 2, &count);
        printf("breaks small '%s' -> %d %d\n", locales[l], rc, (int)count);
    }
    // Bidi: Hebrew and Arabic in Latin and the reverse, a tab, a number, an isolate, a lone surrogate, each direction.
    const uint16_t bidi[] = {'O', 'K', ' ', 0x05E9, 0x05DC, 0x05D5, 0x05DD, ' ', '1', '2', '\t', 0x0645, 0x0631, 0x062D, 0x0628, 0x0627,
                             ' ', 0x2067, 'a', 'b', 0x2069, ' ', 0xD83D, 0xDE00, ' ', 0xD800, '!', ' '};
    const int32_t bidi_length = (int32_t)(sizeof bidi / sizeof *bidi);
    for (int32_t from = 0; from <= 3; from += 3) {
        for (int direction = LINKDOC_BIDI_AUTO; direction <= LINKDOC_BIDI_RTL; direction++) {
            uint8_t levels[64], kinds[64];
            int para = linkdoc_bidi_levels(bidi + from, bidi_length - from, direction, levels, kinds);
            printf("bidi %d %d -> %d:", (int)from, direction, para);
            for (int32_t k = 0; k < bidi_length - from; k++) printf(" %d/%d", levels[k], kinds[k]);
            printf("\n");
        }
    }
    const uint8_t run_levels[] = {0, 1, 2, 1, 0, 3, 3, 1};
    int32_t order[8];
    int rc = linkdoc_bidi_reorder(run_levels, 8, order);
    printf("reorder -> %d:", rc);
    for (int k = 0; k < 8; k++) printf(" %d", (int)order[k]);
    printf("\n");
    // Plural rules: a tag, a tag found through its parent, one without rules, a too-small buffer; every locale; selection.
    const char *tags[] = {"en", "zh-Hans", "ru", "fr-CA", "pt-PT", "ar", "Base", "und"};
    char rules[2048];
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++) {
        int32_t n = linkdoc_plural_rules(tags[i], rules, sizeof rules);
        printf("plural rules %s -> %d %.*s\n", tags[i], (int)n, n > 0 ? (int)n : 0, rules);
        printf("plural rules small %s -> %d\n", tags[i], (int)linkdoc_plural_rules(tags[i], rules, 4));
        for (int k = 0; k < 12; k++) {
            double numbers[] = {0, 1, 2, 3, 5, 11, 21, 22, 101, 111, 1000000, 1.5};
            int32_t m = linkdoc_plural_select(tags[i], numbers[k], out, sizeof out);
            printf("plural select %s %g -> %.*s\n", tags[i], numbers[k], m > 0 ? (int)m : 0, out);
        }
    }
    static char locales_list[16384];
    int32_t n = linkdoc_plural_locales(locales_list, sizeof locales_list);
    printf("plural locales -> %d %.*s\n", (int)n, n > 0 ? (int)n : 0, locales_list);
    return 0;
}
