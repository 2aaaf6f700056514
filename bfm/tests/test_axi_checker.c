/* Unit tests for axi_checker: every rule is provoked on purpose by driving
 * pins by hand, and clean legal sequences must stay silent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_checker.h"
#include "bfm_test_env.h"

struct h {
    struct bfm_env env;
    struct axi_pins p;
    struct axi_checker *c;
};

static struct h *h_new_k(const struct axi_checker_knobs *k)
{
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    test_env_quiet(&h->env);
    h->c = axi_checker_create("port0", k, &h->p, &h->env);
    ck_assert_ptr_nonnull(h->c);
    return h;
}

static struct h *h_new(void)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.data_bytes = 8;
    return h_new_k(&k);
}

static void h_free(struct h *h)
{
    axi_checker_destroy(h->c);
    free(h);
}

static void cyc(struct h *h)
{
    axi_checker_sample(h->c);
    h->env.cycle++;
}

/* One-cycle handshakes: set valid+ready and payload, clock, drop valid. */
static void aw(struct h *h, uint32_t id, uint64_t addr, uint8_t len, uint8_t size, uint8_t burst)
{
    h->p.aw_valid = h->p.aw_ready = 1;
    h->p.aw_id = id; h->p.aw_addr = addr; h->p.aw_len = len;
    h->p.aw_size = size; h->p.aw_burst = burst;
    cyc(h);
    h->p.aw_valid = 0;
}
static void ar(struct h *h, uint32_t id, uint64_t addr, uint8_t len, uint8_t size, uint8_t burst)
{
    h->p.ar_valid = h->p.ar_ready = 1;
    h->p.ar_id = id; h->p.ar_addr = addr; h->p.ar_len = len;
    h->p.ar_size = size; h->p.ar_burst = burst;
    cyc(h);
    h->p.ar_valid = 0;
}
static void w(struct h *h, int last)
{
    h->p.w_valid = h->p.w_ready = 1;
    h->p.w_last = (uint8_t)last;
    h->p.w_strb = 0xFF;
    h->p.w_data[0]++;
    cyc(h);
    h->p.w_valid = 0;
}
static void r(struct h *h, uint32_t id, int last)
{
    h->p.r_valid = h->p.r_ready = 1;
    h->p.r_id = id;
    h->p.r_last = (uint8_t)last;
    h->p.r_resp = 0;
    h->p.r_data[3]++;
    cyc(h);
    h->p.r_valid = 0;
}
static void b(struct h *h, uint32_t id)
{
    h->p.b_valid = h->p.b_ready = 1;
    h->p.b_id = id;
    h->p.b_resp = 0;
    cyc(h);
    h->p.b_valid = 0;
}

/* A W beat with the given strobes; an R beat with the given response. */
static void ws(struct h *h, int last, uint64_t strb)
{
    h->p.w_valid = h->p.w_ready = 1;
    h->p.w_last = (uint8_t)last;
    h->p.w_strb = strb;
    cyc(h);
    h->p.w_valid = 0;
}
static void rr(struct h *h, uint32_t id, int last, uint8_t resp)
{
    h->p.r_valid = h->p.r_ready = 1;
    h->p.r_id = id;
    h->p.r_last = (uint8_t)last;
    h->p.r_resp = resp;
    cyc(h);
    h->p.r_valid = 0;
    h->p.r_resp = 0;
}
static void br(struct h *h, uint32_t id, uint8_t resp)
{
    h->p.b_valid = h->p.b_ready = 1;
    h->p.b_id = id;
    h->p.b_resp = resp;
    cyc(h);
    h->p.b_valid = 0;
    h->p.b_resp = 0;
}
static void idle(struct h *h, unsigned n)
{
    while (n--)
        cyc(h);
}

static struct h *h_new_wait(uint64_t max_wait)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.max_wait = max_wait;
    return h_new_k(&k);
}

static void assert_rule(const struct h *h, const char *chan, const char *rule)
{
    char want[256];
    ck_assert_msg(h->env.failed >= 1, "expected a failure for '%s'", rule);
    snprintf(want, sizeof want, "port0 %s: %s: expected ", chan, rule);
    ck_assert_msg(strstr(h->env.first_failure, want) != NULL,
                  "wanted '%s' in '%s'", want, h->env.first_failure);
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "actual"));
    ck_assert(strncmp(h->env.first_failure, "FAIL cycle ", 11) == 0);
}

static void assert_clean(struct h *h)
{
    ck_assert_msg(h->env.failed == 0, "unexpected: %s", h->env.first_failure);
}

static void assert_has(const struct h *h, const char *text)
{
    ck_assert_msg(strstr(h->env.first_failure, text) != NULL, "wanted '%s' in '%s'", text,
                  h->env.first_failure);
}

/* ---- valid dropped before ready, each channel ------------------------ */

START_TEST(test_valid_dropped)
{
    static const char *names[5] = { "AW", "W", "AR", "R", "B" };
    int ch = _i;
    struct h *h = h_new();
    uint8_t *valid[5] = { &h->p.aw_valid, &h->p.w_valid, &h->p.ar_valid,
                          &h->p.r_valid, &h->p.b_valid };

    *valid[ch] = 1;         /* ready stays 0 */
    cyc(h);
    cyc(h);                 /* still stalled, same payload: fine */
    assert_clean(h);
    *valid[ch] = 0;
    cyc(h);
    assert_rule(h, names[ch], "valid dropped before ready");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "FAIL cycle 3:"));
    h_free(h);
}
END_TEST

