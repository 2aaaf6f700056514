/* sim_serve: see sim_serve.h. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sim_cli.h"
#include "sim_serve.h"

#define SERVE_MAX_WORDS 4096u
/* a child that does not end on SIGTERM within this is killed (as simrun.py) */
#define SERVE_KILL_GRACE_S 5

/* the options whose value is the run's own: a run differing only there
 * shares the server's reset */
static int per_run_option(const char *w)
{
    return !strcmp(w, "--test") || !strcmp(w, "--trace") || !strcmp(w, "--out-dir");
}

/* NULL when the run's words are the template's but for the per-run values;
 * else what differs (in why). */
static const char *same_kind(char **tmpl, unsigned n_tmpl, char **words, unsigned n, char *why, size_t len)
{
    if (n != n_tmpl) {
        snprintf(why, len, "%u arguments, the server's template has %u", n, n_tmpl);
        return why;
    }
    for (unsigned i = 0; i < n; i++)
        if (strcmp(words[i], tmpl[i]) && !(i > 0 && per_run_option(tmpl[i - 1]))) {
            snprintf(why, len, "argument %u is '%.200s', the server's is '%.200s'", i + 1, words[i], tmpl[i]);
            return why;
        }
    return NULL;
}

static void free_words(char **w, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        free(w[i]);
    free(w);
}

/* One line of stdin without its newline (malloc'd), NULL at the end. */
static char *read_line(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got = getline(&line, &cap, stdin);
    if (got < 0) {
        free(line);
        return NULL;
    }
    if (got > 0 && line[got - 1] == '\n')
        line[got - 1] = '\0';
    return line;
}

/* A run request: 0, 1 at the end of stdin, -1 malformed (why filled). */
static int read_job(unsigned *timeout, char **log, char ***words, unsigned *n, char *why, size_t len)
{
    char *head = read_line();
    if (!head)
        return 1;
    unsigned count, secs;
    char extra;
    if (sscanf(head, "run %u %u %c", &count, &secs, &extra) != 2 || count == 0 || count > SERVE_MAX_WORDS) {
        snprintf(why, len, "expected 'run <1..%u words> <timeout>', got '%.200s'", SERVE_MAX_WORDS, head);
        free(head);
        return -1;
    }
    free(head);
    *log = read_line();
    char **w = calloc(count + 2u, sizeof *w);   /* the program name first, NULL last */
    if (!*log || !w) {
        snprintf(why, len, "the request ended before its log path");
        free(*log);
        free(w);
        return -1;
    }
    for (unsigned i = 1; i <= count; i++)
        if (!(w[i] = read_line())) {
            snprintf(why, len, "the request ended after %u of its %u words", i - 1, count);
            free(*log);
            free_words(w, i);
            return -1;
        }
    *timeout = secs;
    *words = w;
    *n = count;
    return 0;
}

/* A child's DUT is not destroyed: a Verilated model's context waits there
 * for its thread pool, whose threads stayed in the server (fork copies only
 * the calling thread). The child ends right after; the server frees it. */
static void keep_dut(struct dut *d)
{
    (void)d;
}

/* The child: the run from the end of reset, as a fresh process would go
 * on. SIM_SERVE_MISMATCH when what the test itself adjusts (its family,
 * configuration, watchdog) does not suit this reset. */
static int child_run(struct sim *s, const struct sim_knobs *sk, const struct main_family *sfam, int reset_rc, int argc,
                     char **argv)
{
    struct sim_knobs k;
    const struct main_family *fam = NULL;
    char name[512];
    int rc = sim_cli_front(&k, argc, argv, &fam, name, sizeof name);
    if (rc >= 0)
        return rc;
    if (fam != sfam || strcmp(k.config ? k.config : "", sk->config ? sk->config : "") || strcmp(k.dut, sk->dut) ||
        (k.max_cycles && k.max_cycles <= s->env.cycle)) {
        fprintf(stderr, "sim --serve: this run's family, configuration, DUT or watchdog differ from the server's "
                        "reset: run it fresh\n");
        return SIM_SERVE_MISMATCH;
    }
    if ((rc = sim_cli_announce(&k, fam, name)) >= 0)
        return rc;
    if (sim_cli_check_dut(fam, s->dut, &k)) {
        if (fam->end)
            fam->end();
        return 2;
    }
    /* the run's own knobs from here (its test, folder, watchdog): the rest are the server's */
    s->knobs = k;
    s->env.verbose = k.verbose;
    s->dut->destroy = keep_dut;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    return sim_cli_after_reset(s, &k, fam, name, reset_rc, t0);
}

static int status_of(int st)
{
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? -WTERMSIG(st) : -1;
}

/* Waits for the child (SIGCHLD blocked), ending it after timeout seconds
 * (0: never): its status as status_of. */
