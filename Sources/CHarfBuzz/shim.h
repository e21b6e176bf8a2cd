// HarfBuzz for LinkDocLayout: shaping (hb.h) and OpenType metrics (hb-ot.h). Not hb-icu.h: it
// is the only HarfBuzz header that includes the system ICU headers, which must never meet
// Foundation's copy in one Swift module (see CLibXML2/shim.h).
#ifndef LINKDOC_CHARFBUZZ_SHIM_H
#define LINKDOC_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