/* ---- payload changed while stalled, each channel ---------------------- */

START_TEST(test_payload_changed)
{
    static const char *names[] = { "AW", "W", "W", "AR", "R", "R", "B", "AW",
                                   "AW", "AW", "AW", "AR", "AR", "AR" };
    static const char *fields[] = { "awaddr", "data byte 5", "wstrb", "arlen", "data byte 7",
                                    "rid", "bresp", "awburst", "awlock", "awcache",
                                    "awprot", "arlock", "arcache", "arprot" };
    int k = _i;
    struct h *h = h_new();
    struct axi_pins *p = &h->p;

    p->aw_valid = p->w_valid = p->ar_valid = p->r_valid = p->b_valid = 0;
    switch (k) {
    case 0: p->aw_valid = 1; p->aw_addr = 0x1000; break;
    case 1: p->w_valid = 1; p->w_data[5] = 1; p->w_strb = 0xFF; break;
    case 2: p->w_valid = 1; p->w_strb = 0xF0; break;
    case 3: p->ar_valid = 1; p->ar_len = 3; break;
    case 4: p->r_valid = 1; p->r_data[7] = 9; break;
    case 5: p->r_valid = 1; p->r_id = 2; break;
    case 6: p->b_valid = 1; p->b_resp = 0; break;
    case 7: p->aw_valid = 1; p->aw_burst = 1; break;
    case 8: case 9: case 10: p->aw_valid = 1; p->aw_cache = 3; break;
    case 11: case 12: case 13: p->ar_valid = 1; p->ar_prot = 2; break;
    }
    /* Bytes beyond data_bytes are not part of the payload. */
    p->w_data[20]++;
    p->r_data[20]++;
    p->w_strb |= 1ULL << 40;
    cyc(h);
    p->w_data[20]++;
    p->r_data[20]++;
    p->w_strb ^= 1ULL << 40;
    cyc(h);
    assert_clean(h);
    switch (k) {
    case 0: p->aw_addr = 0x1008; break;
    case 1: p->w_data[5] = 2; break;
    case 2: p->w_strb = 0x0F; break;
    case 3: p->ar_len = 4; break;
    case 4: p->r_data[7] = 8; break;
    case 5: p->r_id = 3; break;
    case 6: p->b_resp = 2; break;
    case 7: p->aw_burst = 2; break;
    case 8: p->aw_lock = 1; break;
    case 9: p->aw_cache = 2; break;
    case 10: p->aw_prot = 1; break;
    case 11: p->ar_lock = 1; break;
    case 12: p->ar_cache = 0xF; break;
    case 13: p->ar_prot = 3; break;
    }
    cyc(h);
    assert_rule(h, names[k], "payload changed while stalled");
    assert_has(h, fields[k]);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

/* ---- W / AW matching ---------------------------------------------------- */

START_TEST(test_wlast_early)
{
    struct h *h = h_new();
    aw(h, 1, 0x1000, 3, 3, AXI_BURST_INCR);
    w(h, 0);
    w(h, 1);
    assert_rule(h, "W", "wlast does not match awlen");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "expected wlast on beat 4, actual on beat 2"));
    h_free(h);
}
END_TEST

