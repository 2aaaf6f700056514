/* Unit tests of the NVDLA configuration table (sim/nvdla_config, generated
 * from scripts/gen/regdefs/nvdla_configs.csv): hand-written facts of nv_small and
 * nv_large from the public spec/defs/<config>.spec, lookups by name, feature
 * names and the name list for messages. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_config.h"

static const char *const public_names[] = {
    "nv_small", "nv_small_256", "nv_small_256_full",
    "nv_medium_512", "nv_medium_1024_full", "nv_large",
};
#define N_PUBLIC (sizeof public_names / sizeof public_names[0])

START_TEST(nv_small_facts)
{
    const struct nvdla_config *c = nvdla_config_find("nv_small");
    ck_assert_ptr_nonnull(c);
    ck_assert_str_eq(c->name, "nv_small");
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_BS), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_BN), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_EW), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_LUT), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SECONDARY_MEMIF), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_PDP), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_CDP), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_BDMA), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_RUBIK), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_WINOGRAD), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_INT16), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_FP16), 0);
    ck_assert_uint_eq(c->atomic_c, 8);
    ck_assert_uint_eq(c->atomic_k, 8);
    ck_assert_uint_eq(c->memory_atomic_size, 8);
    ck_assert_uint_eq(c->max_batch_size, 0);          /* unset */
    ck_assert_uint_eq(c->cbuf_bank_number, 32);
    ck_assert_uint_eq(c->cbuf_bank_width, 8);
    ck_assert_uint_eq(c->cbuf_bank_depth, 512);
    ck_assert_uint_eq(c->sdp_ew_throughput, 0);       /* unset */
    ck_assert_uint_eq(c->primary_memif_width, 64);    /* 64-bit DBBIF */
    ck_assert_uint_eq(c->primary_memif_latency, 64);
    ck_assert_uint_eq(c->primary_memif_max_burst_length, 1);
    ck_assert_uint_eq(c->secondary_memif_width, 0);   /* no SRAMIF */
    ck_assert_uint_eq(c->secondary_memif_latency, 0);
    ck_assert_uint_eq(c->mem_address_width, 32);
    ck_assert_uint_eq(c->num_dma_read_clients, 7);
    ck_assert_uint_eq(c->num_dma_write_clients, 3);
}
END_TEST

START_TEST(nv_large_facts)
{
    const struct nvdla_config *c = nvdla_config_find("nv_large");
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_EW), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SDP_LUT), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_SECONDARY_MEMIF), 1);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_BATCH), 0);
    ck_assert_int_eq(nvdla_config_has(c, NVDLA_FEAT_WINOGRAD), 0);
    ck_assert_uint_eq(c->atomic_c, 64);
    ck_assert_uint_eq(c->atomic_k, 32);
    ck_assert_uint_eq(c->memory_atomic_size, 32);
    ck_assert_uint_eq(c->max_batch_size, 32);
    ck_assert_uint_eq(c->cbuf_bank_number, 16);
    ck_assert_uint_eq(c->cbuf_bank_width, 64);
    ck_assert_uint_eq(c->cbuf_bank_depth, 512);
    ck_assert_uint_eq(c->sdp_bs_throughput, 16);
    ck_assert_uint_eq(c->sdp_ew_throughput, 4);
    ck_assert_uint_eq(c->pdp_throughput, 8);
    ck_assert_uint_eq(c->primary_memif_width, 256);
    ck_assert_uint_eq(c->secondary_memif_width, 256);  /* 256-bit SRAMIF */
    ck_assert_uint_eq(c->secondary_memif_latency, 1024);
    ck_assert_uint_eq(c->secondary_memif_max_burst_length, 1);
    ck_assert_uint_eq(c->mem_address_width, 64);
    ck_assert_uint_eq(c->num_dma_read_clients, 8);
}
END_TEST

