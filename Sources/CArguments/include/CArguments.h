#ifndef KEYFORM_CARGUMENTS_H
#define KEYFORM_CARGUMENTS_H

/// The process's argument vector as the C library handed it to the program,
/// kept before `main` runs: Swift's `CommandLine.arguments` reads
/// /proc/self/cmdline on Linux, which a bare chroot or a sandbox may not have.
/// Returns NULL (and 0 in `*count`) where the C library does not hand it over
/// (glibc does: it calls each function of `.init_array` with argc, argv, envp).
char *const *keyform_arguments(int *count);

/// The process's environment as it is now (the C library's `environ`, which
/// `setenv` changes): read by Swift without Foundation's `ProcessInfo`, which
/// builds a dictionary of every variable through its string encodings on each read.
char *const *keyform_environment(void);

#endif
