/* main_family: see main_family.h. */
#include <string.h>
#include "main_family.h"

const struct main_family *const main_families[] = { &copyeng_main_family, &ethosu_main_family, &nvdla_main_family };
const unsigned main_family_count = sizeof main_families / sizeof main_families[0];

const struct main_family *main_family_of(const char *test)
{
    for (unsigned i = 0; i < main_family_count; i++) {
        const char *p = main_families[i]->prefix;
        if (*p && test && !strncmp(test, p, strlen(p)))
            return main_families[i];
    }
    return main_families[main_family_count - 1];
}
