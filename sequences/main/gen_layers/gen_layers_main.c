/* gen-layers: seeded constrained-random NVDLA layer generator (any public
 * configuration; nv_small by default).
 *
 *   gen-layers --out DIR --count N --seed S [--engine sdp|pdp|cdp|conv|all|sdp-bypass] [--nvdla-config NAME]
 *
 * Only layers the configuration (default nv_small) can run are written: a
 * draw that needs a unit it leaves out (SDP EW/LUT on nv_small) or breaks a
 * programming rule of sim/nvdla/model/nvdla_prog_check.h (CBUF entries and banks for its
 * entry size, weights padded to whole memory atoms, the CBUF flush polled
 * before a convolution, SDP_RDMA DATA_USE naming exactly the operands read,
 * PDP geometry the hardware cannot complete) is redrawn. PDP layers aim at
 * the corners the real hardware showed: off-nominal reciprocals in a third
 * of the average layers, right/bottom padding in most, split width.
 *
 * Writes, for every generated layer, DIR/<engine>_<seed>_<i>/ holding
 * <name>.cfg (mem_init / mem_load / reg_write / intr_notify / check_crc, the
 * directives of the shipped traces) and the .dat memory images it loads.
 * The expected CRC comes from the golden reference executor
 * (sequences/trace/nvdla_ref.h): the finished trace text is parsed with
 * trace_parse_text() and played as trace_golden_run() does, on the
 * reference set to the configuration (nvdla_ref_set_config). A draw
 * the models refuse (register decode / golden_*_check failure, layer not
 * covered by the reference) is redrawn, so every folder is a legal program
 * whose CRC the golden models produced. With --engine all, N layers are
 * written per engine. Layer i of engine E depends only on (S, E, i) and the
 * configuration.
 *
 * The configuration sets the memory atom A (8, 16 or 32 bytes: cubes of
 * A-lane surfaces, strides and bases in whole atoms), the convolution's
 * atomic C and K (weight layout; channel and kernel counts that cross them),
 * the CBUF entries per slice and banks, the units that exist and the address
 * width: on 64-bit configurations some layers keep their tensors above
 * 4 GiB (ADDR_HIGH set). On nv_small every draw is the one it was before the
 * configurations existed, so a seed writes the same layers.
 *
 * Layer kinds beyond the plain ones (drawn once per layer, kept across
 * redraws): about 25% of PDP layers use split-width mode (SPLIT_NUM >= 1,
 * PARTIAL_WIDTH_IN/OUT on PDP and PDP_RDMA, stripes of whole windows, see
 * pdp_split); about 30% of convolutions take SDP BS and/or BN operands from
 * memory (SDP_RDMA BRDMA/NRDMA, per element or per channel, flying mode ON;
 * redrawn until the output shows at least 12 distinct byte values and
 * perturbing any operand image changes the CRC). The
 * .cfg's first line describes the layer ("split<N> in .. out ..",
 * "sdp-mem BS-alu/elem+BN-mul/chan"), and the last line gen-layers prints
 * counts both kinds. Plain convolutions whose output saturates to fewer
 * than 12 distinct byte values are redrawn 95% of the time (random CACC
 * truncation and SDP scale/shift otherwise saturate most of them), SDP and
 * CDP layers 90% of the time (their scales and shifts did the same to most
 * of them).
 *
 * SRAMIF: on a configuration with one, about 30% of the layers (drawn
 * once per layer, only there, so the others' seeds keep their layers) put
 * each of their cubes (input, output, SDP operand streams, convolution data
 * and weights) in the SRAMIF memory with probability 1/2, at least one:
 * that DMA's RAM type names CV (0) and the trace sec_mem.
 *
 * --engine sdp-bypass (not part of all) writes bypass_<S>_<i>: SDP
 * off-flying copies with every stage bypassed (output = input), the one
 * datapath of the shipped RTL stub: random geometry, padded strides, cubes
 * starting just before a 4 KiB page boundary, above 4 GiB on 64-bit
 * configurations, all on DBBIF.
 *
 * This file holds main() and the self-check of each draw (golden CRC,
 * configuration, programming rules); gen_layers.h lists the other parts
 * (one file per engine, the common draw, the trace folder writer). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "golden_conv.h"
#include "golden_layout.h"
#include "golden_pdp.h"
#include "nvdla_ref.h"
#include "nvdla_regs.h"
#include "sparse_mem.h"
#include "nvdla_config.h"
#include "nvdla_features.h"
#include "trace_golden.h"
#include "trace_needs.h"
#include "trace_parse.h"
#include "trace_prog.h"
#include "gen_layers.h"

/* Play the parsed trace on the reference executor (as trace_golden_run
 * does); the CRC of the check region, or -1 with why when the layer did not
 * run or the reference does not cover it. */
