// libpng for LinkDocLayout's previews: only the simplified API (png_image_*), which reports
// errors through the png_image's message instead of longjmp, so Swift can call it safely.
#ifndef LINKDOC_CLIBPNG_SHIM_H
#define LINKDOC_CLIBPNG_SHIM_H
#include <png.h>
// PNG_FORMAT_RGBA is a macro of macros, which Swift does not import.
static const unsigned int linkdoc_png_format_rgba = PNG_FORMAT_RGBA;
#endif
