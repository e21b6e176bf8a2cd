// Plain-C façade over the system ICU (libicuuc/libicui18n, ICU 72 on Debian).
//
// This header deliberately includes only <stdint.h>/<stddef.h>: Foundation ships its own copy of
// the ICU headers, and a Swift module that imports Foundation must never also see the system ICU
// headers. ICU's C functions are version-suffixed macros (uidna_openUTS46 -> uidna_openUTS46_72),
// so they can only be called from C; the .c file does that and exposes these stable names.
#ifndef LINKDOC_ICU_H
#define LINKDOC_ICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Result codes of the IDNA entry points.
/// Success.
#define LINKDOC_ICU_OK 0
/// The domain is not valid under UTS #46 with the URL Standard's flags.
#define LINKDOC_ICU_INVALID 1
/// dest is too small; *dest_len holds the required size. Call again with a larger buffer.
#define LINKDOC_ICU_BUFFER_TOO_SMALL 2
/// ICU itself failed (missing data, out of memory, ...).
#define LINKDOC_ICU_FAILURE 3

/// UTS #46 ToASCII of a UTF-8 domain with the URL Standard's flags:
/// CheckHyphens=false, CheckBidi=true, CheckJoiners=true, UseSTD3ASCIIRules=be_strict,
/// Transitional_Processing=false, VerifyDnsLength=be_strict.
/// `src` must be valid UTF-8. On LINKDOC_ICU_OK, dest[0..<*dest_len] is the ASCII result
/// (not NUL-terminated). `*error_bits` receives ICU's UIDNA_ERROR_* bits *after* masking
/// (0 on success), useful for diagnostics.
int linkdoc_domain_to_ascii(const char *src, int32_t src_len, int be_strict,
                            char *dest, int32_t dest_capacity, int32_t *dest_len,
                            uint32_t *error_bits);

/// UTS #46 ToUnicode (non-transitional, lenient) of a UTF-8/ASCII domain, for display and
/// spoof checks. Errors in the input are ignored (ICU still produces its best-effort output).
int linkdoc_domain_to_unicode(const char *src, int32_t src_len,
                              char *dest, int32_t dest_capacity, int32_t *dest_len);

/// ICU uspoof check of one UTF-8 domain label: returns 1 when the label fails the
/// restriction-level check (MODERATELY_RESTRICTIVE: e.g. Latin mixed with Cyrillic or Greek)
/// or mixes digits of different numbering systems; 0 when it passes; -1 when ICU failed.
int linkdoc_label_is_suspicious(const char *label, int32_t label_len);

/// Whether one UTF-8 domain label is a whole-script lookalike of a Latin label (all-Cyrillic
/// "аррӏе" for "apple"): its ICU confusable skeleton (UTS #39) is plain ASCII letters, digits and
/// "-", and ICU finds the label and that skeleton whole-script confusable (each a single script,
/// not the same one). Returns 1 and writes the skeleton to dest[0..<*dest_len] (not NUL-terminated)
/// when it is; 0 when not (or when dest is too small for the skeleton); -1 when ICU failed.
int linkdoc_label_latin_lookalike(const char *label, int32_t label_len,
                                  char *dest, int32_t dest_capacity, int32_t *dest_len);

#ifdef __cplusplus
}
#endif

#endif
