// FreeType for LinkDocLayout: opening font files (a face of a .ttc collection), names, metrics.
#ifndef LINKDOC_CFREETYPE_SHIM_H
#define LINKDOC_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#endif