static int golden_crc(const struct trace *t, const struct layer *l, uint32_t *crc, int *distinct, char *why,
                      size_t len)
{
    struct nvdla_ref *ref = nvdla_ref_create();
    if (!ref)
        abort();
    nvdla_ref_set_config(ref, gen_config);
    int ran = 0, rc = -1;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        int sec = d->mem == TRACE_SEC_MEM;
        if (trace_golden_apply(ref, d))
            continue;
        switch (d->op) {
        case TRACE_INTR_NOTIFY:
            ran += nvdla_ref_run(ref);
            break;
        case TRACE_CHECK_CRC: {
            ran += nvdla_ref_run(ref);
            const struct sparse_mem *m = sec ? nvdla_ref_sram(ref) : nvdla_ref_mem(ref);
            *crc = sparse_mem_crc32(m, d->base, d->size);
            if (ran < 1) {
                snprintf(why, len, "no layer ran");
                break;
            }
            /* coverage: a byte changed at the first output byte must be
             * explained by a golden-covered layer */
            uint8_t *img = malloc(l->out.size);
            if (!img)
                abort();
            sparse_mem_read(m, l->out.base, img, l->out.size);
            if (distinct) {
                uint8_t seen[256] = { 0 };   /* a flag, not a count: a count wraps */
                *distinct = 0;
                for (uint64_t k = 0; k < l->out.size; k++) {
                    *distinct += !seen[img[k]];
                    seen[img[k]] = 1;
                }
            }
            img[0] ^= 0x5a;
            char report[2048];
            int ex = nvdla_ref_explain_mem(ref, sec, img, l->out.base, l->out.size, report, sizeof report);
            free(img);
            if (ex != 1) {
                char *nl = strchr(report, '\n');
                if (nl)
                    *nl = 0;
                snprintf(why, len, "reference does not cover the layer: %.400s", report);
                break;
            }
            rc = 0;
            break;
        }
        default:
            break;
        }
    }
    nvdla_ref_destroy(ref);
    return rc;
}

static long kind_count[KINDS], recip_count, edge_pad_count;
/* image layers per pixel format (index in img_formats) */
static long img_format_count[IMG_FORMATS];
/* bypass layers with a cube above 4 GiB / a cube across a 4 KiB page */
static long high_count, cross_count;

/* The layer's memory images, held until the layer is accepted: its checks
 * take them from its bytes (trace_parse_opts.image, trace_image_of_bytes,
 * the records dat_text writes), so the layers drawn again (several for each
 * one written) are never written out as text, parsed back or put in a file;
 * the written layer is then checked from its files. */
struct held_images {
    char path[MAX_DATS][1200];   /* dir/file, as the trace parser names it */
    const struct layer *l;
};

static struct trace_image *held_image(void *user, const char *path)
{
    const struct held_images *h = user;
    for (int i = 0; i < h->l->ndat; i++)
        if (!strcmp(h->path[i], path)) {
            const struct dat *d = &h->l->dats[i];
            struct trace_image *im = trace_image_of_bytes(path, d->bytes, d->size, DAT_RECORD_BYTES);
            if (!im)
                abort();
            return im;
        }
    return NULL;
}

static void held_init(struct held_images *h, const char *dir, const struct layer *l)
{
    for (int i = 0; i < l->ndat; i++)
        snprintf(h->path[i], sizeof h->path[i], "%s/%s", dir, l->dats[i].file);
    h->l = l;
}

/* The layer's trace text parsed with its held images. */
static struct trace *parse_held(const char *path, const struct buf *text, struct held_images *h, char *err,
                                size_t len)
{
    struct trace_parse_opts o = { .image = held_image, .image_user = h };
    return trace_parse_text_with(path, text->s, text->n, &o, err, len);
}

/* Whether every SDP operand image (_bs / _bn / _ew) of the layer changes the
 * checked CRC when its bytes are perturbed (the held bytes changed, then
 * restored): 1 yes, 0 some stream does not show in the output. */
