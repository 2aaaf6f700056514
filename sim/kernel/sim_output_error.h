/* sim_output_error.h: a file of the run's output (a dump, a report) that could
 * not be written. Such a run has no verdict: the simulator's main() ends it
 * with exit status 2 and the path and reason, never PASS (issue 27). One run
 * per process, so the record is the process's. */
#ifndef SIM_OUTPUT_ERROR_H
#define SIM_OUTPUT_ERROR_H

/* Record (the first is kept) and print to stderr "output: <message>". */
void sim_output_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The first recorded message, or NULL when every file was written. */
const char *sim_output_error_first(void);
/* Forget the record (a unit test's next case). */
void sim_output_error_clear(void);

#endif
