#include "CArguments.h"
#include <stdlib.h>  // NULL, and <features.h> (which says __GLIBC__)
#include <unistd.h>  // environ

extern char **environ;

static int saved_count = 0;
static char *const *saved_arguments = NULL;

#if defined(__linux__) && defined(__GLIBC__)
// glibc passes argc, argv and envp to the functions of `.init_array` (the
// System V ABI leaves it open; musl passes nothing, so it is glibc only).
static void keep_arguments(int count, char **arguments, char **environment) {
    (void)environment;
    saved_count = count;
    saved_arguments = arguments;
}

__attribute__((section(".init_array"), used))
static void (*const keep_arguments_entry)(int, char **, char **) = keep_arguments;
#endif

char *const *keyform_arguments(int *count) {
    *count = saved_count;
    return saved_arguments;
}

char *const *keyform_environment(void) {
    return environ;
}
