/* vcd_writer: a small, fast Value Change Dump (IEEE 1364 VCD) writer for the
 * co-simulation harness. Signals are registered once as pointers to the
 * memory holding their current value; vcd_writer_sample() reads them all,
 * compares each against a shadow copy (memcmp) and writes only those that
 * changed. Output goes through a large internal buffer to stdio or, for
 * gzip, to zlib (gzbuffer), so no system call is made per signal.
 *
 * Usage:
 *     char err[256];
 *     struct vcd_writer *w = vcd_writer_open("run.vcd.gz", 0, "1ns", err, sizeof err);
 *     if (!w) { fprintf(stderr, "%s\n", err); ... }
 *     vcd_writer_scope_push(w, "tb");
 *     vcd_writer_add(w, "clk", 1, &clk);              // uint8_t clk
 *     vcd_writer_scope_push(w, "dut");
 *     vcd_writer_add(w, "rdata", 512, rdata);         // uint8_t rdata[64]
 *     vcd_writer_scope_pop(w);
 *     vcd_writer_scope_pop(w);
 *     for (;;) { ...evaluate...; vcd_writer_sample(w, cycle * 10); }
 *     vcd_writer_close(w);
 *
 * Output format:
 *   $date / $version / $timescale blocks, then one "$scope module NAME $end"
 *   per scope_push, "$var wire WIDTH ID NAME $end" per signal, "$upscope $end"
 *   per scope_pop (scopes still open at the first sample or at close are
 *   closed automatically), "$enddefinitions $end". The first sample writes
 *   "#T", then every signal inside "$dumpvars ... $end". Later samples write
 *   "#T" followed by the changed signals only; a sample with no change writes
 *   nothing. Scalars are written as "0ID"/"1ID", vectors as "bBITS ID" with
 *   leading zeros stripped ("b0 ID" for zero). At close, if the last sample
 *   time was never written (no change happened then), a final "#T" is written
 *   so viewers show the full run length.
 *   Identifier codes are base-94 over printable ASCII 33..126, least
 *   significant digit first: handle 0 -> "!", 93 -> "~", 94 -> "!\"", ...
 *   The $date text is fixed so that identical runs give identical files.
 *
 * Values: `value` points to the signal's bits as little-endian bytes: bit i
 * is bit (i % 8) of byte (i / 8). On a little-endian host that is exactly a
 * uint8_t/uint16_t/uint32_t/uint64_t variable, or a byte array for wide
 * buses. (width + 7) / 8 bytes are read; bits at and above `width` in the last
 * byte are ignored (a 5-bit signal in a uint8_t may carry garbage in bits
 * 7:5). The memory must stay valid until vcd_writer_close().
 *
 * Names (scopes and signals) are written as given, except that whitespace
 * and non-printable characters are replaced by '_'. Empty names are refused.
 *
 * A writer is not thread-safe; use one per thread or lock around calls.
 */
#ifndef VCD_WRITER_H
#define VCD_WRITER_H

#include <stdint.h>

#define VCD_WRITER_MAX_WIDTH 4096u

struct vcd_writer;

/* Create a VCD file. A path ending in ".gz", or gz != 0, writes gzip through
 * zlib. timescale is "<1|10|100><s|ms|us|ns|ps|fs>", a space between number
 * and unit allowed ("1ns", "10 ps"); NULL means "1ns". Returns NULL on failure
 * (bad arguments, file cannot be created) with a message in errbuf (errbuf may
 * be NULL or errlen 0 to skip the message). */
struct vcd_writer *vcd_writer_open(const char *path, int gz, const char *timescale,
                                   char *errbuf, unsigned errlen);

/* Declare scopes ("$scope module NAME $end") and signals, before the first
 * sample. Calls after the first sample, a pop without a matching push or an
 * empty name are ignored and recorded in vcd_writer_error(). */
void vcd_writer_scope_push(struct vcd_writer *w, const char *name);
void vcd_writer_scope_pop(struct vcd_writer *w);

/* Register a signal in the current scope. width is 1..VCD_WRITER_MAX_WIDTH
 * bits; value as described above. Returns a handle (0, 1, 2, ... in order of
 * registration; handle n gets identifier code n) or -1 on error (bad
 * arguments, called after the first sample, out of memory). */
int vcd_writer_add(struct vcd_writer *w, const char *name, unsigned width, const void *value);

/* Record every registered signal at time t (in timescale units). The first
 * call writes all values in $dumpvars; later calls write changed ones only.
 * t must be non-decreasing; several samples at the same t are allowed (their
 * changes go under one "#t"). Returns 0, or -1 if t went backwards (the sample
 * is dropped) or an I/O error has happened. */
int vcd_writer_sample(struct vcd_writer *w, uint64_t t);

/* Finish the file (header if no sample was taken, final timestamp), flush and
 * close, and free the writer. NULL is fine. Returns 0, or -1 if any I/O error
 * happened during the writer's life (write, flush or close). */
int vcd_writer_close(struct vcd_writer *w);

/* Last error message for this writer (usage or I/O), "" if none. */
const char *vcd_writer_error(const struct vcd_writer *w);

#endif
