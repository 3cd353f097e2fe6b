#ifndef KEYFORM_CREADLINE_SHIM_H
#define KEYFORM_CREADLINE_SHIM_H
// readline.h needs FILE from stdio.h declared first.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// Swift 6 rejects direct access to readline's mutable C globals as not
// concurrency-safe; these accessors keep every such access in one place.
static inline const char *shim_library_version(void) { return rl_library_version; }
static inline int shim_readline_version(void) { return rl_readline_version; }

#endif
