/* nvdla_knobs: see nvdla_knobs.h. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "nvdla_config.h"
#include "nvdla_knobs.h"

/* The configuration a folder name gives: the name itself, exactly. */
static const struct nvdla_config *config_named(const char *dir, size_t n)
{
    char name[64];
    if (!n || n >= sizeof name)
        return NULL;
    memcpy(name, dir, n);
    name[n] = 0;
    return nvdla_config_find(name);
}

/* p made absolute (from the working directory) with "." and ".."
 * components resolved by name. */
static void absolute_path(const char *p, char *out, size_t len)
{
    char in[4096] = "";
    if (p[0] != '/' && !getcwd(in, sizeof in))
        in[0] = 0;
    size_t il = strlen(in);
    snprintf(in + il, sizeof in - il, "/%s", p);
    size_t n = 0;
    out[0] = 0;
    for (char *save = NULL, *c = strtok_r(in, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (!strcmp(c, "."))
            continue;
        if (!strcmp(c, "..")) {
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;        /* the slash before the dropped component */
            out[n] = 0;
            continue;
        }
        int w = snprintf(out + n, n < len ? len - n : 0, "/%s", c);
        if (w < 0 || n + (size_t)w >= len)
            break;
        n += (size_t)w;
    }
    if (!n)
        snprintf(out, len, "/");
}

void nvdla_knobs_config_from_trace(struct sim_knobs *k)
{
    if (!k->trace)
        return;
    /* absolute, without "." and "..": TRACE=. inside a trace folder names
     * it too (the names as written: symbolic links are not followed) */
    char path[4096];
    absolute_path(k->trace, path, sizeof path);
    struct stat st;
    if (stat(k->trace, &st) == 0 && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(path, '/');
        if (slash)
            *slash = 0;
        else
            snprintf(path, sizeof path, ".");
    }
    /* the trace's own folder, then the folder holding it; no further up,
     * where a checkout's own path could name a configuration by chance */
    const struct nvdla_config *found = NULL;
    for (int level = 0; level < 2 && !found; level++) {
        size_t n = strlen(path);
        while (n > 1 && path[n - 1] == '/')
            path[--n] = 0;
        char *slash = strrchr(path, '/');
        const char *base = slash ? slash + 1 : path;
        found = config_named(base, strlen(base));
        if (!slash || slash == path)
            break;
        *slash = 0;
    }
    if (!found)
        return;
    if (!k->config_given) {
        k->config = found->name;
        k->config_from = "the trace folder name";
    } else if (strcmp(found->name, k->config)) {
        snprintf(k->config_conflict, sizeof k->config_conflict, "%s", found->name);
    }
}

/* NVDLA_CONFIG names a configuration of nvdla_configs.csv. */
static int check(const struct sim_knobs *k, char *err, size_t len)
{
    if (!k->config || nvdla_config_find(k->config))
        return 0;
    char names[256];
    nvdla_config_names(names, sizeof names);
    snprintf(err, len, "NVDLA_CONFIG: unknown configuration '%s' (one of %s)", k->config, names);
    return -1;
}

const struct sim_knobs_family nvdla_knobs = { "nvdla", nvdla_knobs_config_from_trace, check };
