/*
 * sax_ceiling: how fast libxml2's HTML parser alone goes over the corpus's documents.
 *
 * linkdoc hands every document that contains '<' or '&' to libxml2's HTML SAX parser
 * (one reused context per thread; see Sources/LinkDocHTML/SAXParser.swift). This program
 * does the same with SAX callbacks that only count, so its time is what libxml2 costs
 * before linkdoc does any work of its own: a ceiling for linkdoc's throughput on the
 * same bytes. Benchmarks/harness.py builds it with gcc -O2 and reports MB/s of the whole
 * corpus text (documents without markup cost nothing here).
 *
 *   sax_ceiling TEXTS ROUNDS   (TEXTS: the documents' texts, each ended by a NUL byte)
 *
 * Prints one line: "RESULT <median seconds> <text bytes> <html documents> <characters seen>".
 */
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long seen;

static void on_characters(void *ctx, const xmlChar *ch, int len) { (void)ctx; (void)ch; seen += (unsigned)len; }
static void on_start(void *ctx, const xmlChar *name, const xmlChar **atts) { (void)ctx; (void)name; (void)atts; seen++; }
static void on_end(void *ctx, const xmlChar *name) { (void)ctx; (void)name; seen++; }
static void on_error(void *ctx, xmlErrorPtr error) { (void)ctx; (void)error; }

static const int options = HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED | HTML_PARSE_NOERROR
                         | HTML_PARSE_NOWARNING | HTML_PARSE_IGNORE_ENC;

static void parse_one(htmlParserCtxtPtr ctxt, const char *text, size_t length) {
    htmlCtxtReset(ctxt);
    xmlParserInputBufferPtr buffer = xmlParserInputBufferCreateMem(text, (int)length, XML_CHAR_ENCODING_NONE);
    if (!buffer) return;
    xmlParserInputPtr stream = xmlNewIOInputStream(ctxt, buffer, XML_CHAR_ENCODING_NONE);
    if (!stream) { xmlFreeParserInputBuffer(buffer); return; }
    if (inputPush(ctxt, stream) < 0) return;
    xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
    memset(ctxt->sax, 0, sizeof(*ctxt->sax));
    ctxt->sax->startElement = on_start;
    ctxt->sax->endElement = on_end;
    ctxt->sax->characters = on_characters;
    ctxt->sax->ignorableWhitespace = on_characters;
    ctxt->sax->serror = on_error;
    ctxt->sax->initialized = XML_SAX2_MAGIC;
    htmlCtxtUseOptions(ctxt, options);
    htmlParseDocument(ctxt);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: sax_ceiling TEXTS [ROUNDS]\n"); return 2; }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (rounds < 1) rounds = 1;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)size + 1);
    if (!data || fread(data, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "read failed\n"); return 2; }
    fclose(f);
    data[size] = 0;

    xmlInitParser();
    htmlParserCtxtPtr ctxt = htmlNewParserCtxt();
    double *times = calloc((size_t)rounds, sizeof(double));
    long text_bytes = 0, html_documents = 0;
    for (int r = 0; r < rounds; r++) {
        struct timespec t0, t1;
        text_bytes = 0; html_documents = 0; seen = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (char *p = data; p < data + size;) {
            size_t length = strlen(p);
            text_bytes += (long)length;
            if (memchr(p, '<', length) || memchr(p, '&', length)) {
                parse_one(ctxt, p, length);
                html_documents++;
            }
            p += length + 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        times[r] = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    }
    qsort(times, (size_t)rounds, sizeof(double), compare);
    printf("RESULT %.6f %ld %ld %llu\n", times[rounds / 2], text_bytes, html_documents, seen);
    htmlFreeParserCtxt(ctxt);
    free(times);
    free(data);
    return 0;
}
