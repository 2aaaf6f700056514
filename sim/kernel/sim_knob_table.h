/* sim_knob_table: the simulator's options as data. One entry per option of
 * scripts/gen/regdefs/knobs.csv; generated/sim_knob_table.c is generated from it by
 * scripts/gen/gen_knobs.py (make knobs). sim_knobs.c parses, defaults, prints
 * the knob line and the reproduce line by walking this table. */
#ifndef SIM_KNOB_TABLE_H
#define SIM_KNOB_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* How an option's argument is read and stored. */
enum sim_knob_arg {
    SIM_KNOB_UINT,     /* decimal digits in lo..hi; an unsigned or uint64_t member */
    SIM_KNOB_RANGE,    /* MIN[:MAX], each in lo..hi; two unsigned members */
    SIM_KNOB_BOOL,     /* 0 or 1; an int member */
    SIM_KNOB_ENUM,     /* one of choices; the int member holds its index */
    SIM_KNOB_CHOICE,   /* one of choices; the const char * member holds the text */
    SIM_KNOB_BYTES,    /* digits with K|M|G or none; a uint64_t member */
    SIM_KNOB_NS,       /* nanoseconds, up to 3 decimals; a uint64_t member in picoseconds */
    SIM_KNOB_STRING,   /* any text; a const char * member */
    SIM_KNOB_CONFIG,   /* a configuration name (the family checks it); a const char * member */
    SIM_KNOB_WAVES,    /* the dump's path (WAVES=1|gz|fst on make's side) */
    SIM_KNOB_PLUSARG,  /* +name[=value], one word each */
    SIM_KNOB_FLAG,     /* no argument: the int member becomes 1 */
    SIM_KNOB_COUNT,    /* no argument: the int member counts */
    SIM_KNOB_HELP      /* no argument: --help */
};

/* When the knob line or the reproduce line names an option. */
enum sim_knob_when {
    SIM_KNOB_NEVER,
    SIM_KNOB_ALWAYS,
    SIM_KNOB_SET,              /* non-zero, non-NULL */
    SIM_KNOB_DIFFERS,          /* differs from sim_knobs_default's */
    SIM_KNOB_GIVEN,            /* its given member is set */
    SIM_KNOB_GIVEN_OR_DIFFERS,
    SIM_KNOB_WAVES_DIFFERS     /* differs, and waves are on */
};

struct sim_knob {
    const char *make;          /* the make variable, NULL for an option only */
    const char *option;        /* "--axi-stall"; "+" for the plusargs */
    const char *alias;         /* a second spelling ("-v"), or NULL */
    enum sim_knob_arg arg;
    uint64_t lo, hi;           /* UINT, RANGE: the accepted values */
    const char *choices;       /* ENUM, CHOICE: "error|warn" */
    const char *what;          /* what a value must be: "a decimal number" */
    const char *def;           /* the default, read as if given (NULL: zero) */
    size_t field, field_max;   /* offsetof in struct sim_knobs; RANGE: MAX's */
    unsigned size;             /* sizeof the member */
    int has_given;
    size_t given;              /* offsetof the int set when the option is given */
    const char *line;          /* the key on the knob line, NULL: not there */
    enum sim_knob_when line_when;
    enum sim_knob_when repro;  /* the reproduce line, by the make name */
    /* The runs it means something on (knobs.csv's applies: alternatives
     * joined by " or ", each of words that must all hold: a family, a
     * family/test, rtl, twin, traces, sequences), NULL: every run; why: the
     * reason a refusal gives. */
    const char *applies, *why;
};

extern const struct sim_knob sim_knob_table[];
extern const unsigned sim_knob_count;
/* indices into sim_knob_table in the knob line's order, sim_knob_line_count of them */
extern const unsigned char sim_knob_line_order[];
extern const unsigned sim_knob_line_count;
/* --help's option lines */
extern const char sim_knob_help[];

#endif
