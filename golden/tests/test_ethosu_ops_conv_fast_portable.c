/* The tests of test_ethosu_ops_conv_fast.c on the plain-C multiply-adds of
 * ethosu_ops_conv_fast.c (ETHOSU_CONV_PORTABLE): the path a machine
 * without SSE2 takes, built here beside the SSE2 one so both stay checked. */
#define ETHOSU_CONV_PORTABLE 1
#include "../ethosu/ethosu_ops_conv_fast.c"
#include "test_ethosu_ops_conv_fast.c"
