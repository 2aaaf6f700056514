/* trace_parse: NVDLA trace files (.cfg) read into a list of directives
 * before anything is simulated. The grammar, one directive per line,
 * "//" comments (whole-line or trailing), blank lines and free whitespace:
 *
 *   mem_init(MEM, BASE, SIZE, ALL_ZERO);
 *   mem_load(MEM, BASE, "file.dat");          relative names: next to the .cfg
 *   reg_write(NVDLA_UNIT.REG_0, VALUE);
 *   poll_reg_equal(NVDLA_UNIT.REG_0, VALUE);
 *   intr_notify(ID, SYNC);                    ID: SDP_0 ... CACC_1 (trace_intr.h)
 *   intr_notify(SYNC);                        any interrupt
 *   check_crc(SYNC, MEM, BASE, SIZE, CRC);
 *   check_nothing(SYNC);
 *   sync_notify(NVDLA_UNIT, EVENT);           ordering between the units of
 *   sync_wait(NVDLA_UNIT, EVENT);             one layer (trace_run.h)
 *
 * MEM is pri_mem or 1 (DBBIF memory), sec_mem or 2 (SRAMIF memory).
 * Numbers are C literals up to 64 bits. Registers resolve through the
 * generated table (sim/regs/generated/nvdla_regs.h). Memory images are read and checked
 * here too (trace_dat.h), as are overlapping mem_load records and checks
 * bound to a SYNC no intr_notify names, and a sync_wait whose EVENT no
 * earlier sync_notify fired (a runner issuing the file in order would wait
 * forever). Interrupt IDs are matched without regard to case (the nv_large
 * traces write cdma_dat_0). A SYNC fires when the last
 * intr_notify naming it has completed; every check bound to it runs then.
 *
 * No silent pass: a trace is refused when it holds no directive at all,
 * when it compares nothing (no check_crc, or a check_crc of size 0; unless
 * trace_parse_opts.allow_no_check), when a mem_load image holds no record,
 * and when a memory's footprint (the sum of its mem_init sizes and
 * mem_load record bytes) exceeds trace_parse_opts.max_footprint.
 *
 * Every error reads "file:line: reason", or "file: reason" for what
 * concerns the whole file. */
#ifndef TRACE_PARSE_H
#define TRACE_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_regs.h"
#include "trace_dat.h"
#include "trace_intr.h"

enum trace_op {
    TRACE_MEM_INIT,
    TRACE_MEM_LOAD,
    TRACE_REG_WRITE,
    TRACE_POLL_REG,
    TRACE_INTR_NOTIFY,
    TRACE_CHECK_CRC,
    TRACE_CHECK_NOTHING,
    TRACE_SYNC_NOTIFY,
    TRACE_SYNC_WAIT,
};

enum trace_mem { TRACE_PRI_MEM = 1, TRACE_SEC_MEM = 2 };

struct trace_dir {
    enum trace_op op;
    unsigned line;                      /* in the .cfg */
    enum trace_mem mem;                 /* mem_init, mem_load, check_crc */
    uint64_t base, size;                /* mem_init, check_crc; mem_load: base */
    struct trace_image *image;          /* mem_load */
    char *file;                         /* mem_load: the image path as opened */
    const struct nvdla_reg_desc *reg;   /* reg_write, poll_reg_equal */
    uint32_t value;                     /* reg_write, poll_reg_equal */
    const struct trace_intr_id *intr;   /* intr_notify; NULL: any interrupt */
    unsigned sync;                      /* intr_notify, check_*: index into trace.sync */
    uint32_t crc;                       /* check_crc */
    int unit;                           /* sync_notify, sync_wait: enum nvdla_unit */
    unsigned event;                     /* sync_notify, sync_wait: index into trace.event */
};

/* A sync_notify / sync_wait EVENT: apart from the SYNCs of intr_notify and
 * the checks (an EVENT fires no check). */
struct trace_event {
    char *name;
    size_t first_notify;    /* index (in trace.dir) of its first sync_notify; SIZE_MAX: none */
};

struct trace_sync {
    char *name;
    unsigned notifies;      /* intr_notify directives naming it */
    size_t last_notify;     /* index (in trace.dir) of the last one: the sync fires there */
};

struct trace {
    char *path;             /* the .cfg as opened */
    char *name;             /* its file name without ".cfg" */
    struct trace_dir *dir;
    size_t n;
    struct trace_sync *sync;
    size_t nsync;
    struct trace_event *event;
    size_t nevent;
    /* bytes per memory, indexed by enum trace_mem (index 0 unused): the
     * sum of its mem_init sizes and mem_load record bytes (saturates at
     * UINT64_MAX) */
    uint64_t footprint[3];
};

/* The default limit of a memory's footprint: 4 GiB per memory. */
#define TRACE_MAX_FOOTPRINT_DEFAULT ((uint64_t)4 << 30)

/* What a parse accepts beyond the strict default. All zero (or a NULL
 * pointer) is the default. */
struct trace_parse_opts {
    /* 1: accept a trace that compares nothing (only check_nothing, no
     * check at all, check_crc of size 0); the runner still syncs and
     * reports. The command line's ALLOW_NO_CHECK=1. */
    int allow_no_check;
    /* Per memory (pri_mem and sec_mem apart), bytes: 0 means
     * TRACE_MAX_FOOTPRINT_DEFAULT, UINT64_MAX no limit. */
    uint64_t max_footprint;
    /* NULL, or a memory image (mem_load) held in memory rather than in its
     * file: called with the image's path, returns the image (the trace then
     * owns it; trace_image_of_bytes() makes one) or NULL to read the file
     * (gen-layers checks a drawn layer before any file of it is written). */
    struct trace_image *(*image)(void *user, const char *path);
    void *image_user;
};

/* Read a trace. path is a .cfg file, or a directory holding exactly one
 * .cfg. NULL with err = "file:line: reason" (or "path: reason").
 * trace_parse() is trace_parse_with(path, NULL, ...): the strict default. */
struct trace *trace_parse(const char *path, char *err, size_t len);
struct trace *trace_parse_with(const char *path, const struct trace_parse_opts *opts, char *err,
                               size_t len);
/* Parse text already in memory; path names it in messages and locates
 * relative memory images. */
struct trace *trace_parse_text(const char *path, const char *text, size_t n, char *err, size_t len);
struct trace *trace_parse_text_with(const char *path, const char *text, size_t n,
                                    const struct trace_parse_opts *opts, char *err, size_t len);
/* The checks that depend on the DUT: every address (mem_init, mem_load
 * records, check_crc) below 2^addr_bits; sec_mem only with an SRAMIF
 * memory. Returns 0 or -1 with err = "file:line: reason". */
int trace_check_dut(const struct trace *t, unsigned addr_bits, int has_sram, char *err, size_t len);
void trace_free(struct trace *t);          /* NULL is fine */

/* A directory holding exactly one .cfg (or <dir>/<dirname>.cfg) -> that
 * file; a file -> itself. Returns 0, or -1 with err filled. */
int trace_resolve(const char *path, char *out, size_t outlen, char *err, size_t len);

const char *trace_op_name(enum trace_op op);
const char *trace_mem_name(enum trace_mem m);

#endif
