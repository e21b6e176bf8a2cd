// The Pango peer of Benchmarks/LayoutBench: lays out the same texts with the same font, size and
// width through PangoFT2 (72 dpi, unhinted, unrounded glyph positions, word-char wrapping, zh-cn:
// the settings under which Tests/LinkDocLayoutTests/PangoComparisonTests finds identical breaks).
//
//   pango_bench TEXTS WIDTH SIZE ROUNDS   prints "us_per_paragraph=… lines=…"
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: pango_bench TEXTS WIDTH SIZE ROUNDS\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(size + 1);
    if (fread(data, 1, size, f) != (size_t)size) { perror("read"); return 2; }
    data[size] = 0;
    fclose(f);
    const char *texts[4096];
    int count = 0;
    for (long at = 0; at < size && count < 4096; at += strlen(data + at) + 1) texts[count++] = data + at;

    double width = atof(argv[2]), font_size = atof(argv[3]);
    int rounds = atoi(argv[4]);
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("zh-cn"));
    PangoFontDescription *font = pango_font_description_from_string("Noto Sans CJK SC");
    pango_font_description_set_absolute_size(font, font_size * PANGO_SCALE);
    pango_context_set_font_description(context, font);

    long lines = 0;
    double start = 0;
    for (int r = -1; r < rounds; r++) {  // round -1 warms the font and shaping caches, untimed
        if (r == 0) start = now_us();
        for (int i = 0; i < count; i++) {
            PangoLayout *layout = pango_layout_new(context);
            pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
            pango_layout_set_text(layout, texts[i], -1);
            int n = pango_layout_get_line_count(layout);  // lays the text out
            if (r >= 0) lines += n;
            g_object_unref(layout);
        }
    }
    double elapsed = now_us() - start;
    printf("us_per_paragraph=%.2f lines=%ld\n", elapsed / ((double)rounds * count), lines / rounds);
    return 0;
}
