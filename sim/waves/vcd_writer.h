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
 * A cycle-based harness lets the writer drive the clock and a cycle counter
 * in real time (the options give the period) and writes an FST if asked:
 *     struct vcd_writer_opts o = { .fst = 1, .timescale = "1ps", .period = 10000 };
 *     struct vcd_writer *w = vcd_writer_open_opts("run.fst", &o, err, sizeof err);
 *     vcd_writer_scope_push(w, "TOP");
 *     vcd_writer_add_clock(w, "clk", "cycle");        // the writer's own clock and counter
 *     vcd_writer_add(w, "valid", 1, &valid);
 *     for (n = 0; ...; n++) { ...inputs applied, outputs settled...; vcd_writer_cycle(w, n); }
 *     if (vcd_writer_finish(w, err, sizeof err)) fprintf(stderr, "%s\n", err);
 *
 * Output format:
 *   $date / $version / $timescale blocks, then one "$scope module NAME $end"
 *   per scope_push, "$var wire WIDTH ID NAME $end" per 1-bit signal and
 *   "$var wire WIDTH ID NAME [WIDTH-1:0] $end" per vector (as Verilator
 *   writes them, so viewers name twin and RTL buses alike), "$upscope $end"
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
 * FST: with opts.fst the writer writes its VCD beside the path (PATH.tmp.vcd)
 * and converts it at close with GTKWave's vcd2fst (Debian package gtkwave),
 * run from PATH with its standard output discarded and its standard error
 * passed through; the VCD is removed once converted and kept, named in the
 * error, if the conversion fails. Opening refuses FST when vcd2fst is not
 * in PATH, so a run never ends without its dump. FST is compressed already:
 * fst together with gz is refused.
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

/* Options of vcd_writer_open_opts; zero-initialised means a plain VCD in ns. */
struct vcd_writer_opts {
    int gz;                 /* gzip'd VCD through zlib (also when the path ends in ".gz") */
    int fst;                /* FST, converted from the VCD at close by vcd2fst; not with gz */
    const char *timescale;  /* as vcd_writer_open's; NULL means "1ns" */
    uint64_t period;        /* clock period of vcd_writer_add_clock/vcd_writer_cycle, in
                               timescale units: 0 (no clock) or at least 2 (both phases) */
};

/* Create a dump as the options say. Returns NULL on failure with a message
 * in errbuf as vcd_writer_open does; also refused: gz with fst, fst when
 * vcd2fst is not in PATH, a period of 1. */
struct vcd_writer *vcd_writer_open_opts(const char *path, const struct vcd_writer_opts *opts,
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

/* Declare in the current scope a 1-bit clock and a 64-bit cycle counter
 * that the writer drives itself in vcd_writer_cycle (the writer owns their
 * values). Needs a period in the options; at most one clock per writer.
 * Returns the clock's handle (the counter's is the next one), or -1 on
 * error as vcd_writer_add. */
int vcd_writer_add_clock(struct vcd_writer *w, const char *clk_name, const char *cycle_name);

/* Record cycle n in real time, P being the period: at n * P the clock low,
 * the counter at n and every registered signal as it is now (the cycle's
 * low phase: inputs applied, outputs settled), then at n * P + P / 2 (P / 2
 * rounded down) the clock high, nothing else changing. n must not go back.
 * Returns 0, or -1 as vcd_writer_sample does, or without a clock. */
int vcd_writer_cycle(struct vcd_writer *w, uint64_t n);

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

/* vcd_writer_close, and on failure (I/O, or the FST conversion) the reason
 * in errbuf (NULL or errlen 0: no message; "" on success). */
int vcd_writer_finish(struct vcd_writer *w, char *errbuf, unsigned errlen);

/* Last error message for this writer (usage or I/O), "" if none. */
const char *vcd_writer_error(const struct vcd_writer *w);

#endif