static int operands_matter(struct layer *l, struct held_images *h, const char *path, const struct buf *text,
                           uint32_t crc)
{
    int ok = 1;
    for (int i = 0; i < l->ndat && ok; i++) {
        const char *f = l->dats[i].file;
        size_t n = strlen(f);
        if (n < 7 || (strcmp(f + n - 7, "_bs.dat") && strcmp(f + n - 7, "_bn.dat") && strcmp(f + n - 7, "_ew.dat")))
            continue;
        struct dat *d = &l->dats[i];
        for (size_t k = 0; k < d->size; k++)
            d->bytes[k] ^= 0xa5;
        char err[512], why[512];
        uint32_t c2 = crc;
        struct trace *t = parse_held(path, text, h, err, sizeof err);
        if (!t || golden_crc(t, l, &c2, NULL, why, sizeof why) || c2 == crc)
            ok = 0;
        trace_free(t);
        for (size_t k = 0; k < d->size; k++)
            d->bytes[k] ^= 0xa5;
    }
    return ok;
}

/* Whether the layer needs a unit the configuration leaves out. */
static int layer_needs_absent(const struct trace *t, char *why, size_t len)
{
    struct trace_needs n;
    trace_needs_scan(t, &n);
    return trace_needs_absent(t, &n, gen_config, why, len);
}

/* Whether the layer breaks a programming rule of the configuration (the
 * trace runner would refuse it; the hardware may hang). */
static int layer_breaks_rules(const struct trace *t, char *why, size_t len)
{
    struct trace_prog_violation v;
    if (!trace_prog_check(t, gen_config, &v, 1))
        return 0;
    char rule[512];
    nvdla_prog_violation_str(&v.v, rule, sizeof rule);
    snprintf(why, len, "programming %.480s", rule);
    return 1;
}

