// The Pango peer of Tests/LayoutCorpus: lays one text out through Pango with the settings of
// pango_bench.c (72 dpi, so sizes and widths are points; unhinted; unrounded glyph positions;
// PANGO_WRAP_WORD_CHAR; the language given) and prints its geometry as one JSON object.
//
//   pango_layout_dump --text FILE --width W --size S --families "A,B,C" [--language TAG]
//                     [--range START,END]… [--max-lines N] [--show-fonts] [--backend ft2|cairo]
//   pango_layout_dump --check-fonts --families "A,B,C"
//
// Backends: PangoFT2 (pango_bench.c's, the default) or PangoCairo's FreeType font map (--backend
// cairo, hinting and metric hinting off); both shape with HarfBuzz over fontconfig's fonts and give
// the same advances. A bitmap-only font (Noto Color Emoji: CBDT, one 109 ppem strike) is scaled to
// the size asked only by fontconfig's rule 10-scale-bitmap-fonts.conf, which the private fonts.conf
// must include: without it every emoji is 135.7 pt wide and 127.7 pt tall at every size.
//
// Fonts: the families are looked up by fontconfig; give FONTCONFIG_FILE a private fonts.conf that
// lists only the files to use (Tests/LayoutCorpus/layout_corpus.py writes one per font set), so
// that Pango falls back only to them, in the order of the family list. --show-fonts adds every
// run's font file and face index; --check-fonts prints the file each family resolves to.
//
// Output (all offsets in UTF-8 bytes of the text, all lengths in points, y from the layout's top):
//   "direction": "ltr" | "rtl"            the first paragraph's resolved direction
//   "lines": [{"start", "length", "paragraph_start", "direction", "x", "width", "top", "height",
//              "baseline"}]               logical extents of each line (x includes the alignment)
//   "ranges": [{"start", "end", "lines": [{"line", "x_ranges": [[x0, x1]…]}]}]
//       each --range cut to each line's visible text (trailing white space and the line feed
//       excluded), and pango_layout_line_get_x_ranges of that piece: the pieces in visual order.
//   with --max-lines N: "truncated", and "kept": the UTF-8 length of the text kept before the
//       ellipsis. Pango counts --max-lines per paragraph (pango_layout_set_height(-N)); UILabel
//       counts the whole text, so the peer finds the paragraph holding line N of the unlimited
//       layout and lays that paragraph out alone with height −(its lines up to N) and
//       PANGO_ELLIPSIZE_END; "kept" is the paragraph's start plus the ellipsis item's offset.
//       When line N is the last line of its paragraph, Pango would not ellipsize it:
//       "paragraph_end": true, and "kept" is that paragraph's end.
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-font.h>
#include <pango/pangocairo.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANGES 256

static char *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(*size + 1);
    if (fread(data, 1, *size, f) != (size_t)*size) { perror("read"); exit(2); }
    data[*size] = 0;
    fclose(f);
    return data;
}

static void json_string(const char *s) {
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') printf("\\%c", *p);
        else if (*p < 0x20) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

static const char *font_file(PangoFont *font, int *index) {
    *index = -1;
    if (!font || !PANGO_IS_FC_FONT(font)) return "?";
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return "?";
    FcPatternGetInteger(pattern, FC_INDEX, 0, index);
    return (const char *)file;
}

static int use_cairo = 0;

static PangoFontMap *make_font_map(void) {
    if (!use_cairo) {
        PangoFontMap *map = pango_ft2_font_map_new();
        pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
        return map;
    }
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72);
    return map;
}

static PangoContext *make_context(PangoFontMap *map, const char *families, double size, const char *language) {
    PangoContext *context = pango_font_map_create_context(map);
    if (use_cairo) {
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        pango_cairo_context_set_font_options(context, options);
        cairo_font_options_destroy(options);
    }
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string(language));
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, families);
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_context_set_font_description(context, font);
    pango_font_description_free(font);
    return context;
}

static PangoLayout *make_layout(PangoContext *context, const char *text, int length, double width) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE + 0.5));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    // TextKit's default tab stops, 12 at 28-point intervals (Pango's default is 8 spaces). Past
    // the last one Pango goes on at the same interval; linkdoc advances a space (Grammar/layout.md,
    // "Tabs"): lines wider than 336 points with a tab past it differ.
    PangoTabArray *tabs = pango_tab_array_new(12, TRUE);
    for (int k = 0; k < 12; k++) pango_tab_array_set_tab(tabs, k, PANGO_TAB_LEFT, 28 * (k + 1));
    pango_layout_set_tabs(layout, tabs);
    pango_tab_array_free(tabs);
    pango_layout_set_text(layout, text, length);
    return layout;
}

