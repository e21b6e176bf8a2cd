// Umbrella for the parts of libxml2 that LinkDocHTML and LinkDocXML use: the
// HTML and XML parsers driven through SAX callbacks, plus byte-position
// bookkeeping.
#ifndef LINKDOC_CLIBXML2_SHIM_H
#define LINKDOC_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system
// <unicode/ucnv.h>. Foundation ships its own, different ICU headers
// (_FoundationICU); any Swift module that sees both fails with "'UErrorCode'
// has different definitions in different modules". `internal import` alone
// does not prevent that: debug builds are compiled with -enable-testing, so a
// test target importing XCTest (which imports Foundation) and LinkDocHTML or
// LinkDocXML loads CLibXML2 too. We therefore hide ICU from this module. The
// only thing ICU changes in libxml2's headers is two trailing pointer fields of
// xmlCharEncodingHandler, which neither module ever dereferences or embeds by
// value, so the ABI we call is unaffected.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/encoding.h>

#endif
