/* replay_main: a fuzz target without libFuzzer, for make test (fuzz-replay):
 * LLVMFuzzerTestOneInput once on every file named, or on every file of every
 * folder named (not recursive), in name order. A crash is the test's
 * failure; the last line says how many inputs ran. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    int bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return -1;
    }
    /* a copy of exactly the file's size, so ASan sees a read past the end */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    unsigned ran = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) {
            perror(argv[i]);
            bad = 1;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]) != 0;
            ran++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            perror(argv[i]);
            bad = 1;
            continue;
        }
        char **names = NULL;
        size_t nn = 0;
        for (struct dirent *e; (e = readdir(d));) {
            if (e->d_name[0] == '.')
                continue;
            char **nm = realloc(names, (nn + 1) * sizeof *names);
            if (!nm)
                break;
            names = nm;
            size_t l = strlen(argv[i]) + strlen(e->d_name) + 2;
            if (!(names[nn] = malloc(l)))
                break;
            snprintf(names[nn++], l, "%s/%s", argv[i], e->d_name);
        }
        closedir(d);
        qsort(names, nn, sizeof *names, by_name);
        for (size_t j = 0; j < nn; j++) {
            struct stat fs;
            if (!stat(names[j], &fs) && S_ISREG(fs.st_mode)) {
                bad |= run_file(names[j]) != 0;
                ran++;
            }
            free(names[j]);
        }
        free(names);
    }
    if (bad)
        printf("%s: %u inputs, some unreadable\n", argv[0], ran);
    else
        printf("%s: %u inputs, none crashed\n", argv[0], ran);
    return bad;
}
