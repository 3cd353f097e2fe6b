#include "CSQLiteSettings.h"
#include <sqlite3.h>

int keyform_sqlite_cache_pages_on_demand(void) {
    // No buffer of SQLite's own and no pages in it: no bulk allocation at a
    // connection's first read (SQLITE_DEFAULT_PCACHE_INITSZ, 20 pages by default).
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
