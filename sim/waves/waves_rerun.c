/* waves_rerun: see waves_rerun.h. The rerun is this same program
 * (/proc/self/exe), so it is the same build of the same RTL. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sim_harness.h"
#include "waves_rerun.h"

/* The "first failure: " line of the rerun's log, or "" (no such line). */
static void rerun_first_failure(const char *log, char *out, size_t n)
{
    out[0] = 0;
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char line[2048];
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "first failure: ", 15)) {
            line[strcspn(line, "\n")] = 0;
            size_t len = strlen(line + 15);
            if (len >= n)
                len = n - 1;
            memcpy(out, line + 15, len);
            out[len] = 0;
            break;
        }
    }
    fclose(f);
}

int sim_waves_rerun(const struct sim_knobs *k, uint64_t fail_cycle, const char *first_failure)
{
    int argc;
    char **argv;
    sim_harness_args(&argc, &argv);
    char path[4096], log[4096], from[32], to[32];
    snprintf(path, sizeof path, "%s/waves.%s", k->out_dir, k->waves_fst ? "fst" : "vcd");
    snprintf(log, sizeof log, "%s/waves-rerun.log", k->out_dir);
    uint64_t first = fail_cycle > k->waves_on_fail ? fail_cycle - k->waves_on_fail : 0;
    snprintf(from, sizeof from, "%" PRIu64, first);
    snprintf(to, sizeof to, "%" PRIu64, fail_cycle);
    char **args = calloc((size_t)argc + 8, sizeof *args);
    if (!args)
        return -1;
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--waves-on-fail") && i + 1 < argc) {
            i++;
            continue;
        }
        args[n++] = argv[i];
    }
    char a_waves[] = "--waves", a_from[] = "--waves-from", a_to[] = "--waves-to", a_fst[] = "--waves-fst";
    args[n++] = a_waves;
    args[n++] = path;
    args[n++] = a_from;
    args[n++] = from;
    args[n++] = a_to;
    args[n++] = to;
    if (k->waves_fst)
        args[n++] = a_fst;
    args[n] = NULL;
    printf("waves: the run failed at cycle %" PRIu64 ": running it again with the same seed and knobs to dump "
           "cycles %s..%s (log: %s)\n", fail_cycle, from, to, log);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        printf("waves: cannot rerun: %s\n", strerror(errno));
        free(args);
        return -1;
    }
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        execv("/proc/self/exe", args);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    free(args);
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (rc != 1) {
        printf("waves: the rerun %s (exit %d), so its waves may not show this failure: see %s\n",
               rc == 0 ? "passed" : "did not end as a test failure", rc, log);
        return -1;
    }
    /* deterministic for a seed, so the rerun must fail identically; if it
     * does not (a model reading the wall clock, say), the waves would lie */
    char again[1024];
    rerun_first_failure(log, again, sizeof again);
    if (first_failure && first_failure[0] && strcmp(again, first_failure)) {
        printf("waves: the rerun failed differently, so %s may not show this failure: expected first failure "
               "'%s', actual '%s' (see %s)\n", path, first_failure, again, log);
        return -1;
    }
    printf("waves: %s (cycles %s..%s of the rerun, which failed the same way)\n", path, from, to);
    return 0;
}