static int is_space_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The end of the line's visible text: its range less trailing white space (ASCII, U+3000, U+2028).
static int visible_end(const char *text, int start, int end) {
    while (end > start) {
        if (is_space_byte(text[end - 1])) { end--; continue; }
        if (end - start >= 3 && !memcmp(text + end - 3, "\xe3\x80\x80", 3)) { end -= 3; continue; }
        if (end - start >= 3 && !memcmp(text + end - 3, "\xe2\x80\xa8", 3)) { end -= 3; continue; }
        break;
    }
    return end;
}

static const char *dir_name(PangoDirection d) { return d == PANGO_DIRECTION_RTL ? "rtl" : "ltr"; }

int main(int argc, char **argv) {
    const char *text_path = NULL, *families = NULL, *language = "zh-cn";
    double width = -1, size = -1;
    int max_lines = 0, show_fonts = 0, check_fonts = 0, range_count = 0;
    int range_start[MAX_RANGES], range_end[MAX_RANGES];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--show-fonts")) { show_fonts = 1; continue; }
        if (!strcmp(a, "--check-fonts")) { check_fonts = 1; continue; }
        if (!v) { fprintf(stderr, "%s needs a value\n", a); return 2; }
        i++;
        if (!strcmp(a, "--text")) text_path = v;
        else if (!strcmp(a, "--width")) width = atof(v);
        else if (!strcmp(a, "--size")) size = atof(v);
        else if (!strcmp(a, "--families")) families = v;
        else if (!strcmp(a, "--language")) language = v;
        else if (!strcmp(a, "--max-lines")) max_lines = atoi(v);
        else if (!strcmp(a, "--backend")) {
            if (strcmp(v, "cairo") && strcmp(v, "ft2")) { fprintf(stderr, "--backend is cairo or ft2\n"); return 2; }
            use_cairo = !strcmp(v, "cairo");
        }
        else if (!strcmp(a, "--range")) {
            if (range_count == MAX_RANGES || sscanf(v, "%d,%d", &range_start[range_count], &range_end[range_count]) != 2) {
                fprintf(stderr, "bad --range %s\n", v);
                return 2;
            }
            range_count++;
        } else { fprintf(stderr, "unknown option %s\n", a); return 2; }
    }
    PangoFontMap *map = make_font_map();
    if (check_fonts) {
        if (!families) { fprintf(stderr, "--check-fonts needs --families\n"); return 2; }
        gchar **names = g_strsplit(families, ",", -1);
        PangoContext *context = make_context(map, families, 16, language);
        for (gchar **n = names; *n; n++) {
            PangoFontDescription *d = pango_font_description_from_string(*n);
            pango_font_description_set_absolute_size(d, 16 * PANGO_SCALE);
            PangoFont *font = pango_font_map_load_font(map, context, d);
            int index;
            const char *file = font_file(font, &index);
            PangoFontDescription *got = font ? pango_font_describe(font) : NULL;
            char *described = got ? pango_font_description_to_string(got) : g_strdup("none");
            printf("%s -> %s (%s#%d)\n", *n, described, file, index);
            g_free(described);
            pango_font_description_free(d);
        }
        g_strfreev(names);
        return 0;
    }
    if (!text_path || width <= 0 || size <= 0 || !families) {
        fprintf(stderr, "usage: pango_layout_dump --text FILE --width W --size S --families LIST [--language TAG] "
                        "[--range START,END]… [--max-lines N] [--show-fonts] [--backend ft2|cairo]\n");
        return 2;
    }
    long length;
    char *text = read_file(text_path, &length);
    PangoContext *context = make_context(map, families, size, language);
    PangoLayout *layout = make_layout(context, text, (int)length, width);

    printf("{\"direction\":\"%s\",\"lines\":[", dir_name(pango_layout_get_direction(layout, 0)));
    int line_count = pango_layout_get_line_count(layout);
    int *starts = malloc(sizeof(int) * (line_count + 1)), *ends = malloc(sizeof(int) * (line_count + 1));
    int *para_start = malloc(sizeof(int) * (line_count + 1));
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int n = 0;
    do {
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        int baseline = pango_layout_iter_get_baseline(iter);
        starts[n] = line->start_index;
        ends[n] = line->start_index + line->length;
        para_start[n] = line->is_paragraph_start;
        printf("%s{\"start\":%d,\"length\":%d,\"paragraph_start\":%s,\"direction\":\"%s\",\"x\":%.4f,\"width\":%.4f,"
               "\"top\":%.4f,\"height\":%.4f,\"baseline\":%.4f",
               n ? "," : "", line->start_index, line->length, line->is_paragraph_start ? "true" : "false",
               dir_name(line->resolved_dir), logical.x / (double)PANGO_SCALE, logical.width / (double)PANGO_SCALE,
               logical.y / (double)PANGO_SCALE, logical.height / (double)PANGO_SCALE, baseline / (double)PANGO_SCALE);
        if (show_fonts) {
            printf(",\"runs\":[");
            int r = 0;
            for (GSList *l = line->runs; l; l = l->next, r++) {
                PangoGlyphItem *run = l->data;
                int index;
                const char *file = font_file(run->item->analysis.font, &index);
                printf("%s{\"start\":%d,\"length\":%d,\"level\":%d,\"file\":", r ? "," : "", run->item->offset, run->item->length,
                       run->item->analysis.level);
                json_string(file);
                printf(",\"index\":%d}", index);
            }
            printf("]");
        }
        printf("}");
        n++;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);
    printf("],\"ranges\":[");
    for (int r = 0; r < range_count; r++) {
        printf("%s{\"start\":%d,\"end\":%d,\"lines\":[", r ? "," : "", range_start[r], range_end[r]);
        int pieces = 0;
        for (int i = 0; i < n; i++) {
            int s = range_start[r] > starts[i] ? range_start[r] : starts[i];
            int vend = visible_end(text, starts[i], ends[i]);
            int e = range_end[r] < vend ? range_end[r] : vend;
            if (s >= e) continue;
            PangoLayoutLine *line = pango_layout_get_line_readonly(layout, i);
            int *ranges = NULL, count = 0;
            pango_layout_line_get_x_ranges(line, s, e, &ranges, &count);
            printf("%s{\"line\":%d,\"x_ranges\":[", pieces++ ? "," : "", i);
            for (int k = 0; k < count; k++)
                printf("%s[%.4f,%.4f]", k ? "," : "", ranges[2 * k] / (double)PANGO_SCALE, ranges[2 * k + 1] / (double)PANGO_SCALE);
            printf("]}");
            g_free(ranges);
        }
        printf("]}");
    }
    printf("]");
    if (max_lines > 0) {
        if (n <= max_lines) {
            printf(",\"truncated\":false,\"kept\":%ld", length);
        } else {
            int last = max_lines - 1, first = last;
            while (first > 0 && !para_start[first]) first--;
            int p_start = starts[first], p_end = p_start;
            int following = last + 1 < n && !para_start[last + 1];
            // the paragraph's end: the end of its last line, without the line feed
            int j = last;
            while (j + 1 < n && !para_start[j + 1]) j++;
            p_end = ends[j];
            while (p_end > p_start && (text[p_end - 1] == '\n' || text[p_end - 1] == '\r')) p_end--;
            if (!following) {
                printf(",\"truncated\":true,\"paragraph_end\":true,\"kept\":%d", p_end);
            } else {
                PangoLayout *cut = make_layout(context, text + p_start, p_end - p_start, width);
                pango_layout_set_height(cut, -(last - first + 1));
                pango_layout_set_ellipsize(cut, PANGO_ELLIPSIZE_END);
                int kept = -1;
                int cut_lines = pango_layout_get_line_count(cut);
                PangoLayoutLine *line = pango_layout_get_line_readonly(cut, cut_lines - 1);
                for (GSList *l = line->runs; l; l = l->next) {
                    PangoGlyphItem *run = l->data;
                    if (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) kept = run->item->offset;
                }
                printf(",\"truncated\":%s,\"kept\":%d,\"cut_lines\":%d", pango_layout_is_ellipsized(cut) ? "true" : "false",
                       kept < 0 ? (int)length : p_start + kept, cut_lines);
                g_object_unref(cut);
            }
        }
    }
    printf("}\n");
    g_object_unref(layout);
    g_object_unref(context);
    g_object_unref(map);
    free(text);
    return 0;
}