static int wait_child(pid_t pid, unsigned timeout, int *timed_out)
{
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int st, killed = 0;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            return status_of(st);
        if (r < 0 && errno != EINTR)
            return -1;
        if (!timeout) {
            sigwaitinfo(&chld, NULL);
            continue;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        double left = (double)timeout + (killed ? SERVE_KILL_GRACE_S : 0) -
                      ((double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9);
        if (left <= 0) {
            *timed_out = 1;
            kill(pid, killed ? SIGKILL : SIGTERM);
            killed++;
            continue;
        }
        struct timespec ts = { (time_t)left, (long)((left - (double)(time_t)left) * 1e9) };
        sigtimedwait(&chld, NULL, &ts);
    }
}

static int refuse(FILE *reply, const char *why)
{
    fprintf(reply, "refused %s\n", why);
    fflush(reply);
    fprintf(stderr, "sim --serve: %s\n", why);
    return 2;
}

int sim_serve(int argc, char **argv)
{
    /* the answers on a private copy of stdout; stdout itself (what the
     * model prints while the server resets) goes to stderr */
    int reply_fd = dup(1), err_fd = dup(2);
    FILE *reply = reply_fd >= 0 ? fdopen(reply_fd, "w") : NULL;
    if (!reply || err_fd < 0 || dup2(2, 1) < 0) {
        fprintf(stderr, "sim --serve: cannot set up the answer channel: %s\n", strerror(errno));
        return 2;
    }
    if (sim_harness != &sim_harness_c)
        return refuse(reply, "only the C harness serves runs");
    /* the template: the program name and the arguments after --serve */
    int targc = argc - 1;
    char **targv = calloc((size_t)argc, sizeof *targv);
    if (!targv)
        return refuse(reply, "out of memory");
    targv[0] = argv[0];
    for (int i = 2; i < argc; i++)
        targv[i - 1] = argv[i];
    struct sim_knobs k;
    const struct main_family *fam = NULL;
    char name[512], err[2048] = "";
    int rc = sim_cli_front(&k, targc, targv, &fam, name, sizeof name);
    if (rc >= 0) {
        snprintf(err, sizeof err, "the template run did not start (exit status %d, the reason above)", rc);
        return refuse(reply, err);
    }
    if (fam->end)
        fam->end();   /* the template's test: each child finds its own */
    if (!k.seed_given)
        return refuse(reply, "the template has no --seed (each fresh run would pick its own)");
    if (k.waves || k.waves_on_fail)
        return refuse(reply, "waves are dumped from cycle 0 by a fresh run");
    if (fam->before_reset)
        return refuse(reply, "the family sets pins per test before reset");
    /* what the model prints while it is built and reset would be missing
     * from every child's log: caught, and then no run is served */
    FILE *caught = tmpfile();
    fflush(NULL);
    if (!caught || dup2(fileno(caught), 1) < 0 || dup2(fileno(caught), 2) < 0) {
        dup2(err_fd, 1);
        dup2(err_fd, 2);
        return refuse(reply, "cannot catch the model's output during reset");
    }
    struct dut *d = fam->create_dut(&k, err, sizeof err);
    static struct sim s;
    int reset_rc = -1;
    if (d && !sim_init(&s, &k, fam->sim, d, err, sizeof err))
        reset_rc = sim_reset(&s);
    fflush(NULL);
    off_t printed = lseek(fileno(caught), 0, SEEK_END);
    dup2(err_fd, 2);
    dup2(err_fd, 1);
    if (printed != 0) {   /* shown in the server's log */
        char buf[4096];
        size_t got;
        fseek(caught, 0, SEEK_SET);
        while ((got = fread(buf, 1, sizeof buf, caught)) > 0)
            fwrite(buf, 1, got, stderr);
    }
    fclose(caught);
    if (!d)
        return refuse(reply, err);
    if (reset_rc || printed != 0) {
        if (!err[0])
            snprintf(err, sizeof err, "%s", reset_rc ? "the reset did not complete (the reason above): each run resets "
                                                       "on its own" : "the model printed while it was built or reset "
                                                       "(above): a child's log would lack it");
        sim_free(&s);
        return refuse(reply, err);
    }
    sigset_t chld, old;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, &old);
    fprintf(reply, "ready %" PRIu64 "\n", s.env.cycle);
    fflush(reply);
    for (;;) {
        unsigned timeout, n;
        char *log, **words;
        int got = read_job(&timeout, &log, &words, &n, err, sizeof err);
        if (got == 1)
            break;
        if (got < 0) {
            fprintf(stderr, "sim --serve: bad request: %s\n", err);
            sim_free(&s);
            return 2;
        }
        words[0] = targv[0];
        if (same_kind(targv + 1, (unsigned)targc - 1, words + 1, n, err, sizeof err)) {
            fprintf(reply, "mismatch %s\n", err);
        } else {
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                sigprocmask(SIG_SETMASK, &old, NULL);
                int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
                int null = open("/dev/null", O_RDONLY);
                if (fd < 0 || null < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 || dup2(null, 0) < 0)
                    _exit(2);
                close(fd);
                close(null);
                close(err_fd);
                fclose(reply);
                exit(child_run(&s, &k, fam, reset_rc, (int)n + 1, words));
            }
            if (pid < 0) {
                fprintf(reply, "mismatch fork failed: %s\n", strerror(errno));
            } else {
                int timed_out = 0;
                int st = wait_child(pid, timeout, &timed_out);
                fprintf(reply, "%s %d\n", timed_out ? "timeout" : "exit", st);
            }
        }
        fflush(reply);
        words[0] = NULL;
        free(log);
        free_words(words, n + 1);
    }
    sim_free(&s);
    free(targv);
    fclose(reply);
    return 0;
}