/* Build, self-check and write one layer. Returns 0, or -1 (redraw). */
static int try_layer(const char *engine, const char *dir, const char *name, int verbose)
{
    struct layer l;
    memset(&l, 0, sizeof l);
    int rc;
    if (!strcmp(engine, "sdp"))
        rc = gen_sdp(&l, name);
    else if (!strcmp(engine, "pdp"))
        rc = gen_pdp(&l, name);
    else if (!strcmp(engine, "cdp"))
        rc = gen_cdp(&l, name);
    else if (!strcmp(engine, "sdp-bypass"))
        rc = gen_bypass(&l, name);
    else if (!strcmp(engine, "img"))
        rc = gen_img(&l, name);
    else
        rc = gen_conv(&l, name);
    /* a layer meant for SRAMIF keeps at least one cube there */
    int in_sram = 0;
    for (int i = 0; i < l.nused; i++)
        in_sram |= l.used[i].sec;
    if (rc || (place_sram && !in_sram)) {
        if (verbose && !rc)
            fprintf(stderr, "gen-layers: %s: redraw (%s): no cube in the SRAMIF memory\n", name, l.desc);
        layer_reset(&l);
        return -1;
    }
    struct held_images *held = malloc(sizeof *held);
    if (!held)
        abort();
    held_init(held, dir, &l);
    struct buf text = { 0 };
    cfg_text(&l, name, 0, &text);
    char path[1400], err[512], why[512];
    snprintf(path, sizeof path, "%s/%s.cfg", dir, name);
    struct trace *t = parse_held(path, &text, held, err, sizeof err);
    uint32_t crc = 0;
    int distinct = 0;
    rc = -1;
    if (!t)
        snprintf(why, sizeof why, "parse: %.400s", err);
    else if (trace_check_dut(t, gen_config->mem_address_width, gen_config->secondary_memif_width != 0, err,
                             sizeof err))
        snprintf(why, sizeof why, "dut check: %.400s", err);
    else if (layer_needs_absent(t, err, sizeof err))
        snprintf(why, sizeof why, "configuration: %.400s", err);
    else if (layer_breaks_rules(t, why, sizeof why))
        ;
    else if (golden_crc(t, &l, &crc, &distinct, why, sizeof why) == 0) {
        /* mostly redraw degenerate layers (output all saturated / constant) */
        if (distinct <= 2 && chance(90))
            snprintf(why, sizeof why, "degenerate output (%d distinct byte values)", distinct);
        /* memory operands under a convolution: an output saturated to a
         * handful of values hides what the operands did, ask for more */
        else if (l.kind == KIND_CONV_SDP_MEM && distinct < 12)
            snprintf(why, sizeof why, "output too saturated to show the operands (%d distinct byte values)",
                     distinct);
        /* plain convolutions: random CACC truncation and SDP scale/shift
         * saturate most outputs; mostly ask for a spread that shows the
         * arithmetic (some saturated layers stay for those corners) */
        else if ((!strcmp(engine, "conv") || !strcmp(engine, "img")) && distinct < 12 && chance(95))
            snprintf(why, sizeof why, "convolution output mostly saturated (%d distinct byte values)", distinct);
        /* CDP and SDP: random scales and shifts leave most layers at the
         * rails and zero (only the sign checked); the same remedy */
        else if ((!strcmp(engine, "cdp") || !strcmp(engine, "sdp")) && distinct < 12 && chance(90))
            snprintf(why, sizeof why, "%s output mostly saturated (%d distinct byte values)",
                     !strcmp(engine, "cdp") ? "CDP" : "SDP", distinct);
        else if (l.kind == KIND_CONV_SDP_MEM && !operands_matter(&l, held, path, &text, crc))
            snprintf(why, sizeof why, "an operand stream does not change the output");
        else
            rc = 0;
    }
    trace_free(t);
    free(held);
    if (rc == 0) {
        for (int i = 0; i < l.ndat; i++)
            if (write_dat(dir, &l.dats[i]))
                exit(1);
        text.n = 0;
        cfg_text(&l, name, crc, &text);
        if (write_file(path, text.s, text.n))
            exit(1);
        /* the file as written must give the same CRC on the golden run
         * (the configuration's reference, as the trace runner sets it) */
        t = trace_parse(path, err, sizeof err);
        uint32_t again = ~crc;
        if (!t || golden_crc(t, &l, &again, NULL, why, sizeof why) != 0 || again != crc) {
            fprintf(stderr, "gen-layers: %s: written trace fails its own golden run%s%s\n", path,
                    t ? "" : ": ", t ? "" : err);
            exit(1);
        }
        trace_free(t);
        kind_count[l.kind]++;
        recip_count += (l.corners & CORNER_RECIP) != 0;
        edge_pad_count += (l.corners & CORNER_EDGE_PAD) != 0;
        if (l.img_format)
            img_format_count[l.img_format - 1]++;
        int high = 0, cross = 0;
        for (int i = 0; i < l.nused; i++) {
            high |= l.used[i].base >> 32 != 0;
            cross |= l.used[i].base >> 12 != (l.used[i].base + l.used[i].size - 1) >> 12;
        }
        high_count += high;
        cross_count += cross;
        if (verbose)
            printf("%s: %s, %d distinct output byte values\n", name, l.desc, distinct);
    } else if (verbose) {
        fprintf(stderr, "gen-layers: %s: redraw (%s): %s\n", name, l.desc, why);
    }
    free(text.s);
    layer_reset(&l);
    return rc;
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (uint8_t)*s++) * 1099511628211ull;
    return h;
}

static void usage(void)
{
    char corners[512];
    img_corner_names(corners, sizeof corners);
    fprintf(stderr, "usage: gen-layers --out DIR --count N --seed S [--engine sdp|pdp|cdp|conv|img|all|sdp-bypass] "
            "[--nvdla-config NAME] [--img-avoid CORNER]... [-v]\n"
            "  all: sdp, pdp, cdp, conv and img (image-input convolutions, named img_<seed>_<n>)\n"
            "  --img-avoid CORNER: image layers without that corner (repeat for more); the corners are\n  %s\n",
            corners);
    exit(2);
}

