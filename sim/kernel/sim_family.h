/* sim_family: an accelerator family (NVDLA, Ethos-U65, ...) as the
 * family-neutral kernel, TLM wrappers and main see it: its port table
 * (where the register port, the AXI managers, the reset and interrupt pins
 * live in its pin struct) and hooks for what only it has. Each family room
 * defines one entry (sim/nvdla/nvdla_family.h, sim/ethosu/ethosu_family.h),
 * so nothing below the family rooms includes a family's register map,
 * configuration or pins; docs/families.md adds one. */
#ifndef SIM_FAMILY_H
#define SIM_FAMILY_H

#include <stddef.h>
#include <stdint.h>
#include "bfm_env.h"
#include "fault_inject.h"
#include "sim_knobs.h"
#include "sim_reg_bus.h"

#define SIM_MAX_AXI 4

struct sim;
struct fault_inject;

/* One AXI manager port of the DUT: the kernel puts a memory BFM (axi_mem
 * over its own sparse_mem) and an axi_checker on it. */
struct sim_axi_port {
    const char *name;           /* "dbb", "m0": BFM name in logs and reports */
    size_t pins;                /* offsetof its struct axi_pins in the family's pins */
    uint64_t seed;              /* xor'd into the run's seed: a random stream of its own */
    /* 0: always there, dut->data_bytes wide. 1: NVDLA's second port
     * (SRAMIF): there when dut->has_sramif, dut->sram_data_bytes wide (0:
     * data_bytes). */
    int secondary;
};

struct sim_family {
    const char *name;                   /* "nvdla", "ethosu" */
    size_t pins_size;                   /* sizeof its pin struct */
    /* register port */
    enum sim_reg_bus_kind reg_bus;      /* CSB or APB */
    const char *reg_name;               /* "csb", "apb" */
    size_t reg_pins;                    /* offsetof its struct csb_pins / apb_pins */
    uint64_t reg_seed;                  /* xor'd into the run's seed */
    bfm_reg_describe_fn reg_describe;   /* names registers in the VERBOSE log */
    /* AXI managers, in the order they are driven, sampled and reported */
    struct sim_axi_port axi[SIM_MAX_AXI];
    unsigned n_axi;
    /* reset (active low: held at 0 for RESET_CYCLES) and interrupt pins */
    size_t reset_pin;                   /* offsetof its uint8_t */
    size_t irq_pin;                     /* offsetof its uint8_t */
    const char *irq_name;               /* "dla_intr", "IRQ": in the outstanding report */
    /* the memories refuse writes beyond MEM_LIMIT and the run fails then */
    int mem_limit;
    /* fault injection (fault_inject.h): the family's faults on its ports; NULL: none (INJECT refused) */
    const struct fault_table *faults;
    /* what it adds to the knobs (sim_knobs.h): its name for knobs.csv's
     * applies column and its hooks on the knobs (never NULL) */
    const struct sim_knobs_family *knobs;
    /* Hooks, each may be NULL: state of the family's own (s->ext) made and
     * freed; sample() after the register bus each cycle out of reset (a
     * monitor of a family-only port). */
    int (*init)(struct sim *s, char *errbuf, unsigned errlen);
    void (*sample)(struct sim *s);
    void (*free)(struct sim *s);
};

#endif
