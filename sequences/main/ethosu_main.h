/* ethosu_main: the Ethos-U65 half of the simulator's command line: runs
 * one ethosu/<name> sequence on the twin or the Verilated ethosu65 top and
 * reports like the NVDLA side (seed, knobs, PASS/FAIL, reproduce line). */
#ifndef ETHOSU_MAIN_H
#define ETHOSU_MAIN_H

#include "sim_knobs.h"

int ethosu_main(struct sim_knobs *k);
void ethosu_list_tests(void);

#endif
