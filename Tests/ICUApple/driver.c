// Runs linkdoc_icu.c's three entry points on a fixed set of domains and labels and prints
// the results, one line each. check.sh builds it twice, once through the system ICU headers
// and once through icu_apple.h (the macOS declarations), and compares the two outputs.
#include <stdio.h>
#include <string.h>
#include "linkdoc_icu.h"

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
    return 0;
}