START_TEST(test_wlast_missing)
{
    struct h *h = h_new();
    aw(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    w(h, 0);
    assert_clean(h);
    w(h, 0);
    assert_rule(h, "W", "wlast does not match awlen");
    h_free(h);
}
END_TEST

START_TEST(test_wlast_w_before_aw)
{
    struct h *h = h_new();
    /* Legal: W ahead of AW, lengths agree. */
    w(h, 0);
    w(h, 1);
    aw(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    b(h, 1);
    assert_clean(h);
    /* Illegal: 3 beats ahead of an AW for 2. */
    w(h, 0);
    w(h, 0);
    w(h, 1);
    assert_clean(h);
    aw(h, 2, 0x2000, 1, 3, AXI_BURST_INCR);
    assert_rule(h, "W", "wlast does not match awlen");
    h_free(h);
}
END_TEST

START_TEST(test_wlast_partial_before_aw)
{
    struct h *h = h_new();
    /* Two beats without wlast, then an AW for two beats: wlast was due. */
    w(h, 0);
    w(h, 0);
    aw(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    assert_rule(h, "W", "wlast does not match awlen");
    h_free(h);
}
END_TEST

START_TEST(test_rlast_mismatch)
{
    struct h *h = h_new();
    ar(h, 1, 0x1000, 3, 3, AXI_BURST_INCR);
    r(h, 1, 0);
    r(h, 1, 1);
    assert_rule(h, "R", "rlast does not match arlen");
    h_free(h);

    h = h_new();
    ar(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    r(h, 1, 0);
    assert_rule(h, "R", "rlast does not match arlen");
    h_free(h);
}
END_TEST

/* ---- address rules ------------------------------------------------------ */

START_TEST(test_4k_crossing)
{
    struct h *h = h_new();
    aw(h, 1, 0x1F80, 15, 3, AXI_BURST_INCR);     /* ends exactly at 0x1FFF: fine */
    assert_clean(h);
    aw(h, 1, 0x1FC0, 15, 3, AXI_BURST_INCR);     /* 0x1FC0..0x203F */
    assert_rule(h, "AW", "burst crosses 4 KB boundary");
    h_free(h);

    h = h_new();
    ar(h, 1, 0xFFF8, 1, 3, AXI_BURST_INCR);
    assert_rule(h, "AR", "burst crosses 4 KB boundary");
    h_free(h);
}
END_TEST

START_TEST(test_unaligned)
{
    struct h *h = h_new();
    ar(h, 1, 0x1004, 0, 3, AXI_BURST_INCR);
    assert_rule(h, "AR", "unaligned address");
    h_free(h);

    h = h_new();
    aw(h, 1, 0x1001, 0, 0, AXI_BURST_INCR);
    assert_rule(h, "AW", "unaligned address");
    h_free(h);

    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.require_aligned = 0;
    h = h_new_k(&k);
    ar(h, 1, 0x1004, 0, 2, AXI_BURST_INCR);
    assert_clean(h);
    h_free(h);
}
END_TEST

START_TEST(test_addr_bits)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.addr_bits = 32;
    struct h *h = h_new_k(&k);
    ar(h, 1, 0xFFFFFFF8ULL, 0, 3, AXI_BURST_INCR);
    assert_clean(h);
    aw(h, 1, 0x100000000ULL, 0, 3, AXI_BURST_INCR);
    assert_rule(h, "AW", "address above addr_bits");
    h_free(h);

    h = h_new_k(&k);
    ar(h, 1, 1ULL << 40, 0, 3, AXI_BURST_INCR);
    assert_rule(h, "AR", "address above addr_bits");
    h_free(h);
}
END_TEST

/* A 256-bit port with 40-bit addresses (an SoC that wires 40 of the 64
 * address bits): 32-byte aligned bursts above 4 GiB are clean; one bit
 * above the width, or a 16-byte-aligned address, fails with the cycle, the
 * port, the channel, the rule, expected and actual. */
START_TEST(test_wide_port_addr_bits)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.data_bytes = 32;
    k.addr_bits = 40;
    k.require_aligned = 1;
    struct h *h = h_new_k(&k);
    ar(h, 1, 0x1234567E0ULL, 15, 5, AXI_BURST_INCR);
    aw(h, 2, 0xFFFFFFFFE0ULL, 0, 5, AXI_BURST_INCR);   /* the last beat below 2^40 */
    assert_clean(h);
    h->env.cycle = 47;
    ar(h, 3, 1ULL << 40, 0, 5, AXI_BURST_INCR);
    assert_rule(h, "AR", "address above addr_bits");
    ck_assert_str_eq(h->env.first_failure, "FAIL cycle 47: port0 AR: address above addr_bits: "
                     "expected address < 2^40, actual 0x10000000000");
    h_free(h);

    h = h_new_k(&k);
    aw(h, 1, 0x100000010ULL, 0, 5, AXI_BURST_INCR);
    assert_rule(h, "AW", "unaligned address");
    assert_has(h, "expected address aligned to 32 bytes, actual 0x100000010");
    h_free(h);
}
END_TEST

START_TEST(test_extra_request_rules)
{
    struct h *h = h_new();
    ar(h, 1, 0x1000, 0, 4, AXI_BURST_INCR);      /* 16 B beats on an 8 B bus */
    assert_rule(h, "AR", "size wider than bus");
    h_free(h);

    h = h_new();
    aw(h, 1, 0x1000, 0, 3, 3);
    assert_rule(h, "AW", "reserved burst type");
    h_free(h);

    h = h_new();
    ar(h, 1, 0x1000, 2, 3, AXI_BURST_WRAP);      /* 3 beats cannot wrap */
    assert_rule(h, "AR", "illegal wrap burst");
    h_free(h);
}
END_TEST

/* ---- response rules ----------------------------------------------------- */

START_TEST(test_id_never_requested)
{
    struct h *h = h_new();
    b(h, 5);
    assert_rule(h, "B", "response ID never requested");
    h_free(h);

    h = h_new();
    ar(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    r(h, 7, 1);
    assert_rule(h, "R", "response ID never requested");
    h_free(h);

    /* A response in the same cycle as its request is too early. */
    h = h_new();
    h->p.ar_valid = h->p.ar_ready = 1;
    h->p.ar_id = 3; h->p.ar_addr = 0x100; h->p.ar_len = 0; h->p.ar_size = 3;
    h->p.ar_burst = AXI_BURST_INCR;
    r(h, 3, 1);
    assert_rule(h, "R", "response ID never requested");
    h_free(h);
}
END_TEST

START_TEST(test_wrong_port_mode)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.mode = AXI_PORT_WRITE_ONLY;
    struct h *h = h_new_k(&k);
    h->p.r_valid = 1;           /* no ready needed: raising it is the error */
    cyc(h);
    assert_rule(h, "R", "read response to a write-only port");
    h_free(h);

    k.mode = AXI_PORT_READ_ONLY;
    h = h_new_k(&k);
    b(h, 0);
    assert_rule(h, "B", "write response to a read-only port");
    ck_assert_int_eq(h->env.failed, 1);     /* not also "ID never requested" */
    h_free(h);

    h = h_new_k(&k);
    aw(h, 0, 0x1000, 0, 3, AXI_BURST_INCR);
    assert_rule(h, "AW", "write request to a read-only port");
    h_free(h);

    k.mode = AXI_PORT_WRITE_ONLY;
    h = h_new_k(&k);
    ar(h, 0, 0x1000, 0, 3, AXI_BURST_INCR);
    assert_rule(h, "AR", "read request to a write-only port");
    h_free(h);
}
END_TEST

START_TEST(test_out_of_order)
{
    struct h *h = h_new();       /* require_in_order = 1 by default */
    ar(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    ar(h, 2, 0x2000, 0, 3, AXI_BURST_INCR);
    r(h, 2, 1);
    assert_rule(h, "R", "response out of order");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "expected id 0x1"));
    h_free(h);

    h = h_new();
    aw(h, 4, 0x1000, 0, 3, AXI_BURST_INCR);
    aw(h, 5, 0x2000, 0, 3, AXI_BURST_INCR);
    w(h, 1);
    w(h, 1);
    b(h, 5);
    assert_rule(h, "B", "response out of order");
    h_free(h);
}
END_TEST

START_TEST(test_b_before_w)
{
    struct h *h = h_new();
    aw(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    w(h, 0);
    b(h, 1);
    assert_rule(h, "B", "write response before write data complete");
    h_free(h);
}
END_TEST

START_TEST(test_final)
{
    struct h *h = h_new();
    ar(h, 1, 0x1000, 3, 3, AXI_BURST_INCR);
    r(h, 1, 0);
    ck_assert_int_eq(axi_checker_final(h->c), 1);
    assert_rule(h, "R", "read burst never answered");
    h_free(h);

    h = h_new();
    aw(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    w(h, 1);
    char buf[256];
    axi_checker_outstanding(h->c, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "1 write bursts"));
    ck_assert_int_eq(axi_checker_final(h->c), 1);
    assert_rule(h, "B", "write burst never answered");
    h_free(h);

    h = h_new();
    w(h, 0);
    w(h, 1);
    w(h, 0);
    ck_assert_int_eq(axi_checker_final(h->c), 2);
    assert_rule(h, "W", "write data without address");
    h_free(h);
}
END_TEST


/* ---- stable payload: only the lanes a beat carries ----------------------- */

START_TEST(test_stable_active_lanes_only)
{
    struct h *h = h_new();
    struct axi_pins *p = &h->p;

    /* W with WSTRB 0x0F stalled: byte 7 is not part of the beat. */
    aw(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    p->w_valid = 1; p->w_ready = 0; p->w_last = 1; p->w_strb = 0x0F;
    p->w_data[7] = 0x11; p->w_data[2] = 0x22;
    cyc(h);
    p->w_data[7] = 0x99;                /* unused lane: may change */
    cyc(h);
    p->w_data[6]++;
    p->w_data[4]++;
    cyc(h);
    assert_clean(h);
    p->w_data[2] = 0x23;                /* enabled lane: must hold */
    cyc(h);
    assert_rule(h, "W", "payload changed while stalled");
    assert_has(h, "expected data byte 2 0x22, actual 0x23");
    h_free(h);

    /* Narrow read (4-byte beats on an 8-byte bus): beat 1 carries lanes
     * 0-3, beat 2 lanes 4-7. */
    h = h_new();
    p = &h->p;
    ar(h, 3, 0x2000, 1, 2, AXI_BURST_INCR);
    p->r_valid = 1; p->r_ready = 0; p->r_id = 3; p->r_last = 0;
    cyc(h);
    p->r_data[6]++;                     /* not this beat's lane */
    cyc(h);
    assert_clean(h);
    p->r_ready = 1;
    cyc(h);                             /* beat 1 taken */
    p->r_ready = 0; p->r_last = 1;
    cyc(h);
    p->r_data[1]++;                     /* beat 2: lanes 4-7 only */
    cyc(h);
    assert_clean(h);
    p->r_data[5]++;
    cyc(h);
    assert_rule(h, "R", "payload changed while stalled");
    assert_has(h, "data byte 5");
    h_free(h);

    /* Unaligned narrow first beat: 0x3005 size 2 carries lanes 5-7 only. */
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.require_aligned = 0;
    h = h_new_k(&k);
    p = &h->p;
    ar(h, 4, 0x3005, 0, 2, AXI_BURST_INCR);
    p->r_valid = 1; p->r_ready = 0; p->r_id = 4; p->r_last = 1;
    cyc(h);
    p->r_data[4]++;
    cyc(h);
    assert_clean(h);
    p->r_data[5]++;
    cyc(h);
    assert_rule(h, "R", "payload changed while stalled");
    h_free(h);
}
END_TEST

/* ---- WSTRB only on the beat's lanes ------------------------------------ */

START_TEST(test_wstrb_outside_lanes)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.require_aligned = 0;          /* narrow beats at any address */
    struct h *h = h_new_k(&k);

    /* Legal narrow INCR, WRAP and FIXED bursts stay silent. */
    aw(h, 1, 0x1000, 1, 2, AXI_BURST_INCR);
    ws(h, 0, 0x0F);
    ws(h, 1, 0xF0);
    aw(h, 1, 0x1008, 3, 2, AXI_BURST_WRAP);     /* 0x1008, 0x100C, 0x1000, 0x1004 */
    ws(h, 0, 0x0F);
    ws(h, 0, 0xF0);
    ws(h, 0, 0x03);                             /* fewer lanes is always fine */
    ws(h, 1, 0xF0);
    aw(h, 1, 0x1004, 2, 2, AXI_BURST_FIXED);
    ws(h, 0, 0xF0);
    ws(h, 0, 0xF0);
    ws(h, 1, 0x00);
    /* Strobe bits beyond the bus are not lanes at all. */
    aw(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    ws(h, 1, 0xFF | 1ULL << 40);
    assert_clean(h);
    /* INCR beat 2 must use lanes 4-7. */
    aw(h, 2, 0x2000, 1, 2, AXI_BURST_INCR);
    ws(h, 0, 0x0F);
    ws(h, 1, 0x0F);
    assert_rule(h, "W", "wstrb outside active lanes");
    assert_has(h, "expected WSTRB within 0xf0 (beat 2/2 of id 0x2 addr 0x2000 size 2 INCR), "
                  "actual 0xf");
    h_free(h);

    /* FIXED: every beat on the first beat's lanes. */
    h = h_new_k(&k);
    aw(h, 1, 0x1004, 2, 2, AXI_BURST_FIXED);
    ws(h, 0, 0xF0);
    ws(h, 0, 0xF0);
    assert_clean(h);
    ws(h, 1, 0xFF);
    assert_rule(h, "W", "wstrb outside active lanes");
    assert_has(h, "beat 3/3");
    h_free(h);

    /* Unaligned first beat: 0x1005 size 2 has lanes 5-7; then 0x1008 0-3. */
    h = h_new_k(&k);
    aw(h, 1, 0x1005, 1, 2, AXI_BURST_INCR);
    ws(h, 0, 0xE0);
    ws(h, 1, 0x0F);
    assert_clean(h);
    aw(h, 1, 0x1005, 0, 2, AXI_BURST_INCR);
    ws(h, 1, 0xF0);
    assert_rule(h, "W", "wstrb outside active lanes");
    assert_has(h, "expected WSTRB within 0xe0 (beat 1/1");
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);

    /* W ahead of its AW: judged when the AW arrives, once per burst. */
    h = h_new();
    ws(h, 0, 0x0F);
    ws(h, 1, 0xF0);
    aw(h, 1, 0x1000, 1, 2, AXI_BURST_INCR);
    assert_clean(h);
    ws(h, 0, 0xFF);
    ws(h, 1, 0xFF);
    assert_clean(h);
    aw(h, 2, 0x2000, 1, 2, AXI_BURST_INCR);
    assert_rule(h, "W", "wstrb outside active lanes");
    assert_has(h, "beat 1/2 of id 0x2");
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);

    /* Part of a burst ahead of its AW, the rest after it. */
    h = h_new();
    ws(h, 0, 0x0F);
    aw(h, 1, 0x1000, 2, 2, AXI_BURST_INCR);
    ws(h, 0, 0xF0);
    ws(h, 1, 0x0F);
    assert_clean(h);
    ws(h, 0, 0xF0);                              /* beat 1 of the next burst */
    aw(h, 2, 0x2000, 1, 2, AXI_BURST_INCR);
    assert_rule(h, "W", "wstrb outside active lanes");
    assert_has(h, "beat 1/2 of id 0x2");
    ws(h, 1, 0x0F);                              /* same burst: not reported twice */
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

/* ---- FIXED bursts of at most 16 beats ----------------------------------- */

START_TEST(test_fixed_longer_than_16)
{
    struct h *h = h_new();
    ar(h, 1, 0x1000, 15, 3, AXI_BURST_FIXED);
    aw(h, 1, 0x1000, 15, 3, AXI_BURST_FIXED);
    assert_clean(h);
    ar(h, 1, 0x1000, 16, 3, AXI_BURST_FIXED);
    assert_rule(h, "AR", "fixed burst longer than 16");
    assert_has(h, "actual len 16 (17 beats)");
    h_free(h);

    h = h_new();
    aw(h, 1, 0x1000, 255, 3, AXI_BURST_FIXED);
    assert_rule(h, "AW", "fixed burst longer than 16");
    h_free(h);
}
END_TEST

/* ---- EXOKAY only for exclusive accesses --------------------------------- */

START_TEST(test_exokay)
{
    struct h *h = h_new();
    struct axi_pins *p = &h->p;

    /* Exclusive read and write: EXOKAY is the success answer. */
    p->ar_lock = 1;
    ar(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    p->ar_lock = 0;
    rr(h, 1, 0, AXI_RESP_EXOKAY);
    rr(h, 1, 1, AXI_RESP_EXOKAY);
    p->aw_lock = 1;
    aw(h, 2, 0x2000, 0, 3, AXI_BURST_INCR);
    p->aw_lock = 0;
    w(h, 1);
    br(h, 2, AXI_RESP_EXOKAY);
    /* A normal access may get OKAY, SLVERR or DECERR. */
    ar(h, 1, 0x1000, 0, 3, AXI_BURST_INCR);
    rr(h, 1, 1, AXI_RESP_SLVERR);
    assert_clean(h);
    /* EXOKAY for a normal read: once per burst, not per beat. */
    ar(h, 3, 0x3000, 1, 3, AXI_BURST_INCR);
    rr(h, 3, 0, AXI_RESP_EXOKAY);
    rr(h, 3, 1, AXI_RESP_EXOKAY);
    assert_rule(h, "R", "exokay without exclusive access");
    assert_has(h, "read id 0x3 addr 0x3000, actual EXOKAY on beat 1");
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);

    h = h_new();
    aw(h, 4, 0x4000, 0, 3, AXI_BURST_INCR);
    w(h, 1);
    br(h, 4, AXI_RESP_EXOKAY);
    assert_rule(h, "B", "exokay without exclusive access");
    assert_has(h, "write id 0x4 addr 0x4000");
    h_free(h);
}
END_TEST

/* ---- reset -------------------------------------------------------------- */

START_TEST(test_valid_during_reset)
{
    static const char *names[5] = { "AW", "W", "AR", "R", "B" };
    int ch = _i;
    struct h *h = h_new();
    uint8_t *valid[5] = { &h->p.aw_valid, &h->p.w_valid, &h->p.ar_valid,
                          &h->p.r_valid, &h->p.b_valid };

    /* All low in reset, ready toggling: fine. */
    h->p.aw_ready = h->p.w_ready = h->p.ar_ready = 1;
    axi_checker_sample_reset(h->c);
    h->env.cycle++;
    assert_clean(h);
    *valid[ch] = 1;
    axi_checker_sample_reset(h->c);
    h->env.cycle++;
    axi_checker_sample_reset(h->c);     /* once per channel and reset */
    h->env.cycle++;
    assert_rule(h, names[ch], "valid during reset");
    ck_assert_int_eq(h->env.failed, 1);
    assert_has(h, "FAIL cycle 2:");
    assert_has(h, ch == 3 || ch == 4 ? "(driven by the subordinate)" : "(driven by the manager)");
    h_free(h);
}
END_TEST

START_TEST(test_reset_forgets)
{
    struct h *h = h_new();
    struct axi_pins *p = &h->p;

    /* Bursts in flight when reset comes are abandoned, and a stall cut by
     * reset is not "valid dropped before ready". */
    ar(h, 1, 0x1000, 3, 3, AXI_BURST_INCR);
    aw(h, 2, 0x2000, 1, 3, AXI_BURST_INCR);
    w(h, 0);
    p->ar_valid = 1; p->ar_ready = 0; p->ar_id = 5; p->ar_addr = 0x5000;
    cyc(h);
    p->ar_valid = 0;
    axi_checker_sample_reset(h->c);
    h->env.cycle++;
    cyc(h);
    assert_clean(h);
    ck_assert_int_eq(axi_checker_final(h->c), 0);
    /* Fresh traffic after reset is matched from scratch. */
    aw(h, 3, 0x3000, 0, 3, AXI_BURST_INCR);
    w(h, 1);
    b(h, 3);
    assert_clean(h);
    /* A second reset reports its own violations again. */
    p->aw_valid = 1;
    axi_checker_sample_reset(h->c);
    assert_rule(h, "AW", "valid during reset");
    p->aw_valid = 0;
    h_free(h);
}
END_TEST

/* ---- bounded waits ------------------------------------------------------- */

/* A checker with max_wait 3 and channel ch stalled from the next cycle on
 * (valid 1, ready 0), with the request W, R or B belongs to. */
static struct h *stalled_on(int ch)
{
    struct h *h = h_new_wait(3);
    struct axi_pins *p = &h->p;
    uint8_t *valid[5] = { &p->aw_valid, &p->w_valid, &p->ar_valid, &p->r_valid, &p->b_valid };
    uint8_t *ready[5] = { &p->aw_ready, &p->w_ready, &p->ar_ready, &p->r_ready, &p->b_ready };

    if (ch == 1 || ch == 4)
        aw(h, 2, 0x2000, 1, 3, AXI_BURST_INCR);
    if (ch == 3)
        ar(h, 1, 0x3000, 1, 3, AXI_BURST_INCR);
    if (ch == 4) {
        w(h, 0);
        w(h, 1);
    }
    p->aw_id = p->ar_id = 5;
    p->aw_addr = p->ar_addr = 0x1000;
    p->aw_len = p->ar_len = 0;
    p->aw_size = p->ar_size = 3;
    p->r_id = 1;
    p->b_id = 2;
    p->w_strb = 0xFF;
    p->w_last = 0;
    p->r_last = 0;
    *valid[ch] = 1;
    *ready[ch] = 0;
    return h;
}

START_TEST(test_ready_wait)
{
    static const char *names[5] = { "AW", "W", "AR", "R", "B" };
    static const char *what[5] = { "expected AWREADY within 3 cycles of AWVALID (id 0x5 addr 0x1000)",
                                   "expected WREADY within 3 cycles of WVALID (beat 1 of id 0x2 addr 0x2000)",
                                   "expected ARREADY within 3 cycles of ARVALID (id 0x5 addr 0x1000)",
                                   "expected RREADY within 3 cycles of RVALID (id 0x1 addr 0x3000)",
                                   "expected BREADY within 3 cycles of BVALID (id 0x2 addr 0x2000)" };
    int ch = _i;
    struct h *h = stalled_on(ch);
    uint8_t *ready[5] = { &h->p.aw_ready, &h->p.w_ready, &h->p.ar_ready, &h->p.r_ready,
                          &h->p.b_ready };

    /* Just under: 3 cycles stalled, then ready. */
    idle(h, 3);
    *ready[ch] = 1;
    cyc(h);
    assert_clean(h);
    h_free(h);

    /* Just over: a 4th stalled cycle fails, once. */
    h = stalled_on(ch);
    idle(h, 3);
    assert_clean(h);
    uint64_t at = h->env.cycle;
    cyc(h);
    assert_rule(h, names[ch], "ready not given within max_wait cycles");
    assert_has(h, what[ch]);
    assert_has(h, "actual still low after 4 cycles");
    char want[32];
    snprintf(want, sizeof want, "FAIL cycle %llu:", (unsigned long long)at);
    assert_has(h, want);
    idle(h, 10);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);

    /* Off by default. */
    h = h_new();
    uint8_t *valid[5] = { &h->p.aw_valid, &h->p.w_valid, &h->p.ar_valid, &h->p.r_valid,
                          &h->p.b_valid };
    *valid[ch] = 1;
    idle(h, 1000);
    assert_clean(h);
    h_free(h);
}
END_TEST

START_TEST(test_ready_wait_w_before_aw)
{
    struct h *h = h_new_wait(2);
    h->p.w_valid = 1;
    h->p.w_strb = 0xFF;
    idle(h, 3);
    assert_rule(h, "W", "ready not given within max_wait cycles");
    assert_has(h, "(beat 1, its AW not yet seen)");
    h_free(h);
}
END_TEST

START_TEST(test_no_response_read)
{
    struct h *h = h_new_wait(5);
    struct axi_pins *p = &h->p;

    /* Just under: the last beat 5 cycles after the AR. */
    ar(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    idle(h, 3);
    r(h, 1, 0);
    r(h, 1, 1);
    assert_clean(h);
    /* Cycles in which RREADY holds R off do not count: 8 cycles in all,
     * 4 of them held off by the manager. */
    ar(h, 1, 0x1040, 0, 3, AXI_BURST_INCR);
    idle(h, 3);
    p->r_valid = 1; p->r_ready = 0; p->r_id = 1; p->r_last = 1;
    idle(h, 4);
    p->r_ready = 1;
    cyc(h);
    p->r_valid = 0;
    assert_clean(h);
    /* Just over: nothing 6 cycles after the AR. Two bursts late, each
     * reported once. */
    ar(h, 7, 0x2000, 3, 3, AXI_BURST_INCR);
    ar(h, 8, 0x3000, 0, 3, AXI_BURST_INCR);
    r(h, 7, 0);
    idle(h, 3);
    assert_clean(h);
    cyc(h);                      /* 6 cycles after the first AR */
    assert_rule(h, "R", "no response within max_wait cycles");
    assert_has(h, "expected all 4 R beats of id 0x7 addr 0x2000 within 5 cycles of its AR, "
                  "actual 1 beats after 6 cycles");
    ck_assert_int_eq(h->env.failed, 1);
    cyc(h);
    ck_assert_int_eq(h->env.failed, 2);     /* the second burst */
    idle(h, 20);
    ck_assert_int_eq(h->env.failed, 2);
    h_free(h);
}
END_TEST

START_TEST(test_no_response_write)
{
    struct h *h = h_new_wait(5);
    struct axi_pins *p = &h->p;

    /* W data late: the B is owed from the last W beat, not the AW. */
    aw(h, 1, 0x1000, 1, 3, AXI_BURST_INCR);
    idle(h, 10);
    w(h, 0);
    w(h, 1);
    idle(h, 4);
    b(h, 1);
    assert_clean(h);
    /* W ahead of the AW: owed from the AW; B held off by BREADY not counted. */
    w(h, 1);
    idle(h, 10);
    aw(h, 2, 0x2000, 0, 3, AXI_BURST_INCR);
    idle(h, 2);
    p->b_valid = 1; p->b_ready = 0; p->b_id = 2;
    idle(h, 5);
    p->b_ready = 1;
    cyc(h);
    p->b_valid = 0;
    assert_clean(h);
    /* Just over: no B 6 cycles after the last W beat. */
    aw(h, 3, 0x3000, 0, 3, AXI_BURST_INCR);
    w(h, 1);
    idle(h, 5);
    assert_clean(h);
    cyc(h);
    assert_rule(h, "B", "no response within max_wait cycles");
    assert_has(h, "expected B of id 0x3 addr 0x3000 within 5 cycles of its AW and last W beat, "
                  "actual none after 6 cycles");
    idle(h, 10);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

/* ---- legal traffic stays silent ---------------------------------------- */

START_TEST(test_clean_sequence)
{
    struct axi_checker_knobs k;
    axi_checker_knobs_default(&k);
    k.data_bytes = 16;
    k.require_in_order = 0;
    struct h *h = h_new_k(&k);
    struct axi_pins *p = &h->p;

    /* AW stalled two cycles with a stable payload, ready before valid. */
    p->aw_ready = 1;
    cyc(h);
    p->aw_ready = 0;
    p->aw_valid = 1; p->aw_id = 1; p->aw_addr = 0x1000; p->aw_len = 1;
    p->aw_size = 4; p->aw_burst = AXI_BURST_INCR;
    /* W data already running ahead of its AW. */
    p->w_valid = 1; p->w_ready = 1; p->w_last = 0; p->w_strb = 0xFFFF;
    cyc(h);
    p->w_last = 1;
    p->w_ready = 0;
    cyc(h);                      /* W stalled: held */
    p->w_ready = 1;
    p->aw_ready = 1;
    cyc(h);                      /* AW and last W together */
    p->aw_valid = 0;
    p->w_valid = 0;
    /* Second write on another ID, AW first. */
    aw(h, 2, 0x2000, 0, 4, AXI_BURST_INCR);
    w(h, 1);
    /* B reordered across IDs is fine with require_in_order = 0; stalled B. */
    p->b_valid = 1; p->b_id = 2; p->b_ready = 0;
    cyc(h);
    p->b_ready = 1;
    cyc(h);
    p->b_valid = 0;
    b(h, 1);

    /* Reads: two IDs, beats interleaved (AXI4 allows it across IDs),
     * a WRAP burst and a FIXED burst. */
    ar(h, 7, 0x3000, 1, 4, AXI_BURST_INCR);
    ar(h, 8, 0x4020, 3, 4, AXI_BURST_WRAP);
    ar(h, 7, 0x5000, 2, 4, AXI_BURST_FIXED);
    r(h, 8, 0);
    r(h, 7, 0);
    p->r_valid = 1; p->r_ready = 0; p->r_id = 8; p->r_last = 0;
    cyc(h);                      /* R stalled */
    p->r_ready = 1;
    cyc(h);
    p->r_valid = 0;
    r(h, 7, 1);                  /* first ID 7 burst done */
    r(h, 8, 0);
    r(h, 8, 1);
    r(h, 7, 0);
    r(h, 7, 0);
    r(h, 7, 1);
    /* Same ID, same address twice; full 4 KB INCR burst. */
    ar(h, 9, 0x6000, 255, 4, AXI_BURST_INCR);
    for (int i = 0; i < 256; i++)
        r(h, 9, i == 255);
    assert_clean(h);
    ck_assert_int_eq(axi_checker_final(h->c), 0);
    assert_clean(h);
    h_free(h);
    axi_checker_destroy(NULL);
}
END_TEST

START_TEST(test_clean_in_order_many)
{
    struct h *h = h_new();
    /* Many outstanding with reused IDs, answered in order. */
    for (uint32_t i = 0; i < 1000; i++)
        ar(h, i % 3, 0x10000 + i * 8, 0, 3, AXI_BURST_INCR);
    for (uint32_t i = 0; i < 1000; i++)
        r(h, i % 3, 1);
    for (uint32_t i = 0; i < 500; i++) {
        aw(h, i % 7, 0x20000 + i * 16, 1, 3, AXI_BURST_INCR);
        w(h, 0);
        w(h, 1);
    }
    for (uint32_t i = 0; i < 500; i++)
        b(h, i % 7);
    assert_clean(h);
    ck_assert_int_eq(axi_checker_final(h->c), 0);
    h_free(h);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("axi_checker");
    TCase *tc = tcase_create("rules");
    tcase_add_loop_test(tc, test_valid_dropped, 0, 5);
    tcase_add_loop_test(tc, test_payload_changed, 0, 14);
    tcase_add_test(tc, test_stable_active_lanes_only);
    tcase_add_test(tc, test_wstrb_outside_lanes);
    tcase_add_test(tc, test_fixed_longer_than_16);
    tcase_add_test(tc, test_exokay);
    tcase_add_loop_test(tc, test_valid_during_reset, 0, 5);
    tcase_add_test(tc, test_reset_forgets);
    tcase_add_loop_test(tc, test_ready_wait, 0, 5);
    tcase_add_test(tc, test_ready_wait_w_before_aw);
    tcase_add_test(tc, test_no_response_read);
    tcase_add_test(tc, test_no_response_write);
    tcase_add_test(tc, test_wlast_early);
    tcase_add_test(tc, test_wlast_missing);
    tcase_add_test(tc, test_wlast_w_before_aw);
    tcase_add_test(tc, test_wlast_partial_before_aw);
    tcase_add_test(tc, test_rlast_mismatch);
    tcase_add_test(tc, test_4k_crossing);
    tcase_add_test(tc, test_unaligned);
    tcase_add_test(tc, test_addr_bits);
    tcase_add_test(tc, test_wide_port_addr_bits);
    tcase_add_test(tc, test_extra_request_rules);
    tcase_add_test(tc, test_id_never_requested);
    tcase_add_test(tc, test_wrong_port_mode);
    tcase_add_test(tc, test_out_of_order);
    tcase_add_test(tc, test_b_before_w);
    tcase_add_test(tc, test_final);
    suite_add_tcase(s, tc);
    tc = tcase_create("clean");
    tcase_add_test(tc, test_clean_sequence);
    tcase_add_test(tc, test_clean_in_order_many);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