START_TEST(middle_configs)
{
    const struct nvdla_config *full = nvdla_config_find("nv_small_256_full");
    const struct nvdla_config *med = nvdla_config_find("nv_medium_512");
    ck_assert_ptr_nonnull(full);
    ck_assert_ptr_nonnull(med);
    /* the "_full" variant adds EW, LUT and a 64-bit SRAMIF to nv_small_256 */
    ck_assert_int_eq(nvdla_config_has(full, NVDLA_FEAT_SDP_EW), 1);
    ck_assert_uint_eq(full->secondary_memif_width, 64);
    ck_assert_uint_eq(full->atomic_c, 32);
    ck_assert_uint_eq(full->cbuf_bank_depth, 128);
    ck_assert_int_eq(nvdla_config_has(med, NVDLA_FEAT_SECONDARY_MEMIF), 0);
    ck_assert_uint_eq(med->atomic_k, 16);
    ck_assert_uint_eq(med->memory_atomic_size, 16);
    ck_assert_uint_eq(med->primary_memif_width, 128);
    ck_assert_uint_eq(med->mem_address_width, 64);
}
END_TEST

START_TEST(lookup)
{
    ck_assert_uint_eq(nvdla_config_count, N_PUBLIC);
    for (unsigned i = 0; i < N_PUBLIC; i++) {
        const struct nvdla_config *c = nvdla_config_find(public_names[i]);
        ck_assert_msg(c != NULL, "config %s not found", public_names[i]);
        ck_assert_str_eq(c->name, public_names[i]);
    }
    for (unsigned i = 0; i < nvdla_config_count; i++)
        ck_assert_ptr_eq(nvdla_config_find(nvdla_configs[i].name), &nvdla_configs[i]);
    ck_assert_ptr_null(nvdla_config_find("nv_full"));
    ck_assert_ptr_null(nvdla_config_find("NV_SMALL"));
    ck_assert_ptr_null(nvdla_config_find("nv_small "));
    ck_assert_ptr_null(nvdla_config_find(""));
    ck_assert_ptr_null(nvdla_config_find(NULL));
    ck_assert_str_eq(nvdla_config_default_name(), "nv_small");
    ck_assert_ptr_nonnull(nvdla_config_find(nvdla_config_default_name()));
}
END_TEST

START_TEST(feature_names)
{
    ck_assert_str_eq(nvdla_feature_name(NVDLA_FEAT_SDP_EW), "SDP EW");
    ck_assert_str_eq(nvdla_feature_name(NVDLA_FEAT_SDP_LUT), "SDP LUT");
    ck_assert_str_eq(nvdla_feature_name(NVDLA_FEAT_SECONDARY_MEMIF), "SRAMIF");
    ck_assert_str_eq(nvdla_feature_name(NVDLA_FEAT_INT16), "INT16 data");
    for (int i = 0; i < NVDLA_FEAT_COUNT; i++) {
        const char *a = nvdla_feature_name((enum nvdla_feature)i);
        ck_assert_ptr_nonnull(a);
        ck_assert_msg(a[0] != '\0', "feature %d has an empty name", i);
        for (int j = 0; j < i; j++)
            ck_assert_msg(strcmp(a, nvdla_feature_name((enum nvdla_feature)j)) != 0,
                          "features %d and %d are both called \"%s\"", j, i, a);
    }
    ck_assert_ptr_nonnull(nvdla_feature_name(NVDLA_FEAT_COUNT));
    /* out of range: never present */
    ck_assert_int_eq(nvdla_config_has(nvdla_config_find("nv_large"), NVDLA_FEAT_COUNT), 0);
    ck_assert_int_eq(nvdla_config_has(NULL, NVDLA_FEAT_PDP), 0);
}
END_TEST

START_TEST(names_for_messages)
{
    char buf[256], small[12];
    nvdla_config_names(buf, sizeof buf);
    ck_assert_str_eq(buf, "nv_small, nv_small_256, nv_small_256_full, nv_medium_512, "
                          "nv_medium_1024_full, nv_large");
    memset(small, 'Z', sizeof small);
    nvdla_config_names(small, sizeof small);
    ck_assert_str_eq(small, "nv_small, n");             /* cut short, terminated */
    memset(small, 'Z', sizeof small);
    nvdla_config_names(small, 1);
    ck_assert_int_eq(small[0], '\0');
    ck_assert_int_eq(small[1], 'Z');
    nvdla_config_names(small, 0);                       /* writes nothing */
    ck_assert_int_eq(small[1], 'Z');
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nvdla_config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, nv_small_facts);
    tcase_add_test(tc, nv_large_facts);
    tcase_add_test(tc, middle_configs);
    tcase_add_test(tc, lookup);
    tcase_add_test(tc, feature_names);
    tcase_add_test(tc, names_for_messages);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
