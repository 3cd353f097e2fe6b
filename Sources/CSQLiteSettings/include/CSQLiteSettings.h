#ifndef KEYFORM_CSQLITESETTINGS_H
#define KEYFORM_CSQLITESETTINGS_H

/// Has each SQLite connection of this process take its page cache's memory a
/// page at a time, as pages are read, instead of a block of 20 pages (some
/// 86 kB, all of it touched) when it opens (DECISIONS 102): a form's store
/// reads a few pages. `sqlite3_config` is variadic, which Swift cannot call.
/// Only before SQLite is first used in the process: returns SQLite's result
/// code (SQLITE_MISUSE, changing nothing, once it has been used).
int keyform_sqlite_cache_pages_on_demand(void);

#endif
