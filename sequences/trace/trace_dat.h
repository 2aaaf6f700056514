/* trace_dat: memory image files of the NVDLA traces (.dat, .mem). A
 * list of records, one per line, optionally enclosed in one pair of braces,
 * each optionally followed by a comma:
 *     {
 *     {offset:0x10, size:4, payload:0x00 0x22 0x00 0x23} ,
 *     }
 * SIZE bytes, in address order, at BASE + offset. Numbers are C literals;
 * whitespace is free; "//" comments are ignored. Every error is reported
 * as "file:line: reason" with the line of the offending record.
 * A file without records parses to an image with n = 0; trace_parse()
 * refuses such an image ("x.dat: empty memory image (no records) ..."). */
#ifndef TRACE_DAT_H
#define TRACE_DAT_H

#include <stddef.h>
#include <stdint.h>

struct trace_record {
    uint64_t offset;
    uint64_t size;
    size_t data;        /* index of its first payload byte in image->bytes */
    unsigned line;      /* line of the record in the file */
};

struct trace_image {
    char *path;         /* as opened */
    struct trace_record *rec;
    size_t n;
    uint8_t *bytes;     /* every payload, record after record */
    size_t nbytes;
};

/* Read and parse a file. NULL with err filled ("file:line: reason", or
 * "file: cannot open: ..."). */
struct trace_image *trace_image_load(const char *path, char *err, size_t len);
/* Parse text already in memory; path only names it in messages. */
struct trace_image *trace_image_parse(const char *path, const char *text, size_t n,
                                      char *err, size_t len);
/* The image of size bytes as the text of a writer that puts them in records
 * of chunk bytes (the last one shorter) and leaves out the chunks that are
 * all zero, one record a line after an opening "{" line: the same records,
 * bytes and lines as trace_image_parse() would read from that text, without
 * the text (gen-layers checks the layers it draws from these). NULL when out
 * of memory or chunk is 0. */
struct trace_image *trace_image_of_bytes(const char *path, const uint8_t *bytes, size_t size, size_t chunk);
void trace_image_free(struct trace_image *im);   /* NULL is fine */

#endif