int main(int argc, char **argv)
{
    const char *out = NULL, *engine = "all";
    long count = -1;
    unsigned long long seed = 0;
    int have_seed = 0, verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = strtol(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
            have_seed = 1;
        } else if (!strcmp(argv[i], "--engine") && i + 1 < argc)
            engine = argv[++i];
        else if (!strcmp(argv[i], "--nvdla-config") && i + 1 < argc) {
            gen_config = nvdla_config_find(argv[++i]);
            if (!gen_config) {
                char names[256];
                nvdla_config_names(names, sizeof names);
                fprintf(stderr, "gen-layers: --nvdla-config: unknown configuration '%s' (one of %s)\n", argv[i], names);
                return 2;
            }
        }
        else if (!strcmp(argv[i], "--img-avoid") && i + 1 < argc) {
            if (img_avoid_corner(argv[++i])) {
                char corners[512];
                img_corner_names(corners, sizeof corners);
                fprintf(stderr, "gen-layers: --img-avoid: unknown corner '%s' (the corners are %s)\n", argv[i],
                        corners);
                return 2;
            }
        } else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            verbose = 1;
        else
            usage();
    }
    if (!out || count < 0 || !have_seed)
        usage();
    if (!gen_config)
        gen_config = nvdla_config_find(nvdla_config_default_name());
    /* img last: each layer's stream is seeded by its name, so adding it
     * left the other engines' layers of a seed as they were */
    enum { NALL = 5 };
    static const char *const all[NALL] = { "sdp", "pdp", "cdp", "conv", "img" };
    const char *list[NALL];
    int nl = 0;
    if (!strcmp(engine, "all"))
        for (int i = 0; i < NALL; i++)
            list[nl++] = all[i];
    else if (!strcmp(engine, "sdp-bypass"))
        list[nl++] = "sdp-bypass";   /* not in all: the stub's layers, written on their own */
    else {
        for (int i = 0; i < NALL; i++)
            if (!strcmp(engine, all[i]))
                list[nl++] = all[i];
        if (!nl)
            usage();
    }
    if (mkdir(out, 0777) && errno != EEXIST) {
        fprintf(stderr, "gen-layers: %s: %s\n", out, strerror(errno));
        return 1;
    }
    long redraws = 0, written = 0, sram_layers = 0;
    for (int e = 0; e < nl; e++)
        for (long i = 0; i < count; i++) {
            char name[128], dir[1100];
            int bypass = !strcmp(list[e], "sdp-bypass");
            snprintf(name, sizeof name, "%s_%llu_%ld", bypass ? "bypass" : list[e], seed, i);
            snprintf(dir, sizeof dir, "%s/%s", out, name);
            if (mkdir(dir, 0777) && errno != EEXIST) {
                fprintf(stderr, "gen-layers: %s: %s\n", dir, strerror(errno));
                return 1;
            }
            rng_state = seed * 0x9e3779b97f4a7c15ull ^ name_hash(name);
            want_special = !strcmp(list[e], "pdp") ? chance(25) : !strcmp(list[e], "conv") ? chance(30) : 0;
            img_format_pick = (int)(i % IMG_FORMATS);
            place_high = gen_config->mem_address_width > 32 && chance(30);
            /* drawn only where there is an SRAMIF, so the other
             * configurations' seeds keep their layers; not for the
             * bypass layers (the stub moves everything over DBBIF) */
            place_sram = !bypass && gen_config->secondary_memif_width && chance(30);
            sram_layers += place_sram;
            place_cross = bypass;
            int tries = 0;
            while (try_layer(list[e], dir, name, verbose)) {
                redraws++;
                if (++tries > 1000) {
                    fprintf(stderr, "gen-layers: %s: no legal draw after 1000 tries\n", name);
                    return 1;
                }
            }
            written++;
        }
    if (!strcmp(list[0], "sdp-bypass")) {
        fprintf(stderr, "gen-layers: %ld layers written to %s for %s (%ld redraws); SDP bypass copies, %ld above 4 GiB, "
                "%ld with a cube across a 4 KiB page\n", written, out, gen_config->name, redraws, high_count,
                cross_count);
        return 0;
    }
    fprintf(stderr, "gen-layers: %ld layers written to %s for %s (%ld redraws); %ld PDP split-width, %ld PDP average "
            "with off-nominal reciprocals, %ld PDP with right/bottom padding, %ld conv with SDP memory operands",
            written, out, gen_config->name, redraws, kind_count[KIND_PDP_SPLIT], recip_count, edge_pad_count,
            kind_count[KIND_CONV_SDP_MEM]);
    if (gen_config->secondary_memif_width)
        fprintf(stderr, ", %ld with cubes in SRAMIF memory", sram_layers);
    fprintf(stderr, "\n");
    long nimg = 0;
    for (int f = 0; f < IMG_FORMATS; f++)
        nimg += img_format_count[f];
    if (nimg) {
        fprintf(stderr, "gen-layers: %ld image layers by pixel format:", nimg);
        for (int f = 0; f < IMG_FORMATS; f++)
            fprintf(stderr, " %s %ld", img_formats[f].name, img_format_count[f]);
        fprintf(stderr, "\n");
    }
    return 0;
}
